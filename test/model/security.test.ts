/**
 * Table tests of the model's auth and error-shape decisions (generator/model/security.ts,
 * generator/model/errors.ts): given a scheme, a `security` list or error responses, want this
 * decision. The client, the server listener, the mocks and the docs' samples all act on these.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import {
  authSchemeOf,
  operationAuth,
  placeholderOf,
  sampleCredentials,
  type RawScheme,
} from '../../generator/model/security.js';
import type { ApiModel } from '../../generator/model/types.js';

type Json = Record<string, unknown>;

function model(document: Json): ApiModel {
  const { model, problems } = buildModel(
    {
      openapi: '3.1.0',
      info: { title: 'fragment', version: '1' },
      ...document,
    } as unknown as OpenApiDocument,
    'fragment.yaml',
  );
  expect(problems).toEqual([]);
  return model;
}

describe('how each kind of security scheme travels', () => {
  const cases: [string, RawScheme, ReturnType<typeof authSchemeOf>, string][] = [
    ['HTTP Basic', { type: 'http', scheme: 'basic' }, { type: 'basic' }, '<USERNAME>:<PASSWORD>'],
    [
      'HTTP Basic, scheme name in capitals (RFC 7235: no case)',
      { type: 'http', scheme: 'Basic' },
      { type: 'basic' },
      '<USERNAME>:<PASSWORD>',
    ],
    [
      'HTTP Bearer',
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      { type: 'bearer' },
      '<TOKEN>',
    ],
    [
      'OAuth 2 (any flow): its access token as Bearer',
      { type: 'oauth2' },
      { type: 'bearer' },
      '<TOKEN>',
    ],
    [
      'OpenID Connect: its token as Bearer',
      { type: 'openIdConnect' },
      { type: 'bearer' },
      '<TOKEN>',
    ],
    [
      'API key in a header',
      { type: 'apiKey', in: 'header', name: 'X-Key' },
      { type: 'apiKey', in: 'header', name: 'X-Key' },
      '<API_KEY>',
    ],
    [
      'API key in the query',
      { type: 'apiKey', in: 'query', name: 'api_key' },
      { type: 'apiKey', in: 'query', name: 'api_key' },
      '<API_KEY>',
    ],
    [
      'API key in a cookie',
      { type: 'apiKey', in: 'cookie', name: 'sid' },
      { type: 'apiKey', in: 'cookie', name: 'sid' },
      '<API_KEY>',
    ],
    [
      'API key without a name: cannot be sent',
      { type: 'apiKey', in: 'header' },
      { type: 'other' },
      '<CREDENTIALS>',
    ],
    [
      'HTTP Digest: no stored credential produces it',
      { type: 'http', scheme: 'digest' },
      { type: 'other' },
      '<CREDENTIALS>',
    ],
    ['mutual TLS', { type: 'mutualTLS' }, { type: 'other' }, '<CREDENTIALS>'],
    [
      'x-placeholder wins',
      { type: 'http', scheme: 'basic', 'x-placeholder': '<EMAIL>:<API_KEY>' },
      { type: 'basic' },
      '<EMAIL>:<API_KEY>',
    ],
  ];
  it.each(cases)('%s', (_name, raw, send, placeholder) => {
    expect(authSchemeOf(raw)).toEqual(send);
    expect(placeholderOf(raw, authSchemeOf(raw))).toBe(placeholder);
  });
});

describe("an operation's auth from its effective security", () => {
  const declared = new Set(['basic', 'token', 'key', 'app']);
  const cases: [string, Json[], ReturnType<typeof operationAuth>][] = [
    ['no security at all: none', [], { auth: 'none', alternatives: [] }],
    ['one scheme: required', [{ basic: [] }], { auth: 'required', alternatives: [['basic']] }],
    [
      'two alternatives, in order',
      [{ token: ['read'] }, { key: [] }],
      { auth: 'required', alternatives: [['token'], ['key']] },
    ],
    [
      'two schemes together (AND)',
      [{ key: [], app: [] }],
      { auth: 'required', alternatives: [['key', 'app']] },
    ],
    [
      'a scheme or anonymous: optional',
      [{ basic: [] }, {}],
      { auth: 'optional', alternatives: [['basic']] },
    ],
    ['only anonymous ({}): none', [{}], { auth: 'none', alternatives: [] }],
    [
      'an undeclared scheme: required, nothing to send',
      [{ nowhere: [] }],
      { auth: 'required', alternatives: [] },
    ],
    [
      'an undeclared scheme beside a declared one: the declared one',
      [{ nowhere: [] }, { key: [] }],
      { auth: 'required', alternatives: [['key']] },
    ],
  ];
  it.each(cases)('%s', (_name, security, want) => {
    expect(operationAuth(security as never, declared)).toEqual(want);
  });

  it('global security applies; `security: []` on an operation means none; its own list replaces the global one', () => {
    const m = model({
      security: [{ token: [] }],
      paths: {
        '/a': { get: { operationId: 'inherits', responses: { '200': { description: 'ok' } } } },
        '/b': {
          get: { operationId: 'open', security: [], responses: { '200': { description: 'ok' } } },
        },
        '/c': {
          get: {
            operationId: 'own',
            security: [{ key: [] }, {}],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: {
        securitySchemes: {
          token: {
            type: 'oauth2',
            flows: { clientCredentials: { tokenUrl: 'https://x/t', scopes: {} } },
          },
          key: { type: 'apiKey', in: 'query', name: 'k' },
        },
      },
    });
    const by = Object.fromEntries(m.operations.map((op) => [op.id, op]));
    expect([by.inherits.auth, by.inherits.authAlternatives]).toEqual(['required', [['token']]]);
    expect([by.open.auth, by.open.authAlternatives]).toEqual(['none', []]);
    expect([by.own.auth, by.own.authAlternatives]).toEqual(['optional', [['key']]]);
    expect(m.defaultAuthAlternatives).toEqual([['token']]);
    // The runtime table carries the same decision, and samples show the first alternative.
    expect(by.inherits.runtime.security).toEqual([['token']]);
    expect(by.open.runtime.security).toBeUndefined();
    expect(sampleCredentials(m.securitySchemes, by.own)).toEqual([
      { scheme: 'key', send: { type: 'apiKey', in: 'query', name: 'k' }, placeholder: '<API_KEY>' },
    ]);
    expect(sampleCredentials(m.securitySchemes, by.open)).toEqual([]);
  });

  it('our contract: one Basic scheme with its placeholder, none on fetch_api_key, optional on GET /users', async () => {
    const { loadContract } = await import('../../generator/load/index.js');
    const loaded = await loadContract('openapi/openapi.yaml');
    if (!loaded.ok) throw new Error('the contract does not load');
    const m = loaded.contract.model;
    expect(m.securitySchemes.map((s) => [s.name, s.send, s.placeholder])).toEqual([
      ['basicAuth', { type: 'basic' }, '<EMAIL>:<API_KEY>'],
    ]);
    const by = Object.fromEntries(m.operations.map((op) => [op.id, op]));
    expect(by.fetchApiKey.auth).toBe('none');
    expect([by.getUsers.auth, by.getUsers.authAlternatives]).toEqual(['optional', [['basicAuth']]]);
    expect([by.sendMessage.auth, by.sendMessage.authAlternatives]).toEqual([
      'required',
      [['basicAuth']],
    ]);
    expect(m.errorShape).toEqual({ message: 'msg', code: 'code' });
  });
});

describe("where a document's error bodies carry message and code", () => {
  const errorResponse = (schema: Json) => ({
    paths: {
      '/a': {
        get: {
          operationId: 'a',
          responses: {
            '200': { description: 'ok' },
            '4XX': { description: 'error', content: { 'application/json': { schema } } },
          },
        },
      },
    },
  });
  const cases: [string, Json, ApiModel['errorShape']][] = [
    [
      'our envelope {result, msg, code}',
      {
        type: 'object',
        properties: {
          result: { type: 'string' },
          msg: { type: 'string' },
          code: { type: 'string' },
        },
      },
      { message: 'msg', code: 'code' },
    ],
    [
      "GitHub's {message, documentation_url}",
      {
        type: 'object',
        properties: { message: { type: 'string' }, documentation_url: { type: 'string' } },
      },
      { message: 'message' },
    ],
    [
      "Stripe's {error: {message, code, type}}",
      {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              code: { type: 'string' },
              type: { type: 'string' },
            },
          },
        },
      },
      { message: 'message', code: 'code', within: 'error' },
    ],
    [
      'an integer code',
      { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
      { message: 'message', code: 'code' },
    ],
    [
      'RFC 9457 problem details',
      {
        type: 'object',
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          detail: { type: 'string' },
        },
      },
      { message: 'detail', code: 'type' },
    ],
    [
      'no message field: generic handling',
      { type: 'object', properties: { reason: { type: 'integer' } } },
      undefined,
    ],
  ];
  it.each(cases)('%s', (_name, schema, want) => {
    expect(model(errorResponse(schema)).errorShape).toEqual(want);
  });

  it('no error response declared: generic handling', () => {
    const m = model({ paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } });
    expect(m.errorShape).toBeUndefined();
  });
});
