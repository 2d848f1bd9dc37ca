/**
 * The exact bytes the generated client puts on the wire, for every operation of the contract,
 * recorded by a real HTTP server: method, request target, Authorization, Content-Type, body. The
 * expected bytes come from the wire model (the client must add nothing and lose nothing on the
 * way); a few are spelled out by hand; and every recorded request is decoded back with the wire
 * model to the example it was built from. Both routes a method call can take are checked: straight
 * to fetch (nobody else sees the request) and through openapi-fetch (a middleware is installed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../generated/client.js';
import { operations } from '../../generated/operations.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import { decodeRequest, encodeRequest, splitInput } from '../../runtime/wire.js';
import { contractCases, type OperationCase } from './contract-examples.js';
import { startRecordingServer, type RecordingServer } from './recording-server.js';

const EMAIL = 'iago@chat.example.com';
const API_KEY = 'gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv';
const BASIC = 'Basic ' + Buffer.from(`${EMAIL}:${API_KEY}`).toString('base64');

let server: RecordingServer;
let api: ApiClient;
/** the same client with a middleware, so its calls go through openapi-fetch */
let viaOpenapiFetch: ApiClient;
/** requests the middleware of `viaOpenapiFetch` saw */
let seenByMiddleware = 0;
let cases: OperationCase[];

beforeAll(async () => {
  server = await startRecordingServer();
  api = createApiClient({
    baseUrl: server.origin,
    email: EMAIL,
    apiKey: API_KEY,
    onIgnoredParameters: () => {},
    onNotice: () => {},
  });
  viaOpenapiFetch = createApiClient({
    baseUrl: server.origin,
    email: EMAIL,
    apiKey: API_KEY,
    onIgnoredParameters: () => {},
    onNotice: () => {},
  });
  viaOpenapiFetch.use({ onRequest: () => void seenByMiddleware++ });
  cases = await contractCases();
});
afterAll(() => server.close());

function callMethod(id: string, params: Record<string, unknown>, client: ApiClient = api) {
  const method = (
    client as unknown as Record<
      string,
      (p: unknown) => Promise<{ data?: unknown; error?: unknown; response?: Response }>
    >
  )[id];
  if (typeof method !== 'function') throw new Error(`the client has no method ${id}`);
  return method.call(client, params);
}

async function lastRequestFor(
  id: string,
  params: Record<string, unknown>,
  answer?: unknown,
  client: ApiClient = api,
) {
  server.respond(() => ({ body: answer ?? { result: 'success', msg: '' } }));
  const before = server.requests.length;
  const result = await callMethod(id, params, client);
  expect(server.requests.length).toBe(before + 1);
  return { result, recorded: server.requests[server.requests.length - 1] };
}

describe('every operation of the contract: bytes on the wire', () => {
  it('covers all 22 operations of the contract', () => {
    expect(Object.keys(operations).sort()).toEqual(cases.map((c) => c.op.id).sort());
    expect(cases).toHaveLength(22);
  });

  it.each([
    ['sent straight to fetch', () => api],
    ['through openapi-fetch (a middleware is installed)', () => viaOpenapiFetch],
  ])(
    '%s: sends exactly what the wire model encodes, with auth and content type, and parses the answer',
    async (_route, client) => {
      const seenBefore = seenByMiddleware;
      for (const { op, params, success } of cases) {
        const info = (operations as Record<string, OperationInfo>)[op.id];
        const { result, recorded } = await lastRequestFor(op.id, params, success, client());
        const split = splitInput(info, params);
        const wire = encodeRequest(info, {
          ...split,
          body: split.body ?? (info.body?.kind === 'form' ? {} : undefined),
        });
        const where = `${op.id}`;
        expect(recorded.method, where).toBe(op.method.toUpperCase());
        expect(recorded.url, where).toBe(
          `/api/v1${wire.path}${wire.query ? `?${wire.query}` : ''}`,
        );
        expect(recorded.headers.authorization, where).toBe(
          info.auth === 'none' ? undefined : BASIC,
        );
        expect(recorded.headers['content-type'], where).toBe(wire.body?.contentType);
        expect(recorded.body.toString('utf8'), where).toBe(wire.body?.text ?? '');
        expect(recorded.headers['content-length'], where).toBe(
          wire.body ? String(recorded.body.length) : undefined,
        );
        expect(recorded.headers['transfer-encoding'], where).toBeUndefined();
        // ...and those bytes mean the example: decoding them gives back the flattened input.
        const decoded = decodeRequest(info, {
          pathParams: Object.fromEntries(
            Object.entries(split.path ?? {}).map(([k, v]) => [k, String(v)]),
          ),
          query: recorded.url.split('?')[1] ?? '',
          contentType: recorded.headers['content-type'],
          body: recorded.body.length ? new Uint8Array(recorded.body) : undefined,
        });
        expect(decoded.ok, where).toBe(true);
        if (decoded.ok) {
          const back = {
            ...decoded.value.path,
            ...decoded.value.query,
            ...(decoded.value.body as object),
          };
          expect(back, where).toEqual(params);
        }
        expect(result.error, where).toBeUndefined();
        expect(result.data, where).toEqual(success ?? { result: 'success', msg: '' });
      }
      // The route really was the one named: the middleware saw every call of its client, no other.
      expect(seenByMiddleware - seenBefore).toBe(client() === viaOpenapiFetch ? cases.length : 0);
    },
  );
});

describe('wire forms spelled out by hand', () => {
  it('POST /messages to a list of users: to=%5B12%2C15%5D in an urlencoded body', async () => {
    const { recorded } = await lastRequestFor('sendMessage', {
      type: 'direct',
      to: [12, 15],
      content: 'Hi both!',
    });
    expect(recorded.method).toBe('POST');
    expect(recorded.url).toBe('/api/v1/messages');
    expect(recorded.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(recorded.headers.authorization).toBe(BASIC);
    expect(recorded.body.toString()).toBe('type=direct&to=%5B12%2C15%5D&content=Hi+both%21');
  });

  it('POST /messages to a channel by name: the string travels as is', async () => {
    const { recorded } = await lastRequestFor('sendMessage', {
      type: 'channel',
      to: 'general',
      topic: 'Lunch plans',
      content: 'hi',
    });
    expect(recorded.body.toString()).toBe('type=channel&to=general&topic=Lunch+plans&content=hi');
  });

  it('GET /messages: narrow and message_ids as JSON in the query, no body, no Content-Type', async () => {
    const { recorded } = await lastRequestFor('getMessages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'design' }],
    });
    expect(recorded.method).toBe('GET');
    expect(recorded.url).toBe(
      '/api/v1/messages?anchor=newest&num_before=100&num_after=0' +
        '&narrow=%5B%7B%22operator%22%3A%22channel%22%2C%22operand%22%3A%22design%22%7D%5D',
    );
    expect(recorded.headers['content-type']).toBeUndefined();
    expect(recorded.body.length).toBe(0);
    const ids = await lastRequestFor('getMessages', { message_ids: [42, 43] });
    expect(ids.recorded.url).toBe('/api/v1/messages?message_ids=%5B42%2C43%5D');
  });

  it('DELETE with a path parameter and query, PATCH with a JSON-encoded object field', async () => {
    const del = await lastRequestFor('removeReaction', { message_id: 43, emoji_name: 'octopus' });
    expect(del.recorded.method).toBe('DELETE');
    expect(del.recorded.url).toBe('/api/v1/messages/43/reactions?emoji_name=octopus');
    const patch = await lastRequestFor('updateUserGroup', {
      user_group_id: 31,
      can_mention_group: { new: 14 },
    });
    expect(patch.recorded.method).toBe('PATCH');
    expect(patch.recorded.url).toBe('/api/v1/user_groups/31');
    expect(patch.recorded.body.toString()).toBe('can_mention_group=%7B%22new%22%3A14%7D');
  });

  it('POST /fetch_api_key goes out without Authorization', async () => {
    const { recorded } = await lastRequestFor('fetchApiKey', {
      username: 'iago@chat.example.com',
      password: 'p w&d',
    });
    expect(recorded.headers.authorization).toBeUndefined();
    expect(recorded.body.toString()).toBe('username=iago%40chat.example.com&password=p+w%26d');
  });

  it('multipart when asked: the same fields as form-data parts', async () => {
    server.respond(() => ({ body: { result: 'success', msg: '', id: 1 } }));
    await api.sendMessage(
      { type: 'direct', to: [12], content: 'x' },
      { mediaType: 'multipart/form-data' },
    );
    const recorded = server.requests[server.requests.length - 1];
    const type = recorded.headers['content-type'];
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const boundary = type.split('boundary=')[1];
    const body = recorded.body.toString();
    expect(body).toContain(
      `--${boundary}\r\nContent-Disposition: form-data; name="to"\r\n\r\n[12]\r\n`,
    );
    expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });
});
