/**
 * The one request pipeline (runtime/pipeline.ts) behind its two faces: the node:http listener
 * over loopback and the web `Request`/`Response` handler called in-process. The same requests
 * must get the same answers (status, envelope, CORS headers) through both; and the Prism front,
 * the third user of the pipeline, words the same fault the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, basePath } from '../../generated/operations.js';
import * as validators from '../../generated/validators.js';
import { ok } from '../../generated/server.js';
import { createFetchHandler, type Credentials, type Handler } from '../../runtime/server.js';
import { startPrismMock, type RunningMock } from '../../mock/prism/start.js';
import { ADA, basic, send, serve, USERS, type Running, type TestUser } from './helpers.js';

const handlers: Record<string, Handler<TestUser> | undefined> = {
  sendMessage: (params, { user }) =>
    ok({ id: (user?.id ?? 0) * 1000 + String(params.content).length }),
  getUsers: (_p, { user }) => ok({ members: [], who: user?.email ?? null }),
};

const authenticate = (credentials: Credentials) => {
  if (credentials.type !== 'basic') return null;
  const { email, apiKey } = credentials;
  const u = USERS[email];
  return u && u.key === apiKey ? { id: u.id, email: u.email } : null;
};

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** Requests every face must answer alike: [name, method, path, headers, body]. */
const CASES: [string, string, string, Record<string, string>, string?][] = [
  [
    'valid form body',
    'POST',
    '/messages',
    { authorization: ADA, 'content-type': 'application/x-www-form-urlencoded' },
    'type=direct&to=%5B7%5D&content=hello&extra=1',
  ],
  [
    'missing required field',
    'POST',
    '/messages',
    { authorization: ADA, 'content-type': 'application/x-www-form-urlencoded' },
    'type=direct&to=%5B7%5D',
  ],
  [
    'JSON field nested 10,000 levels',
    'POST',
    '/register',
    { authorization: ADA, 'content-type': 'application/x-www-form-urlencoded' },
    `client_capabilities=${encodeURIComponent(deep(10_000))}`,
  ],
  [
    'no credentials',
    'POST',
    '/messages',
    { 'content-type': 'application/x-www-form-urlencoded' },
    'type=direct&to=%5B7%5D&content=hello',
  ],
  ['wrong credentials', 'GET', '/users', { authorization: basic('ada@example.com', 'nope') }],
  ['malformed credentials', 'GET', '/users', { authorization: 'Basic !!!' }],
  ['unknown path', 'GET', '/nope', { authorization: ADA }],
  ['wrong method', 'DELETE', '/users', { authorization: ADA }],
  ['not implemented', 'GET', '/streams', { authorization: ADA }],
  [
    'CORS simple request from a page opened from disk',
    'GET',
    '/users',
    { authorization: ADA, origin: 'null' },
  ],
  [
    'CORS preflight',
    'OPTIONS',
    '/messages',
    {
      origin: 'http://app.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  ],
];

interface Seen {
  status: number;
  body: unknown;
  cors: string | null;
  allowHeaders: string | null;
}

async function read(response: Response): Promise<Seen> {
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? '' : JSON.parse(text),
    cors: response.headers.get('access-control-allow-origin'),
    allowHeaders: response.headers.get('access-control-allow-headers'),
  };
}

let running: Running;
const fetchFace = createFetchHandler<TestUser>({
  handlers,
  operations,
  validators,
  authenticate,
  basePath,
  cors: true,
  logger: { error: () => {} },
});

beforeAll(async () => {
  running = await serve(handlers, { cors: true });
});
afterAll(() => running.close());

describe('one pipeline, two faces', () => {
  for (const [name, method, path, headers, body] of CASES) {
    it(`node:http and web Request give the same answer: ${name}`, async () => {
      const url = `${running.base}${basePath}${path}`;
      const overHttp = await read(await fetch(url, { method, headers, body }));
      const inProcess = await read(await fetchFace(new Request(url, { method, headers, body })));
      expect(inProcess).toEqual(overHttp);
      if (overHttp.status !== 204) {
        const envelope = overHttp.body as Record<string, unknown>;
        expect(['success', 'error']).toContain(envelope.result);
        expect(typeof envelope.msg).toBe('string');
      }
    });
  }

  it('answers what each case is about', async () => {
    const answers = await Promise.all(
      CASES.map(([, method, path, headers, body]) =>
        fetchFace(new Request(`http://x${basePath}${path}`, { method, headers, body })).then(read),
      ),
    );
    const [valid, missing, deepOne, none, wrong, malformed, nope, method, unimpl, cors, pre] =
      answers;
    expect(valid).toMatchObject({
      status: 200,
      body: { result: 'success', id: 1005, ignored_parameters_unsupported: ['extra'] },
    });
    expect(missing.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid request: `content` is required (in body)',
    });
    expect(deepOne.status).toBe(400);
    expect((deepOne.body as { msg: string }).msg).toMatch(
      /`client_capabilities` .*nests deeper than 64 levels/,
    );
    expect([none.status, wrong.status, malformed.status]).toEqual([401, 401, 401]);
    expect([nope.status, method.status, unimpl.status]).toEqual([404, 405, 501]);
    expect(cors).toMatchObject({ status: 200, cors: '*' });
    expect(pre).toMatchObject({
      status: 204,
      cors: '*',
      allowHeaders: 'authorization, content-type',
    });
  });

  it('refuses two Authorization headers (node would keep the first)', async () => {
    const r = await new Promise<string>((resolve, reject) => {
      import('node:net').then(({ connect }) => {
        const url = new URL(running.base);
        const socket = connect(Number(url.port), url.hostname, () =>
          socket.write(
            `GET ${basePath}/users HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADA}\r\n` +
              `Authorization: ${basic('eve@example.com', 'x')}\r\nConnection: close\r\n\r\n`,
          ),
        );
        let text = '';
        socket.on('data', (d) => (text += d));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      }, reject);
    });
    expect(r).toMatch(/^HTTP\/1.1 400/);
    expect(r).toContain('"msg":"Invalid request: send one Authorization header, not several."');
    const web = await read(
      await fetchFace(
        new Request(`http://x${basePath}/users`, {
          headers: [
            ['authorization', ADA],
            ['authorization', basic('eve@example.com', 'x')],
          ],
        }),
      ),
    );
    expect(web.status).toBe(400);
  });

  it('the generated listener without a cors option sends no CORS headers and treats OPTIONS as a method', async () => {
    const plain = await serve(handlers);
    try {
      const r = await fetch(`${plain.base}${basePath}/users`, {
        headers: { authorization: ADA, origin: 'http://app.example' },
      });
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      const pre = await send(`${plain.base}${basePath}/users`, {
        method: 'OPTIONS',
        headers: { origin: 'http://app.example', 'access-control-request-method': 'GET' },
      });
      expect(pre.status).toBe(405);
    } finally {
      await plain.close();
    }
  });

  it('as middleware with CORS, requests and preflights outside the base path go to next()', async () => {
    let passed = 0;
    const middleware = await serve(handlers, {
      cors: true,
      wrap: (listener) => (req, res) => {
        void listener(req, res, () => {
          passed++;
          res.writeHead(200, { 'content-type': 'text/plain' }).end('from next');
        });
      },
    });
    try {
      const pre = await fetch(`${middleware.base}/static/app.js`, {
        method: 'OPTIONS',
        headers: { origin: 'null', 'access-control-request-method': 'GET' },
      });
      expect(await pre.text()).toBe('from next');
      const api = await fetch(`${middleware.base}${basePath}/users`, {
        method: 'OPTIONS',
        headers: { origin: 'null', 'access-control-request-method': 'GET' },
      });
      expect(api.status).toBe(204);
      expect(api.headers.get('access-control-allow-origin')).toBe('*');
      expect(passed).toBe(1);
    } finally {
      await middleware.close();
    }
  });

  it('with a list of origins: allowed ones are echoed (Vary: Origin), others get no CORS headers', async () => {
    const listed = await serve(handlers, {
      cors: { origins: ['http://app.example', 'null'] },
    });
    try {
      const get = (origin: string) =>
        fetch(`${listed.base}${basePath}/users`, { headers: { authorization: ADA, origin } });
      const allowed = await get('http://app.example');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.example');
      expect(allowed.headers.get('vary')).toMatch(/origin/i);
      expect((await get('null')).headers.get('access-control-allow-origin')).toBe('null');
      const refused = await get('http://evil.example');
      expect(refused.status).toBe(200);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await listed.close();
    }
  });
});

describe('one wording for one fault', () => {
  let prism: RunningMock;
  beforeAll(async () => {
    prism = await startPrismMock({ port: 0 });
  });
  afterAll(() => prism.stop());

  it('the Prism front answers a preflight from a page opened from disk, and CORS on the answer', async () => {
    const pre = await fetch(`${prism.baseUrl}/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    const get = await fetch(`${prism.baseUrl}/users`, {
      headers: { authorization: ADA, origin: 'null' },
    });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('the Prism front and the generated listener answer a missing field, bad JSON, no credentials, a wrong path alike', async () => {
    const requests: [string, string, Record<string, string>, string?][] = [
      [
        'POST',
        '/messages',
        { authorization: ADA, 'content-type': 'application/x-www-form-urlencoded' },
        'type=direct&to=%5B7%5D',
      ],
      [
        'POST',
        '/messages/flags',
        { authorization: ADA, 'content-type': 'application/x-www-form-urlencoded' },
        'messages=%5B1&op=add&flag=read',
      ],
      [
        'POST',
        '/register',
        { authorization: ADA, 'content-type': 'application/x-www-form-urlencoded' },
        `client_capabilities=${encodeURIComponent(deep(10_000))}`,
      ],
      [
        'POST',
        '/messages',
        { 'content-type': 'application/x-www-form-urlencoded' },
        'type=direct&to=%5B7%5D&content=hello',
      ],
      ['GET', '/nope', { authorization: ADA }],
      ['PUT', '/users', { authorization: ADA }],
    ];
    for (const [method, path, headers, body] of requests) {
      const front = await send(`${prism.baseUrl}${path}`, { method, headers, body });
      const listener = await send(`${running.base}${basePath}${path}`, { method, headers, body });
      expect(front.status, `${method} ${path}`).toBe(listener.status);
      expect(front.body, `${method} ${path}`).toEqual(listener.body);
    }
  });
});
