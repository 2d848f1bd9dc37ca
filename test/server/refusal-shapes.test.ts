/**
 * The servers' own refusals (404, 405, 401, 400, 413, 431, 500, 501) are written in each
 * document's error shape, as the model decided it (model.errorConventions.refusal), through
 * the one pipeline: a started generated server (createRequestListener + createHttpServer of the
 * generated server.ts), the Prism mock's front and the generated MSW handlers. Documents:
 * ours (`{result, msg, code}`), a GitHub-like `{message}` one, a Stripe-like
 * `{error: {message, code, type}}` one (a required `type` enum, filled by the refusal's class) and
 * one whose errors declare no body (test/fixtures/refusals/). Each refusal must validate against the
 * operation's documented error schema (the fixtures' schemas forbid extra fields, so a field of
 * ours that the document does not have fails), and carry the words where the document reads
 * them. Real parts only: the CLI generates the bindings, real sockets, msw/node intercepts fetch.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields } from '../../contract-runner/error-fields.js';
import { startPrismMock, type RunningMock } from '../../mock/prism/start.js';
import { listenLoopback, stopServer } from '../loopback-server.js';

const run = promisify(execFile);
const SCRATCH = resolve('test-artifacts', `refusal-shapes-${process.pid}`);

interface Doc {
  name: string;
  /** where the bindings are: ours are the committed ones */
  dir: string;
  contract?: string;
  /** the error shape a reader of this document uses (errorFields) */
  shape?: { message: string; code?: string; within?: string };
  /** every refusal's top-level keys */
  keys: string[];
  /** a required enum field filled by the refusal's class (Stripe's `error.type`): where, and its values */
  byClass?: { at: (body: Record<string, unknown>) => unknown; client: string; server: string };
  /** what a `send` body of this document looks like, and its media type */
  body: { type: string; text: string };
}

const DOCS: Doc[] = [
  {
    name: 'ours',
    dir: resolve('generated'),
    shape: { message: 'msg', code: 'code' },
    keys: ['result', 'msg', 'code'],
    body: {
      type: 'application/x-www-form-urlencoded',
      text: 'type=stream&to=general&topic=t&content=',
    },
  },
  {
    name: 'message',
    dir: join(SCRATCH, 'message'),
    contract: 'test/fixtures/refusals/message.yaml',
    shape: { message: 'message' },
    keys: ['message'],
    body: { type: 'application/json', text: '{"content":"' },
  },
  {
    name: 'nested',
    dir: join(SCRATCH, 'nested'),
    contract: 'test/fixtures/refusals/nested.yaml',
    shape: { message: 'message', code: 'code', within: 'error' },
    keys: ['error'],
    byClass: {
      at: (body) => (body.error as Record<string, unknown>).type,
      client: 'invalid_request_error',
      server: 'api_error',
    },
    body: { type: 'application/json', text: '{"content":"' },
  },
  {
    name: 'none',
    dir: join(SCRATCH, 'none'),
    contract: 'test/fixtures/refusals/none.yaml',
    keys: ['message'],
    body: { type: 'application/json', text: '{"content":"' },
  },
];

interface Bindings {
  server: {
    createRequestListener(options: Record<string, unknown>): (...args: never[]) => unknown;
    createHttpServer(listener: unknown, timeouts?: Record<string, unknown>): Server;
  };
  msw: { createExampleHandlers(options: { baseUrl: string }): never[] };
  validators: {
    validateResponse(
      id: string,
      status: number,
      body: unknown,
    ): { valid: boolean; errors?: { pointer: string; message: string }[] };
  };
}

const bindings = new Map<string, Bindings>();
const servers = new Map<string, { base: string; server: Server }>();
const mocks = new Map<string, RunningMock>();
let msw: ReturnType<typeof setupServer>;
const AUTH = { authorization: `Basic ${btoa('ada@example.com:key')}` };

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  await Promise.all(
    DOCS.filter((d) => d.contract).map((d) =>
      run(
        process.execPath,
        [
          'bin/tms-gen.js',
          '--quiet',
          '--no-cache',
          '--contract',
          d.contract!,
          '--out',
          d.dir,
          '--only',
          'types,operations,client,validators,server,runtime,msw,prism',
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      ),
    ),
  );
  for (const d of DOCS) {
    const load = (file: string) => import(pathToFileURL(join(d.dir, file)).href);
    const b: Bindings = {
      server: await load('server.ts'),
      msw: await load('msw.ts'),
      validators: await load('validators.js'),
    };
    bindings.set(d.name, b);
    // getMessage throws (a 500); sendMessage has no handler (a 501).
    const listener = b.server.createRequestListener({
      handlers: {
        getMessage: () => {
          throw new Error('planted');
        },
      },
      authenticate: (c: { type: string; password?: string; apiKey?: string }) =>
        c.type === 'basic' && (c.password ?? c.apiKey) ? { id: 1 } : null,
      maxBodyBytes: 64,
      logger: { error: () => {} },
    });
    const server = b.server.createHttpServer(listener, { maxHeaderBytes: 4096 });
    const port = await listenLoopback(server);
    servers.set(d.name, { base: `http://127.0.0.1:${port}/api/v1`, server });
  }
  // The Prism mock's front, on each document's generated Prism document and operation table.
  for (const d of DOCS) mocks.set(d.name, await startPrismMock({ generatedDir: d.dir }));
  msw = setupServer(
    ...DOCS.flatMap((d) =>
      bindings.get(d.name)!.msw.createExampleHandlers({ baseUrl: `https://${d.name}.test/api/v1` }),
    ),
  );
}, 240_000);

afterAll(async () => {
  msw?.close();
  await Promise.all([...mocks.values()].map((m) => m.stop()));
  await Promise.all([...servers.values()].map(({ server }) => stopServer(server)));
  rmSync(SCRATCH, { recursive: true, force: true });
});

/** A POST /messages whose body's text ends with `words` (a JSON body's string closed after them). */
const postMessage = (d: Doc, words: string) => ({
  path: '/messages',
  init: {
    method: 'POST',
    headers: { ...AUTH, 'content-type': d.body.type },
    body: d.body.text + words + (d.body.type === 'application/json' ? '"}' : ''),
  },
});

interface Case {
  what: string;
  status: number;
  /** the servers' code for it (LISTENER_ERROR_CODES) */
  code: string;
  /** words the message must carry */
  says: RegExp;
  request: (d: Doc) => { path: string; init: RequestInit };
  /** only the started server (a parser refusal, a handler's fault) */
  serverOnly?: boolean;
  /** only the MSW handlers */
  mswOnly?: boolean;
}

const CASES: Case[] = [
  {
    what: 'no such endpoint',
    status: 404,
    code: 'NOT_FOUND',
    says: /No such endpoint/,
    // MSW hands a request no handler's pattern matches on (to the network or the next handler).
    serverOnly: true,
    request: () => ({ path: '/nowhere', init: {} }),
  },
  {
    what: 'method not allowed',
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    says: /not allowed/,
    serverOnly: true,
    request: () => ({ path: '/messages', init: { method: 'PUT' } }),
  },
  {
    what: 'credentials missing',
    status: 401,
    code: 'UNAUTHORIZED',
    says: /Authentication required/,
    request: () => ({ path: '/messages/1', init: {} }),
  },
  {
    what: 'credentials malformed',
    status: 401,
    code: 'UNAUTHORIZED',
    says: /Invalid credentials/,
    request: () => ({ path: '/messages/1', init: { headers: { authorization: 'Basic !!' } } }),
  },
  {
    what: 'invalid parameter',
    status: 400,
    code: 'BAD_REQUEST',
    says: /Invalid request/,
    request: () => ({ path: '/messages/abc', init: { headers: AUTH } }),
  },
  {
    what: 'body too large',
    status: 413,
    code: 'REQUEST_TOO_LARGE',
    says: /larger than/,
    serverOnly: true,
    request: (d) => postMessage(d, 'x'.repeat(200)),
  },
  {
    what: 'headers too large (node’s parser)',
    status: 431,
    code: 'REQUEST_HEADERS_TOO_LARGE',
    says: /headers are too large/,
    serverOnly: true,
    request: () => ({ path: '/messages/1', init: { headers: { 'x-big': 'y'.repeat(8000) } } }),
  },
  {
    what: 'a handler throws',
    status: 500,
    code: 'INTERNAL_SERVER_ERROR',
    says: /Internal server error/,
    serverOnly: true,
    request: () => ({ path: '/messages/1', init: { headers: AUTH } }),
  },
  {
    what: 'no handler',
    status: 501,
    code: 'NOT_IMPLEMENTED',
    says: /not implemented/,
    serverOnly: true,
    request: (d) => postMessage(d, 'hi'),
  },
  {
    what: 'no such example',
    status: 501,
    code: 'NOT_IMPLEMENTED',
    says: /no example named 'absent'/,
    mswOnly: true,
    request: () => ({
      path: '/messages/1',
      init: { headers: { ...AUTH, prefer: 'example=absent' } },
    }),
  },
];

/** The operation a refusal is checked against: its documented error schema (`default`). */
const OPERATION_OF = (path: string) =>
  path.startsWith('/messages/') ? 'getMessage' : 'sendMessage';

function check(d: Doc, c: Case, path: string, status: number, text: string) {
  expect(status, `${d.name}: ${c.what}`).toBe(c.status);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body), `${d.name}: ${c.what}: ${text}`).toEqual(d.keys);
  // Validates against the operation's documented error schema, when the document has one.
  const verdict = bindings
    .get(d.name)!
    .validators.validateResponse(OPERATION_OF(path), status, body);
  expect(verdict.errors ?? [], `${d.name}: ${c.what}: ${text}`).toEqual([]);
  expect(verdict.valid).toBe(true);
  // The words (and code, where the document's errors carry one) where its readers look.
  const fields = d.shape ? errorFields(body, d.shape) : { msg: body.message as string };
  expect(fields.msg).toMatch(c.says);
  if (d.byClass)
    expect(d.byClass.at(body)).toBe(c.status >= 500 ? d.byClass.server : d.byClass.client);
  if (d.shape?.code) expect(fields.code).toBe(c.code);
  else expect(JSON.stringify(body)).not.toContain(c.code);
}

describe.each(DOCS.map((d) => [d.name, d] as const))('refusals of %s', (_name, d) => {
  it.each(CASES.filter((c) => !c.mswOnly).map((c) => [c.what, c] as const))(
    'started server: %s',
    async (_what, c) => {
      const { path, init } = c.request(d);
      const response = await fetch(servers.get(d.name)!.base + path, init);
      check(d, c, path, response.status, await response.text());
    },
  );

  it.each(CASES.filter((c) => !c.mswOnly && c.status < 413).map((c) => [c.what, c] as const))(
    'Prism front: %s',
    async (_what, c) => {
      const { path, init } = c.request(d);
      const response = await fetch(mocks.get(d.name)!.baseUrl + path, init);
      check(d, c, path, response.status, await response.text());
    },
  );

  it.each(CASES.filter((c) => !c.serverOnly).map((c) => [c.what, c] as const))(
    'MSW handlers: %s',
    async (_what, c) => {
      const { path, init } = c.request(d);
      msw.listen({ onUnhandledRequest: 'error' });
      try {
        const response = await fetch(`https://${d.name}.test/api/v1${path}`, init);
        check(d, c, path, response.status, await response.text());
      } finally {
        msw.close();
      }
    },
  );
});
