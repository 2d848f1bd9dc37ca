/**
 * openapi-typescript's output printed in pieces (emit/types-pieces.ts) must be byte for byte
 * openapi-typescript's own `astToString(transformSchema(...))`, whatever the piece size: one
 * entry per piece (every boundary a piece boundary), two, and one piece for everything. The
 * documents exercise each branch of transformSchema and transformComponentsObject: paths with
 * and without operationId, path items by $ref, webhooks, every component group, empty groups,
 * `$defs`, discriminators, the WithRequired helper before and after `operations` in the footer,
 * and root type aliases whose names collide.
 */
import * as ots from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { otsContext } from '../../generator/emit/types.js';
import { printInPieces } from '../../generator/emit/types-pieces.js';

const info = { title: 't', version: '1' };
const ok = { '200': { description: 'ok' } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const op = (operationId: string | undefined, extra: object = {}) => ({
  ...(operationId ? { operationId } : {}),
  description: `does ${operationId ?? 'something'}`,
  responses: ok,
  ...extra,
});
/** allOf with `required` of a property declared elsewhere: openapi-typescript's WithRequired */
const withRequired = {
  allOf: [{ $ref: '#/components/schemas/Pet' }],
  required: ['name'],
};

const documents: Record<string, object> = {
  'no paths, nothing else': { openapi: '3.0.3', info, paths: {} },
  'no paths key': { openapi: '3.1.0', info, components: { schemas: { A: { type: 'string' } } } },
  'paths without operationId': {
    openapi: '3.0.3',
    info,
    paths: {
      '/a': { get: op(undefined), post: op(undefined, { requestBody: json({ type: 'string' }) }) },
      '/b/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        delete: op(undefined, { deprecated: true }),
      },
    },
  },
  'paths with and without operationId, $ref path items, WithRequired first': {
    openapi: '3.0.3',
    info,
    paths: {
      '/inline': { get: op(undefined, { responses: { '200': json(withRequired) } }) },
      '/pets': {
        summary: 'pets',
        get: op('listPets', {
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer' } },
            { $ref: '#/components/parameters/Trace' },
          ],
          responses: {
            '200': json({ type: 'array', items: { $ref: '#/components/schemas/Pet' } }),
          },
        }),
        post: op('addPet#1', { requestBody: { $ref: '#/components/requestBodies/NewPet' } }),
      },
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: op('getPet', { responses: { '404': { $ref: '#/components/responses/NotFound' } } }),
        put: op(undefined),
      },
      '/alias': { $ref: '#/paths/~1pets' },
      '/later': { patch: op('later', { requestBody: json(withRequired) }) },
      '/10': { get: op('ten') },
      '/2': { get: op('two') },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          description: 'A pet.\nOn two lines.',
          required: ['id'],
          properties: { id: { type: 'string' }, name: { type: 'string', nullable: true } },
        },
        'pet-kind': { type: 'string', enum: ['cat', 'dog'] },
        PetKind: { type: 'integer' },
        SchemaPet: { type: 'boolean' },
        '200': { type: 'number' },
        Empty: { type: 'object' },
      },
      responses: { NotFound: { description: 'gone', headers: { 'X-Why': { schema: {} } } } },
      parameters: { Trace: { name: 'trace', in: 'header', schema: { type: 'string' } } },
      requestBodies: { NewPet: json({ $ref: '#/components/schemas/Pet' }) },
      headers: { Limit: { description: 'the limit', schema: { type: 'integer' } } },
      pathItems: {
        Shared: { get: op('sharedGet'), post: op(undefined) },
        'pet-kind': { get: op(undefined) },
      },
    },
  },
  'operations first, WithRequired after (in components)': {
    openapi: '3.0.3',
    info,
    paths: { '/x': { get: op('x') }, '/y': { get: op('y') } },
    components: {
      schemas: {
        Pet: { type: 'object', properties: { name: { type: 'string' } } },
        Named: withRequired,
      },
    },
  },
  'empty component groups': {
    openapi: '3.0.3',
    info,
    paths: { '/x': { get: op('x') } },
    components: { schemas: {}, responses: {}, parameters: { P: { name: 'p', in: 'query' } } },
  },
  'components without a group': { openapi: '3.0.3', info, paths: {}, components: {} },
  discriminators: {
    openapi: '3.0.3',
    info,
    paths: {
      '/animals': {
        post: op('addAnimal', {
          requestBody: json({ $ref: '#/components/schemas/Animal' }),
          responses: { '200': json({ oneOf: [{ $ref: '#/components/schemas/Cat' }] }) },
        }),
      },
    },
    components: {
      schemas: {
        Animal: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string' } },
          discriminator: {
            propertyName: 'kind',
            mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
          },
        },
        Cat: {
          allOf: [
            { $ref: '#/components/schemas/Animal' },
            { type: 'object', properties: { lives: { type: 'integer' } } },
          ],
        },
        Dog: {
          allOf: [{ $ref: '#/components/schemas/Animal' }, { type: 'object' }],
        },
        Pets: {
          oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
          discriminator: { propertyName: 'kind' },
        },
      },
    },
  },
  'webhooks and $defs (3.1)': {
    openapi: '3.1.0',
    info,
    paths: { '/x': { get: op('x') } },
    webhooks: {
      newPet: { post: op('newPetHook', { requestBody: json({ type: 'string' }) }) },
      gone: { post: op(undefined) },
      ping: { get: op('ping') },
    },
    $defs: {
      type: 'object',
      properties: { a: { type: 'string' }, b: { $ref: '#/components/schemas/A' } },
    },
    components: { schemas: { A: { type: ['string', 'null'] } } },
  },
  'empty webhooks, $defs without members': {
    openapi: '3.1.0',
    info,
    paths: {},
    webhooks: {},
    $defs: { type: 'string' },
  },
};

// each run on its own copy: openapi-typescript's discriminator handling writes into the document
function whole(document: object): string {
  const copy = structuredClone(document);
  return ots.astToString(ots.transformSchema(copy as never, otsContext(ots, copy)));
}

function inPieces(document: object, size: number, afterPiece?: () => void): string | undefined {
  const copy = structuredClone(document);
  return printInPieces(ots, ts, copy, otsContext(ots, copy), size, afterPiece);
}

describe('types printed in pieces', () => {
  it.each(Object.entries(documents))('%s: the same text as the whole tree', (_, document) => {
    const expected = whole(document);
    for (const size of [1, 2, 3, 1000])
      expect(inPieces(document, size), `size ${size}`).toBe(expected);
  });

  it('a document of many entries: pieces of one, some and all give the same text', () => {
    const paths: Record<string, object> = {};
    const schemas: Record<string, object> = {};
    for (let i = 0; i < 40; i++) {
      paths[`/r${i}`] = { get: op(i % 3 === 0 ? undefined : `get${i}`), post: op(`post${i}`) };
      schemas[`S${i}`] = i % 5 === 0 ? withRequired : { type: 'object', description: `s ${i}` };
    }
    schemas.Pet = { type: 'object', properties: { name: { type: 'string' } } };
    const document = { openapi: '3.0.3', info, paths, components: { schemas } };
    const expected = whole(document);
    expect(expected).toContain('export interface operations');
    expect(expected).toContain('WithRequired');
    for (const size of [1, 7, 16, 39, 40, 41, 256]) expect(inPieces(document, size)).toBe(expected);
  });

  it('the pieces are really printed apart (a boundary out of place shows)', () => {
    const document =
      documents['paths with and without operationId, $ref path items, WithRequired first'];
    const pieces = inPieces(document, 1)!;
    // the same members, but the pieces of paths in the wrong order: the text differs
    const swapped = {
      ...document,
      paths: Object.fromEntries(Object.entries((document as { paths: object }).paths).reverse()),
    };
    expect(inPieces(swapped, 1)).not.toBe(pieces);
    expect(inPieces(swapped, 1)).toBe(whole(swapped));
    // and printed apart: one piece per path at size 1, all of them in one piece at a large size
    const paths = Object.keys((document as { paths: object }).paths).length;
    expect(paths).toBeGreaterThan(2);
    let small = 0;
    let large = 0;
    inPieces(document, 1, () => small++);
    inPieces(document, 1000, () => large++);
    expect(small).toBeGreaterThanOrEqual(paths);
    expect(large).toBeLessThan(small);
  });

  it('shapes the driver does not follow are left to the whole transform', () => {
    const document = documents['no paths, nothing else'];
    const ctx = { ...otsContext(ots, document), enum: true };
    expect(printInPieces(ots, ts, document, ctx)).toBeUndefined();
    const arrayPaths = { openapi: '3.0.3', info, paths: [] };
    expect(printInPieces(ots, ts, arrayPaths, otsContext(ots, arrayPaths))).toBeUndefined();
    const arrayGroup = { openapi: '3.0.3', info, paths: {}, components: { schemas: [] } };
    expect(printInPieces(ots, ts, arrayGroup, otsContext(ots, arrayGroup))).toBeUndefined();
  });
});
