/**
 * Table tests of generator/model/: given a small contract fragment, want this model (the way
 * openapi-typescript tests its transform/). Each case builds a whole document around the
 * fragment, runs the model builder on it, and compares the parts of the model the case is about.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import { requestSamples } from '../../generator/model/lookup.js';
import { bodyKindOf, representativeMedia } from '../../generator/model/media.js';
import type { ApiModel, MediaType, Operation } from '../../generator/model/types.js';
import { isJsonMediaType } from '../../runtime/media-type.js';

type Json = Record<string, unknown>;

/** A 3.1 document with `paths` and `components`, built into a model (problems must be none). */
function model(paths: Json, components: Json = {}): ApiModel {
  const document = {
    openapi: '3.1.0',
    info: { title: 'fragment', version: '1' },
    paths,
    components,
  } as unknown as OpenApiDocument;
  const { model, problems } = buildModel(document, 'fragment.yaml');
  expect(problems).toEqual([]);
  return model;
}

const ok = { '200': { description: 'ok' } };
const op = (m: ApiModel, id: string): Operation => m.operations.find((o) => o.id === id)!;

describe('parameters: location, wire encoding, media type, schema and its pointer', () => {
  const cases: { name: string; parameter: Json; components?: Json; want: Json }[] = [
    {
      name: 'a plain query integer',
      parameter: { name: 'n', in: 'query', schema: { type: 'integer' } },
      want: {
        in: 'query',
        encoding: 'plain',
        types: ['integer'],
        schemaPointer: '#/paths/~1x/get/parameters/0/schema',
      },
    },
    {
      name: 'a content: application/json query parameter is JSON on the wire',
      parameter: {
        name: 'narrow',
        in: 'query',
        content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
      },
      want: {
        encoding: 'json',
        mediaType: 'application/json',
        schema: { type: 'array', items: { type: 'string' } },
        schemaPointer: '#/paths/~1x/get/parameters/0/content/application~1json/schema',
      },
    },
    {
      name: 'a content: +json query parameter is JSON too',
      parameter: {
        name: 'filter',
        in: 'query',
        content: { 'application/vnd.x+json': { schema: { type: 'object' } } },
      },
      want: { encoding: 'json', mediaType: 'application/vnd.x+json' },
    },
    {
      name: 'a content: text/plain query parameter is plain text',
      parameter: {
        name: 'q',
        in: 'query',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
      want: { encoding: 'plain', mediaType: 'text/plain' },
    },
    {
      name: 'a $ref to a component parameter: the pointer is where the schema really is',
      parameter: { $ref: '#/components/parameters/Narrow' },
      components: {
        parameters: {
          Narrow: {
            name: 'narrow',
            in: 'query',
            content: { 'application/json': { schema: { type: 'array' } } },
          },
        },
      },
      want: {
        name: 'narrow',
        encoding: 'json',
        pointer: '#/paths/~1x/get/parameters/0',
        schemaPointer: '#/components/parameters/Narrow/content/application~1json/schema',
      },
    },
    {
      name: 'an array in the query explodes by default',
      parameter: { name: 'a', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
      want: { encoding: 'explode', itemTypes: ['integer'] },
    },
    {
      name: 'explode: false joins with commas',
      parameter: { name: 'a', in: 'query', explode: false, schema: { type: 'array' } },
      want: { encoding: 'comma' },
    },
    {
      name: 'style: deepObject',
      parameter: { name: 'o', in: 'query', style: 'deepObject', schema: { type: 'object' } },
      want: { encoding: 'deepObject' },
    },
    {
      name: 'a path parameter is required even when the contract forgets to say so',
      parameter: { name: 'id', in: 'path', schema: { type: 'integer' } },
      want: { in: 'path', required: true },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const m = model(
        { '/x': { get: { operationId: 'x', parameters: [c.parameter], responses: ok } } },
        c.components,
      );
      expect(op(m, 'x').parameters[0]).toMatchObject(c.want);
    });
  }
});

describe('bodies: kind, representative media type, form fields', () => {
  const form = {
    type: 'object',
    required: ['to'],
    properties: { to: { type: 'array', items: { type: 'integer' } }, topic: { type: 'string' } },
  };
  const cases: {
    name: string;
    content: Json;
    want: Json & { representative: { type: string; schemaPointer?: string } };
    fields?: Json[];
  }[] = [
    {
      name: 'urlencoded and multipart: a form, urlencoded stands for it even when listed second',
      content: {
        'multipart/form-data': { schema: form },
        'application/x-www-form-urlencoded': {
          schema: form,
          encoding: { to: { contentType: 'application/json' } },
        },
      },
      want: { kind: 'form', representative: { type: 'application/x-www-form-urlencoded' } },
      fields: [
        { name: 'to', in: 'body', required: true, encoding: 'json' },
        { name: 'topic', in: 'body', required: false, encoding: 'plain' },
      ],
    },
    {
      name: 'a JSON body',
      content: { 'application/json': { schema: { type: 'object' } } },
      want: {
        kind: 'json',
        representative: {
          type: 'application/json',
          schemaPointer: '#/paths/~1x/post/requestBody/content/application~1json/schema',
        },
      },
    },
    {
      name: 'a +json body is JSON; the JSON type stands for it before text',
      content: {
        'text/plain': { schema: { type: 'string' } },
        'application/merge-patch+json': { schema: { type: 'object' } },
      },
      want: { kind: 'json', representative: { type: 'application/merge-patch+json' } },
    },
    {
      name: 'ndjson is not JSON (one document per line)',
      content: { 'application/x-ndjson': { schema: { type: 'string' } } },
      want: { kind: 'other', representative: { type: 'application/x-ndjson' } },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const m = model({
        '/x': { post: { operationId: 'x', requestBody: { content: c.content }, responses: ok } },
      });
      const o = op(m, 'x');
      expect(o.requestBody).toMatchObject(c.want);
      if (c.fields) expect(o.parameters).toMatchObject(c.fields);
      // The runtime table lists the representative first: what a client sends by default.
      expect(o.runtime.body?.mediaTypes[0]).toBe(c.want.representative?.type);
    });
  }
});

describe('request body: carries nothing (model/request-body.ts), with the samples that follow it', () => {
  const none = { type: 'object', additionalProperties: false, properties: {} };
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const form = (schema: unknown) => ({ 'application/x-www-form-urlencoded': { schema } });
  const cases: { name: string; content: Json; components?: Json; want: boolean }[] = [
    { name: "Stripe's DELETE form: an object allowed no member", content: form(none), want: true },
    {
      name: 'the same in JSON, with no properties at all',
      content: json({ type: 'object', additionalProperties: false }),
      want: true,
    },
    {
      name: 'through a $ref to such an object',
      content: json({ $ref: '#/components/schemas/Empty' }),
      components: { schemas: { Empty: none } },
      want: true,
    },
    { name: 'a body listing no media type', content: {}, want: true },
    { name: '`{}`: anything may be sent', content: json({}), want: false },
    {
      name: 'an object with no properties but extra members allowed',
      content: json({ type: 'object' }),
      want: false,
    },
    {
      name: 'one declared property',
      content: json({ ...none, properties: { a: { type: 'string' } } }),
      want: false,
    },
    {
      name: 'only a readOnly property: still a member',
      content: json({ ...none, properties: { id: { type: 'string', readOnly: true } } }),
      want: false,
    },
    {
      name: 'patternProperties',
      content: json({ ...none, patternProperties: { '^x': {} } }),
      want: false,
    },
    { name: 'a composition', content: json({ ...none, oneOf: [{ type: 'object' }] }), want: false },
    { name: 'a media type with no schema', content: { 'application/json': {} }, want: false },
    {
      name: 'one media type of two carries something',
      content: { ...form(none), ...json({ type: 'object' }) },
      want: false,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const m = model(
        {
          '/x': { post: { operationId: 'x', requestBody: { content: c.content }, responses: ok } },
        },
        c.components,
      );
      expect(op(m, 'x').requestBody?.carriesNothing).toBe(c.want);
    });
  }

  it('an optional body with nothing to send gets no sample body; a required one still sends one', () => {
    const body = (required: boolean) => ({
      required,
      content: json({ type: 'object', additionalProperties: false }),
    });
    const m = model({
      '/a': { post: { operationId: 'a', requestBody: body(false), responses: ok } },
      '/b': { post: { operationId: 'b', requestBody: body(true), responses: ok } },
    });
    expect(requestSamples(m, op(m, 'a'))[0]).not.toHaveProperty('body');
    expect(requestSamples(m, op(m, 'b'))[0].body).toEqual({});
  });
});

describe('responses: the representative media type and the runtime entry', () => {
  const thing = { type: 'object' };
  const cases: { name: string; content: Json; type?: string; runtime?: Json }[] = [
    {
      name: 'application/json before another JSON type, whatever the order',
      content: {
        'application/vnd.x+json': { schema: thing },
        'application/json': { schema: thing },
      },
      type: 'application/json',
    },
    {
      name: 'a JSON type with a schema before one without',
      content: { 'application/json': {}, 'application/vnd.x+json': { schema: thing } },
      type: 'application/vnd.x+json',
      runtime: { '200': 'application/vnd.x+json' },
    },
    {
      name: 'problem+json alone stands for itself, and the runtime table says so',
      content: { 'application/problem+json': { schema: thing } },
      type: 'application/problem+json',
      runtime: { '200': 'application/problem+json' },
    },
    { name: 'no content, no representative', content: {}, type: undefined },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const m = model({
        '/x': {
          get: {
            operationId: 'x',
            responses: { '200': { description: 'ok', content: c.content } },
          },
        },
      });
      const o = op(m, 'x');
      expect(o.responses[0].representative?.type).toBe(c.type);
      expect(o.runtime.responseMediaTypes).toEqual(c.runtime);
    });
  }

  it('a $ref to a component response: the schema pointer follows it', () => {
    const m = model(
      {
        '/x': {
          get: {
            operationId: 'x',
            responses: { default: { $ref: '#/components/responses/Error' } },
          },
        },
      },
      {
        responses: {
          Error: {
            description: 'error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/E' } } },
          },
        },
        schemas: { E: { type: 'object' } },
      },
    );
    expect(op(m, 'x').responses[0].representative?.schemaPointer).toBe(
      '#/components/responses/Error/content/application~1json/schema',
    );
  });

  it('the runtime entry is the table row generated/operations.ts prints', () => {
    const m = model({
      '/things/{id}': {
        delete: {
          operationId: 'removeThing',
          parameters: [{ name: 'id', in: 'path', schema: { type: 'integer' } }],
          responses: { '200': { description: 'ok' }, '4XX': { description: 'no' } },
          'x-error-codes': ['BAD'],
        },
      },
    });
    expect(op(m, 'removeThing').runtime).toEqual({
      operationId: 'removeThing',
      method: 'DELETE',
      path: '/things/{id}',
      fields: [{ name: 'id', in: 'path', required: true, encoding: 'plain', types: ['integer'] }],
      auth: 'none',
      errorCodes: ['BAD'],
      statuses: ['200', '4XX'],
      // Both documented without content: the runner expects no JSON of them.
      responseContent: { '200': [], '4XX': [] },
    });
  });
});

describe('names: every generated name chosen once, collisions resolved once', () => {
  it('client methods, server types and starter handlers of colliding ids', () => {
    const m = model({
      '/a': { get: { operationId: 'get-user', responses: ok } },
      '/b': { get: { operationId: 'getUser', responses: ok } },
      '/c': { get: { operationId: 'request', responses: ok } },
      '/d': { get: { operationId: 'index', responses: ok } },
    });
    const names = Object.fromEntries(m.operations.map((o) => [o.id, o.names]));
    expect(names['get-user']).toMatchObject({
      method: 'getUser',
      handler: 'get-user',
      handlerExport: 'getUser',
      paramsType: 'GetUserParams',
      resultType: 'GetUserResult',
    });
    expect(names.getUser).toMatchObject({
      method: 'getUser2',
      handlerExport: 'getUser2',
      paramsType: 'GetUser2Params',
      resultType: 'GetUser2Result',
    });
    // `request` is a member of the client object; `index` is the scaffold's index file.
    expect(names.request.method).toBe('request2');
    expect(names.index.handlerExport).toBe('index2');
    expect(m.nameNotices).toEqual([
      {
        emitter: 'client',
        message: "client: operation 'getUser' is method 'getUser2' (name taken)",
      },
      {
        emitter: 'client',
        message: "client: operation 'request' is method 'request2' (name taken)",
      },
    ]);
  });

  it('params-object keys: a second parameter of one name is keyed by its location', () => {
    const m = model({
      '/x/{id}': {
        post: {
          operationId: 'x',
          parameters: [
            { name: 'id', in: 'path', schema: { type: 'integer' } },
            { name: 'id', in: 'query', schema: { type: 'integer' } },
          ],
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: ok,
        },
      },
    });
    const names = op(m, 'x').names;
    expect(names.fieldKeys.map((k) => [k.key, k.field.in])).toEqual([
      ['id', 'path'],
      ['query.id', 'query'],
    ]);
    expect(names.bodyKey).toBe('body');
  });

  it("schema guards: a schema whose guard would shadow the validators' own exports has none", () => {
    const m = model({}, { schemas: { Message: { type: 'object' }, Request: { type: 'object' } } });
    expect(m.schemas.map((s) => [s.name, s.guardStem])).toEqual([
      ['Message', 'Message'],
      ['Request', undefined],
    ]);
    expect(m.nameNotices.map((n) => n.emitter)).toEqual(['validators']);
  });
});

describe('the media-type rules themselves', () => {
  const json: [string, boolean][] = [
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/vnd.x+json', true],
    ['text/json', true],
    ['application/x-ndjson', false],
    ['application/json-seq', false],
    ['text/plain', false],
    ['multipart/form-data', false],
    ['', false],
  ];
  for (const [type, want] of json)
    it(`isJsonMediaType(${JSON.stringify(type)}) is ${want}`, () =>
      expect(isJsonMediaType(type)).toBe(want));

  const media = (type: string, schema = true): MediaType => ({
    type,
    encoding: {},
    examples: [],
    pointer: '#',
    ...(schema ? { schema: {} } : {}),
  });
  const ranks: [string, MediaType[], string | undefined][] = [
    ['nothing', [], undefined],
    ['first of a kind wins ties', [media('text/plain'), media('text/csv')], 'text/plain'],
    [
      'multipart < urlencoded',
      [media('multipart/form-data'), media('application/x-www-form-urlencoded')],
      'application/x-www-form-urlencoded',
    ],
    [
      'form < JSON',
      [media('application/x-www-form-urlencoded'), media('application/vnd.x+json')],
      'application/vnd.x+json',
    ],
    [
      'a JSON type without a schema still before a form',
      [media('application/x-www-form-urlencoded'), media('application/json', false)],
      'application/json',
    ],
  ];
  for (const [name, list, want] of ranks)
    it(`representativeMedia: ${name}`, () => expect(representativeMedia(list)?.type).toBe(want));

  it('bodyKindOf', () => {
    expect(
      bodyKindOf([media('application/x-www-form-urlencoded'), media('multipart/form-data')]),
    ).toBe('form');
    expect(
      bodyKindOf([media('application/x-www-form-urlencoded'), media('application/json')]),
    ).toBe('json');
    expect(bodyKindOf([media('application/octet-stream')])).toBe('other');
    expect(bodyKindOf([])).toBe('other');
  });
});
