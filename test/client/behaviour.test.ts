/**
 * What the generated client does around the bytes: results and typed errors, base URL forms,
 * fetchApiKey, ignored parameters, feature levels, deprecation notices, timeouts and aborts,
 * path-style calls. Against a real HTTP server on 127.0.0.1.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  FeatureLevelError,
  fetchApiKey,
  isApiError,
  type ApiClientOptions,
  type ClientNotice,
} from '../../generated/client.js';
import { createClientCore, resolveBaseUrl } from '../../runtime/client.js';
import type { ClientTable } from '../../runtime/operation-info.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import { clientEntry } from '../../generator/model/runtime-entry.js';
import { contractCases, type OperationCase } from './contract-examples.js';
import { startRecordingServer, type RecordingServer } from './recording-server.js';

let server: RecordingServer;
let cases: OperationCase[];
const auth = { email: 'iago@chat.example.com', apiKey: 'key-1' };

beforeAll(async () => {
  server = await startRecordingServer();
  cases = await contractCases();
});
afterAll(() => server.close());
afterEach(() => {
  server.respond(() => ({ body: { result: 'success', msg: '' } }));
  vi.restoreAllMocks();
});

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: server.origin,
    ...auth,
    onIgnoredParameters: () => {},
    onNotice: () => {},
    ...extra,
  });
}
const last = () => server.requests[server.requests.length - 1];

describe('errors are typed values', () => {
  it('every documented error example comes back as {kind: api, status, code, msg, extra fields}', async () => {
    const api = client();
    let seen = 0;
    for (const { op, params, errors } of cases) {
      for (const { status, body } of errors) {
        server.respond(() => ({ status, body }));
        const call = (
          api as unknown as Record<
            string,
            (
              p: unknown,
            ) => Promise<{ error?: Record<string, unknown>; data?: unknown; response?: Response }>
          >
        )[op.id];
        const result = await call(params);
        expect(result.data, op.id).toBeUndefined();
        const { result: _r, code, msg, ...extra } = body;
        expect(result.error, op.id).toEqual({
          kind: 'api',
          status,
          code,
          msg,
          result: 'error',
          ...extra,
        });
        expect(result.response?.status).toBe(status);
        seen++;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(22);
  });

  it('keeps the extra field of STREAM_DOES_NOT_EXIST and narrows on code', async () => {
    server.respond(() => ({
      status: 400,
      body: {
        result: 'error',
        msg: "Stream 'nope' does not exist",
        code: 'STREAM_DOES_NOT_EXIST',
        stream: 'nope',
      },
    }));
    const result = await client().sendMessage({
      type: 'channel',
      to: 'nope',
      topic: 't',
      content: 'x',
    });
    expect(result.error?.kind).toBe('api');
    if (result.error?.kind === 'api' && result.error.code === 'STREAM_DOES_NOT_EXIST')
      expect(result.error.stream).toBe('nope');
    else expect.unreachable('STREAM_DOES_NOT_EXIST expected');
    // isApiError narrows to the code's declared fields (typed: `stream` is a string)
    expect(isApiError(result.error, 'STREAM_DOES_NOT_EXIST')).toBe(true);
    expect(isApiError(result.error, 'BAD_REQUEST')).toBe(false);
    if (isApiError(result.error, 'STREAM_DOES_NOT_EXIST')) {
      const stream: string = result.error.stream;
      expect(stream.toUpperCase()).toBe('NOPE');
    }
  });

  it('an undocumented code is kept as sent', async () => {
    server.respond(() => ({
      status: 429,
      body: { result: 'error', msg: 'slow down', code: 'RATE_LIMIT_HIT', 'retry-after': 2 },
    }));
    const result = await client().getStreams();
    expect(result.error).toEqual({
      kind: 'api',
      status: 429,
      code: 'RATE_LIMIT_HIT',
      msg: 'slow down',
      result: 'error',
      'retry-after': 2,
    });
  });

  it('a non-envelope failure is kind http with the body; a 2xx that is not JSON is invalid-response', async () => {
    server.respond(() => ({ status: 502, body: '<html>bad gateway</html>' }));
    const bad = await client().getStreams();
    expect(bad.error).toMatchObject({
      kind: 'http',
      status: 502,
      body: '<html>bad gateway</html>',
    });
    expect(bad.error?.code).toBeUndefined();
    server.respond(() => ({
      status: 200,
      body: '{"result": "succ',
      headers: { 'Content-Type': 'application/json' },
    }));
    const broken = await client().getStreams();
    expect(broken.error).toMatchObject({
      kind: 'invalid-response',
      status: 200,
      body: '{"result": "succ',
    });
  });

  it('a refused connection is kind network, not a rejection', async () => {
    const other = await startRecordingServer();
    const origin = other.origin;
    await other.close();
    const result = await createApiClient({ baseUrl: origin, ...auth }).getStreams();
    expect(result.error).toMatchObject({ kind: 'network', status: 0 });
    expect(result.response).toBeUndefined();
  });

  it('a parameter the contract lacks (a JS caller; TypeScript refuses it) is sent, not dropped', async () => {
    const send = client().sendMessage as unknown as (p: unknown) => Promise<unknown>;
    await send({ type: 'direct', to: [1], content: 'x', future_flag: true });
    expect(last().body.toString()).toBe('type=direct&to=%5B1%5D&content=x&future_flag=true');
  });

  it('misuse throws: credentials half given, missing path parameter, bad timeout', async () => {
    expect(() => createApiClient({ baseUrl: server.origin, email: 'a@b.c' })).toThrow(TypeError);
    expect(() => createApiClient({ baseUrl: server.origin, timeoutMs: -1 })).toThrow(/timeoutMs/);
    await expect(client().getMessage({} as never)).rejects.toThrow(/message_id/);
    await expect(
      (client() as unknown as Record<string, (p: unknown) => Promise<unknown>>).getMessage(5),
    ).rejects.toThrow(/object/);
  });
});

describe('base URL', () => {
  it.each(['', '/', '/api/v1', '/api/v1/'])(
    'origin + %j reaches /api/v1/streams',
    async (suffix) => {
      await createApiClient({ baseUrl: server.origin + suffix, ...auth }).getStreams();
      expect(last().url).toBe('/api/v1/streams');
    },
  );

  it('a server under a sub-path works in both forms too', async () => {
    await createApiClient({ baseUrl: `${server.origin}/chat`, ...auth }).getStreams();
    expect(last().url).toBe('/chat/api/v1/streams');
    await createApiClient({ baseUrl: `${server.origin}/chat/api/v1`, ...auth }).getStreams();
    expect(last().url).toBe('/chat/api/v1/streams');
  });

  it('resolveBaseUrl: relative roots stay relative; queries and non-strings are refused', () => {
    expect(resolveBaseUrl('/', '/api/v1')).toBe('/api/v1');
    expect(resolveBaseUrl('https://x.example/', '')).toBe('https://x.example');
    expect(() => resolveBaseUrl('https://x.example/?a=1', '/api/v1')).toThrow(/query/);
    expect(() => resolveBaseUrl(undefined, '/api/v1')).toThrow(/baseUrl/);
  });
});

describe('fetchApiKey', () => {
  it('logs in without credentials and returns a client that uses the API key it got', async () => {
    server.respond((req) =>
      req.url.endsWith('/fetch_api_key')
        ? {
            body: {
              result: 'success',
              msg: '',
              api_key: 'fresh-key',
              email: 'iago@chat.example.com',
              user_id: 5,
            },
          }
        : { body: { result: 'success', msg: '', streams: [] } },
    );
    const login = await fetchApiKey(`${server.origin}/api/v1`, 'iago', 'secret');
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/v1/fetch_api_key');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body.toString()).toBe('username=iago&password=secret');
    expect(login.error).toBeUndefined();
    expect(login.data).toEqual({
      result: 'success',
      msg: '',
      api_key: 'fresh-key',
      email: 'iago@chat.example.com',
      user_id: 5,
    });
    await login.client!.getStreams();
    expect(last().headers.authorization).toBe(
      'Basic ' + Buffer.from('iago@chat.example.com:fresh-key').toString('base64'),
    );
  });

  it('returns the error value, and no client, when the server refuses', async () => {
    server.respond(() => ({
      status: 403,
      body: { result: 'error', msg: 'Your username or password is incorrect', code: 'BAD_REQUEST' },
    }));
    const login = await fetchApiKey(server.origin, 'iago', 'wrong');
    expect(login.client).toBeUndefined();
    expect(login.error).toMatchObject({ kind: 'api', status: 403, code: 'BAD_REQUEST' });
  });

  it('an answer without api_key is an invalid-response error', async () => {
    server.respond(() => ({ body: { result: 'success', msg: '' } }));
    const login = await fetchApiKey(server.origin, 'iago', 'secret');
    expect(login.error).toMatchObject({ kind: 'invalid-response', status: 200 });
  });
});

describe('ignored_parameters_unsupported', () => {
  it('reaches onIgnoredParameters with the operation and the names', async () => {
    const seen: [string, string[]][] = [];
    server.respond(() => ({
      body: {
        result: 'success',
        msg: '',
        id: 9,
        ignored_parameters_unsupported: ['read_by_sender'],
      },
    }));
    const api = client({ onIgnoredParameters: (id, names) => seen.push([id, names]) });
    const result = await api.sendMessage({
      type: 'direct',
      to: [1],
      content: 'x',
      read_by_sender: true,
    });
    expect(result.data).toMatchObject({ id: 9 });
    expect(seen).toEqual([['sendMessage', ['read_by_sender']]]);
    await api.POST('/messages', { body: { type: 'direct', to: [1], content: 'x' } });
    expect(seen).toHaveLength(2);
  });

  it('warns on the console by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.respond(() => ({
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['dense_mode'] },
    }));
    await createApiClient({ baseUrl: server.origin, ...auth }).updateRealmUserSettingsDefaults({
      dense_mode: true,
    });
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'updateRealmUserSettingsDefaults: the server ignored unsupported parameters: dense_mode',
      ),
    );
  });
});

describe('feature levels', () => {
  it('warns for an operation, a parameter and a value newer than the server, and still sends', async () => {
    const notices: ClientNotice[] = [];
    const api = client({ featureLevel: 200, onNotice: (n) => notices.push(n) });
    await api.sendMessage({
      type: 'channel',
      to: 'general',
      topic: 't',
      content: 'x',
      read_by_sender: true,
    });
    await api.createSavedSnippet({ title: 't', content: 'c' });
    expect(notices.map((n) => [n.kind, n.operationId, n.parameter, n.value, n.since])).toEqual([
      ['feature-level', 'sendMessage', 'type', 'channel', 248],
      ['feature-level', 'sendMessage', 'read_by_sender', undefined, 236],
      ['feature-level', 'createSavedSnippet', undefined, undefined, 297],
    ]);
    expect(server.requests.slice(-2).map((r) => r.url)).toEqual([
      '/api/v1/messages',
      '/api/v1/saved_snippets',
    ]);
  });

  it('throws FeatureLevelError before sending under the throw policy', async () => {
    const api = client({ featureLevel: 247, featureLevelPolicy: 'throw' });
    const before = server.requests.length;
    await expect(
      api.sendMessage({ type: 'channel', to: 'general', topic: 't', content: 'x' }),
    ).rejects.toBeInstanceOf(FeatureLevelError);
    await expect(api.GET('/users', { params: { query: { user_ids: [1] } } })).rejects.toThrow(
      /user_ids.*384/,
    );
    expect(server.requests.length).toBe(before);
    await api.sendMessage({ type: 'stream', to: 'general', topic: 't', content: 'x' });
    expect(server.requests.length).toBe(before + 1);
  });

  it('warns for a parameter the server no longer has (dense_mode, removed at 364), and still sends', async () => {
    const notices: ClientNotice[] = [];
    const params = { dense_mode: true, enter_sends: true };
    await client({ featureLevel: 400, onNotice: (n) => notices.push(n) }) //
      .updateRealmUserSettingsDefaults(params);
    expect(notices.map((n) => [n.kind, n.parameter, n.since, n.until, n.serverLevel])).toEqual([
      ['feature-level', 'dense_mode', undefined, 364, 400],
    ]);
    expect(notices[0].message).toBe(
      "updateRealmUserSettingsDefaults: parameter 'dense_mode' was removed (absent from feature level 364 on); the server is at feature level 400",
    );
    expect(last().url).toBe('/api/v1/realm/user_settings_defaults');
    // A server below the removal still has it.
    notices.length = 0;
    await client({ featureLevel: 363, onNotice: (n) => notices.push(n) }) //
      .updateRealmUserSettingsDefaults(params);
    expect(notices).toEqual([]);
  });

  it('throws before sending a removed parameter or enum value under the throw policy', async () => {
    const api = client({ featureLevel: 420, featureLevelPolicy: 'throw' });
    const before = server.requests.length;
    // Removed without a dated level: a server of today (the newest level, 420) lacks it.
    await expect(api.updateStream({ stream_id: 1, stream_post_policy: 1 })).rejects.toThrow(
      /'stream_post_policy' was removed \(absent from feature level 420 on\)/,
    );
    const levels = removedValueClient(300, 'throw');
    await expect(levels.call('getThings', { kind: 'gone' })).rejects.toThrow(
      "getThings: value 'gone' of 'kind' was removed (absent from feature level 200 on); the server is at feature level 300",
    );
    expect(server.requests.length).toBe(before);
    // Still there below its removal; `constructor` is just a value, not an object key.
    await removedValueClient(199, 'throw').call('getThings', { kind: 'gone' });
    await levels.call('getThings', { kind: 'constructor' });
    expect(server.requests.length).toBe(before + 2);
  });

  it('a value named like an object key is not taken for a deprecated one', async () => {
    const notices: ClientNotice[] = [];
    const api = removedValueClient(300, 'warn', {
      warnDeprecated: true,
      onNotice: (n) => notices.push(n),
    });
    await api.call('getThings', { kind: 'constructor' });
    await api.call('getThings', { kind: 'old' });
    expect(notices.map((n) => [n.kind, n.value])).toEqual([['deprecated', 'old']]);
  });

  it('ignore policy and an unknown level check nothing', async () => {
    const notices: ClientNotice[] = [];
    await client({
      featureLevel: 1,
      featureLevelPolicy: 'ignore',
      onNotice: (n) => notices.push(n),
    }).testE2eePushNotification();
    await client({ onNotice: (n) => notices.push(n) }).testE2eePushNotification();
    expect(notices).toEqual([]);
  });

  it('learns the level from the register answer', async () => {
    const api = client({ featureLevelPolicy: 'throw' });
    expect(api.featureLevel).toBeUndefined();
    server.respond(() => ({
      body: {
        result: 'success',
        msg: '',
        queue_id: 'q',
        last_event_id: -1,
        service_feature_level: 300,
        service_version: '10.0',
      },
    }));
    await api.registerQueue({ event_types: ['message'] });
    expect(api.featureLevel).toBe(300);
    await expect(api.testE2eePushNotification()).rejects.toThrow(
      /new in feature level 420; the server is at feature level 300/,
    );
  });

  it('learns it only where the contract says answers report it (the table’s reportsLevel)', async () => {
    const api = client({ featureLevelPolicy: 'throw' });
    // The same field in an answer of an operation that reports no level teaches nothing.
    server.respond(() => ({
      body: { result: 'success', msg: '', streams: [], service_feature_level: 300 },
    }));
    await api.getStreams();
    expect(api.featureLevel).toBeUndefined();
  });

  it('deprecated operations, parameters and values are reported when asked', async () => {
    const notices: ClientNotice[] = [];
    const api = client({ warnDeprecated: true, onNotice: (n) => notices.push(n) });
    await api.sendMessage({ type: 'private', to: [1], content: 'x', subject: 'old' });
    await api.addPlatformDeviceToken({ token: 'abc', appid: 'app' });
    expect(notices.map((n) => [n.operationId, n.parameter, n.value, n.replacedBy])).toEqual([
      ['sendMessage', 'type', 'private', 'direct'],
      ['sendMessage', 'subject', undefined, 'topic'],
      ['addPlatformDeviceToken', undefined, undefined, expect.stringContaining('E2EE')],
    ]);
    notices.length = 0;
    await client({ onNotice: (n) => notices.push(n) }).sendMessage({
      type: 'private',
      to: [1],
      content: 'x',
    });
    expect(notices).toEqual([]);
  });
});

describe('timeouts and cancellation', () => {
  // The server holds its answer far longer than a test may run (vitest's 60 s): only the timeout
  // or the abort can end these calls, so no clock is read. A timeout that did not fire would hang
  // the call until vitest's own limit fails the test, however busy the machine.
  const HOLD_MS = 600_000;

  it('timeoutMs (client or call) ends a slow call with kind timeout', async () => {
    server.respond(() => ({ delayMs: HOLD_MS, body: { result: 'success', msg: '' } }));
    const slow = await client({ timeoutMs: 100 }).getStreams();
    expect(slow.error).toMatchObject({ kind: 'timeout', status: 0 });
    const own = await client().getStreams({}, { timeoutMs: 100 });
    expect(own.error?.kind).toBe('timeout');
  });

  it('an AbortSignal (call or client) ends a call with kind aborted', async () => {
    server.respond(() => ({ delayMs: HOLD_MS, body: { result: 'success', msg: '' } }));
    const controller = new AbortController();
    const pending = client().getStreams({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await pending).error).toMatchObject({ kind: 'aborted' });
    const clientWide = new AbortController();
    clientWide.abort();
    const result = await client({ signal: clientWide.signal }).getStreams();
    expect(result.error?.kind).toBe('aborted');
  });

  it('path-style calls keep openapi-fetch semantics: a timeout rejects', async () => {
    server.respond(() => ({ delayMs: HOLD_MS, body: { result: 'success', msg: '' } }));
    await expect(client({ timeoutMs: 100 }).GET('/streams')).rejects.toThrow();
  });
});

describe('openapi-fetch extension points', () => {
  it('middleware sees the real request (same bytes), and a custom fetch gets a Request', async () => {
    const api = client();
    await api.sendMessage({ type: 'direct', to: [1, 2], content: 'x' });
    const plain = last();
    const seen: string[] = [];
    api.use({
      onRequest: async ({ request }) => {
        seen.push(`${request.method} ${await request.clone().text()}`);
      },
    });
    await api.sendMessage({ type: 'direct', to: [1, 2], content: 'x' });
    expect(seen).toEqual(['POST type=direct&to=%5B1%2C2%5D&content=x']);
    expect(last()).toEqual(plain);

    const requests: Request[] = [];
    const viaFetch = client({
      fetch: (request) => {
        requests.push(request);
        return fetch(request);
      },
    });
    await viaFetch.sendMessage({ type: 'direct', to: [1, 2], content: 'x' });
    expect(requests[0].headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(last()).toEqual(plain);
  });

  it("header names merge without case on both routes: the client's Authorization wins, and is dropped where no credentials go", async () => {
    for (const viaMiddleware of [false, true]) {
      const api = client({ headers: { authorization: 'Bearer stale', 'x-client': 'a' } });
      if (viaMiddleware) api.use({ onRequest: () => undefined });
      await api.getStreams({}, { headers: { 'X-CLIENT': 'b' } });
      expect(last().headers.authorization, `middleware: ${viaMiddleware}`).toBe(
        `Basic ${btoa(`${auth.email}:${auth.apiKey}`)}`,
      );
      expect(last().headers['x-client'], `middleware: ${viaMiddleware}`).toBe('b');
      await api.fetchApiKey({ username: 'a@example.com', password: 'p' });
      expect(last().headers.authorization, `middleware: ${viaMiddleware}`).toBeUndefined();
    }
  });

  it('per-call headers in any form openapi-fetch takes', async () => {
    const api = client({ headers: { 'X-Client': 'tests' } });
    await api.getStreams({}, { headers: { 'X-Trace': 'a' } });
    expect(last().headers).toMatchObject({ 'x-client': 'tests', 'x-trace': 'a' });
    await api.GET('/streams', { headers: new Headers({ 'X-Trace': 'b' }) });
    expect(last().headers).toMatchObject({ 'x-client': 'tests', 'x-trace': 'b' });
  });
});

describe('path-style calls', () => {
  it('send the same bytes as the methods and return openapi-fetch results', async () => {
    const api = client();
    server.respond(() => ({ body: { result: 'success', msg: '', messages: [] } }));
    const viaMethod = await api.getMessages({
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [['channel', 'design']],
    });
    const methodRequest = last();
    const viaPath = await api.GET('/messages', {
      params: {
        query: { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'design']] },
      },
    });
    expect(last()).toEqual(methodRequest);
    expect(viaPath.data).toEqual(viaMethod.data);

    await api.sendMessage({ type: 'direct', to: [1, 2], content: 'x' });
    const postMethod = last();
    await api.POST('/messages', { body: { type: 'direct', to: [1, 2], content: 'x' } });
    expect(last()).toEqual(postMethod);

    server.respond(() => ({
      status: 400,
      body: { result: 'error', msg: 'no', code: 'BAD_REQUEST' },
    }));
    const failed = await api.GET('/messages/{message_id}', { params: { path: { message_id: 5 } } });
    expect(last().url).toBe('/api/v1/messages/5');
    expect(failed.error).toEqual({ result: 'error', msg: 'no', code: 'BAD_REQUEST' });
  });
});

/**
 * A client of a small contract with an enum value removed on its own (the API's has none yet):
 * its table built by the generator's own steps, as generated/operations.ts is.
 */
function removedValueClient(
  featureLevel: number,
  featureLevelPolicy: 'throw' | 'warn',
  more: Partial<Parameters<typeof createClientCore>[1]> = {},
) {
  const document = {
    openapi: '3.1.0',
    info: { title: 'levels', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'getThings',
          parameters: [
            {
              name: 'kind',
              in: 'query',
              schema: {
                type: 'string',
                enum: ['plain', 'gone', 'constructor', 'old'],
                'x-enum-history': {
                  gone: [{ level: 200, change: 'removed', note: 'gone' }],
                  old: [{ level: null, change: 'deprecated', note: 'use plain' }],
                },
              },
            },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const { model, problems } = buildModel(document, 'levels.yaml');
  expect(problems).toEqual([]);
  const table: ClientTable = {
    basePath: '',
    authSchemes: {},
    security: [],
    operations: Object.fromEntries(
      model.operations.map((op) => [op.id, clientEntry(op.runtime, model.defaultAuthAlternatives)]),
    ),
  };
  return createClientCore<{}>(table, {
    baseUrl: server.origin,
    featureLevel,
    featureLevelPolicy,
    ...more,
  });
}
