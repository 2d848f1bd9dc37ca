/**
 * Generic output follows the document: three small documents (test/fixtures/auth/) that are not
 * ours, one with HTTP Bearer auth and `{message}` errors, one with an API key in the query (or a
 * header) and nested `{error: {message, code}}` errors, one with no security and no error body.
 * For each, the generated client sends what the document says to a recording server, the
 * generated listener authenticates by the same data, and the docs' curl sample (run by the real
 * curl through sh) sends the same credentials. Everything is real: the CLI generates, servers
 * listen on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlSample, encodeSampleInput } from '../../generator/emit/docs/curl-sample.js';
import { loadContract } from '../../generator/load/index.js';
import { sampleCredentials } from '../../generator/model/security.js';
import type { ApiModel } from '../../generator/model/types.js';
import { startRecordingServer, type RecordingServer } from './recording-server.js';

const run = promisify(execFile);
const FIXTURES = resolve('test/fixtures/auth');
// Inside the project, so the generated client resolves openapi-fetch from node_modules.
const SCRATCH = resolve('test-artifacts', `auth-${process.pid}`);
const DOCUMENTS = ['bearer', 'api-key-query', 'no-auth'] as const;
type Doc = (typeof DOCUMENTS)[number];

const curlPath = ['/usr/bin/curl', '/usr/local/bin/curl', '/bin/curl'].find((p) => existsSync(p));
if (!curlPath && process.env.CI) throw new Error('curl is missing and CI is set: install it');

type Module = Record<string, any>;
const clients = new Map<Doc, Module>();
const servers = new Map<Doc, Module>();
const models = new Map<Doc, ApiModel>();
let recorder: RecordingServer;
const listening: Server[] = [];

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  recorder = await startRecordingServer();
  await Promise.all(
    DOCUMENTS.map(async (doc) => {
      const out = join(SCRATCH, doc);
      await run(
        process.execPath,
        [
          'bin/tms-gen.js',
          '--quiet',
          '--contract',
          join(FIXTURES, `${doc}.yaml`),
          '--out',
          out,
          '--only',
          'types,operations,client,validators,server,runtime,prism',
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      clients.set(doc, await import(pathToFileURL(join(out, 'client.ts')).href));
      servers.set(doc, await import(pathToFileURL(join(out, 'server.ts')).href));
      const loaded = await loadContract(join(FIXTURES, `${doc}.yaml`));
      if (!loaded.ok) throw new Error(`${doc} does not load`);
      models.set(doc, loaded.contract.model);
    }),
  );
}, 180_000);

afterAll(async () => {
  await recorder?.close();
  await Promise.all(listening.map((s) => new Promise((done) => s.close(done))));
  rmSync(SCRATCH, { recursive: true, force: true });
});

const last = () => recorder.requests[recorder.requests.length - 1];
const client = (doc: Doc, options: Module = {}) =>
  clients.get(doc)!.createApiClient({ baseUrl: recorder.origin, ...options });

describe('the generated client sends what the document declares', () => {
  it('Bearer: the token in Authorization; none where the operation says `security: []`', async () => {
    const api = client('bearer', { auth: { token: 't-1' } });
    await api.getThing({ id: 5, verbose: true });
    expect(last().url).toBe('/v2/things/5?verbose=true');
    expect(last().headers.authorization).toBe('Bearer t-1');
    await api.getHealth();
    expect(last().url).toBe('/v2/health');
    expect(last().headers.authorization).toBeUndefined();
  });

  it('Bearer: `{message}` errors are API errors; email + apiKey (HTTP Basic) is refused as misuse', async () => {
    recorder.respond(() => ({
      status: 404,
      body: { message: 'Not Found', documentation_url: 'x' },
    }));
    const { error } = await client('bearer', { auth: { token: 't' } }).getThing({ id: 1 });
    recorder.respond(() => ({ body: {} }));
    expect(error).toEqual({
      kind: 'api',
      status: 404,
      code: '',
      msg: 'Not Found',
      message: 'Not Found',
      documentation_url: 'x',
    });
    expect(() => client('bearer', { email: 'a@b.c', apiKey: 'k' })).toThrow(/no HTTP Basic/);
    expect(() => client('bearer', { auth: { nope: 'x' } })).toThrow(/no such security scheme/);
    expect(() => client('bearer', { auth: { token: '' } })).toThrow(/non-empty string/);
    // a scheme left undefined is not given (typed: an optional member per scheme)
    expect(() => client('bearer', { auth: { token: undefined } })).not.toThrow();
  });

  it('API key in the query: one more query pair, encoded; the header alternative when that is the one given', async () => {
    await client('api-key-query', { auth: { queryKey: 'k 1/é' } }).getThing({
      id: 2,
      verbose: false,
    });
    expect(last().url).toBe('/things/2?verbose=false&api_key=k+1%2F%C3%A9'); // the wire model's query encoding, as every other query field
    expect(last().headers['x-api-key']).toBeUndefined();
    await client('api-key-query', { auth: { headerKey: 'h-1' } }).getThing({ id: 2 });
    expect(last().url).toBe('/things/2');
    expect(last().headers['x-api-key']).toBe('h-1');
    // Both given: the document's first alternative.
    await client('api-key-query', { auth: { headerKey: 'h', queryKey: 'q' } }).getThing({ id: 3 });
    expect(last().url).toBe('/things/3?api_key=q');
    expect(last().headers['x-api-key']).toBeUndefined();
  });

  it('API key: nested `{error: {message, code}}` errors are API errors with that code', async () => {
    const body = { error: { message: 'No such thing', code: 'missing' } };
    recorder.respond(() => ({ status: 400, body }));
    const { error } = await client('api-key-query', { auth: { queryKey: 'k' } }).getThing({
      id: 1,
    });
    recorder.respond(() => ({ body: {} }));
    expect(error).toEqual({
      kind: 'api',
      status: 400,
      code: 'missing',
      msg: 'No such thing',
      ...body,
    });
  });

  it('no security: nothing sent, credentials refused; no error body declared: HTTP errors', async () => {
    await client('no-auth').getThing({ id: 4 });
    expect(last().headers.authorization).toBeUndefined();
    expect(last().url).toBe('/things/4');
    expect(() => client('no-auth', { email: 'a@b.c', apiKey: 'k' })).toThrow(/no HTTP Basic/);
    recorder.respond(() => ({ status: 404, body: { msg: 'looks like ours', code: 'X' } }));
    const { error } = await client('no-auth').getThing({ id: 1 });
    recorder.respond(() => ({ body: {} }));
    expect(error).toMatchObject({ kind: 'http', status: 404, body: { msg: 'looks like ours' } });
  });
});

async function listen(doc: Doc, seen: unknown[]): Promise<string> {
  const listener = servers.get(doc)!.createRequestListener({
    authenticate: (credentials: unknown) => {
      seen.push(credentials);
      return { who: 'someone' };
    },
    handlers: {
      getThing: ({ id }: { id: number }, context: { ignoredParameters: string[] }) => ({
        status: 200,
        body: { id, ignored: context.ignoredParameters },
      }),
      getHealth: () => ({ status: 200, body: {} }),
    },
    validateResponses: false,
    logger: { error: () => {} },
  });
  const server = createServer(listener);
  listening.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the generated listener authenticates by the same data', () => {
  it('Bearer: the hook gets the token; none sent is 401 with a Bearer challenge; `security: []` needs none', async () => {
    const seen: unknown[] = [];
    const base = await listen('bearer', seen);
    const api = clients.get('bearer')!.createApiClient({ baseUrl: base, auth: { token: 'tok' } });
    const ok = await api.getThing({ id: 9 });
    expect(ok.data).toEqual({ id: 9, ignored: [] });
    expect(seen).toEqual([{ type: 'bearer', scheme: 'token', token: 'tok' }]);
    const anonymous = await fetch(`${base}/v2/things/9`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    // In this document's error shape (`{message}`), not our envelope.
    expect(await anonymous.json()).toEqual({
      message: 'Authentication required: a Bearer token.',
    });
    expect((await fetch(`${base}/v2/health`)).status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('API key in the query: the hook gets the key, and the key is not an ignored parameter', async () => {
    const seen: unknown[] = [];
    const base = await listen('api-key-query', seen);
    const api = clients.get('api-key-query')!.createApiClient({
      baseUrl: base,
      auth: { queryKey: 'q-key' },
    });
    const ok = await api.getThing({ id: 1, verbose: true });
    expect(ok.data).toEqual({ id: 1, ignored: [] });
    expect(seen).toEqual([{ type: 'apiKey', scheme: 'queryKey', key: 'q-key' }]);
    const byHeader = await fetch(`${base}/things/1`, { headers: { 'X-Api-Key': 'h-key' } });
    expect(byHeader.status).toBe(200);
    expect(seen[1]).toEqual({ type: 'apiKey', scheme: 'headerKey', key: 'h-key' });
    const anonymous = await fetch(`${base}/things/1`);
    expect(anonymous.status).toBe(401);
    // In this document's error shape (`{error: {message, code}}`), not our envelope.
    expect(await anonymous.json()).toEqual({
      error: {
        message: "Authentication required: an API key in the query 'api_key'.",
        code: 'UNAUTHORIZED',
      },
    });
  });

  it('no security: the hook is optional and never called', async () => {
    const seen: unknown[] = [];
    const base = await listen('no-auth', seen);
    const response = await fetch(`${base}/things/3`, { headers: { Authorization: 'Bearer x' } });
    expect(response.status).toBe(200);
    expect(seen).toEqual([]);
  });
});

describe("the Prism mock's front authenticates by the same data", () => {
  it('Bearer and an API key in the query: 401 without, an answer with them; Basic is not Bearer', async () => {
    const { startPrismMock } = await import('../../mock/prism/start.js');
    const bearer = await startPrismMock({ generatedDir: join(SCRATCH, 'bearer') });
    const keyed = await startPrismMock({ generatedDir: join(SCRATCH, 'api-key-query') });
    try {
      const none = await fetch(`${bearer.baseUrl}/things/1`);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const withToken = await fetch(`${bearer.baseUrl}/things/1`, {
        headers: { Authorization: 'Bearer any-token' },
      });
      expect(withToken.status).toBe(200);
      // Basic credentials are not what this document takes.
      const basic = await fetch(`${bearer.baseUrl}/things/1`, {
        headers: { Authorization: `Basic ${btoa('a@b.c:k')}` },
      });
      expect(basic.status).toBe(401);
      expect((await fetch(`${bearer.baseUrl}/health`)).status).toBe(200);

      expect((await fetch(`${keyed.baseUrl}/things/1?verbose=true`)).status).toBe(401);
      const api = clients.get('api-key-query')!.createApiClient({
        baseUrl: keyed.baseUrl,
        auth: { queryKey: 'k' },
      });
      const { data, error, response } = await api.getThing({ id: 1, verbose: true });
      expect(error, JSON.stringify(error)).toBeUndefined();
      expect(response.status).toBe(200);
      expect(data).toBeDefined();
    } finally {
      await bearer.stop();
      await keyed.stop();
    }
  }, 60_000);
});

describe.skipIf(!curlPath)('the docs curl sample sends the same credentials', () => {
  const want: Record<Doc, { sample: string; header?: [string, string]; url: string }> = {
    bearer: {
      sample: "curl 'BASE/things/1' \\\n  -H 'Authorization: Bearer <TOKEN>'",
      header: ['authorization', 'Bearer <TOKEN>'],
      url: '/things/1',
    },
    'api-key-query': {
      sample: "curl 'BASE/things/1' \\\n  -G \\\n  --data-urlencode 'api_key=<API_KEY>'",
      url: '/things/1?api_key=%3CAPI_KEY%3E',
    },
    'no-auth': { sample: "curl 'BASE/things/1'", url: '/things/1' },
  };
  it.each(DOCUMENTS)('%s', async (doc) => {
    const m = models.get(doc)!;
    const op = m.operations.find((o) => o.id === 'getThing')!;
    const base = `${recorder.origin}/x`;
    const command = curlSample(
      encodeSampleInput(op.runtime, { path: { id: 1 }, query: {}, headers: {} }),
      { baseUrl: base, auth: op.auth, credentials: sampleCredentials(m.securitySchemes, op) },
    );
    expect(command).toBe(want[doc].sample.replace('BASE', base));
    const before = recorder.requests.length;
    await run('sh', ['-c', command.replace(/^curl /, `${curlPath} -sS -o /dev/null `)], {
      timeout: 10_000,
    });
    const sent = recorder.requests[before];
    expect(sent.url.toUpperCase()).toBe(`/x${want[doc].url}`.toUpperCase());
    if (want[doc].header) expect(sent.headers[want[doc].header![0]]).toBe(want[doc].header![1]);
    else expect(sent.headers.authorization).toBeUndefined();
  });
});
