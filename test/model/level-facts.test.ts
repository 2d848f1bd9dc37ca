/**
 * Feature-level facts are found under every keyword where JSON Schema keeps a schema,
 * contentSchema included: a property added at a level inside an encoded string's schema is as
 * level-aware as any other. The keywords are listed here, from the JSON Schema 2020-12 core
 * and validation specifications (plus draft 4's `definitions` and `additionalItems`, which
 * OpenAPI 3.0 documents use), not taken from the model's own list: were a keyword dropped from
 * schema-sites.ts, its case would go with it and the test could not fail.
 */
import { describe, expect, it } from 'vitest';
import { collectLevelFacts } from '../../generator/model/level-facts.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import { SCHEMA_MAPS, SCHEMA_VALUES } from '../../generator/model/schema-sites.js';

const added = { 'x-history': [{ level: 7, change: 'added', note: 'new' }] };
const inner = { type: 'object', properties: { fresh: { type: 'string', ...added } } };

/** Keywords whose value is a schema or an array of schemas. */
const VALUE_KEYWORDS = [
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'contentSchema',
];
/** Keywords whose value is a map of names to schemas. */
const MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
];

/** The keywords of `wanted` the model's list lacks. */
function missing(wanted: readonly string[], known: ReadonlySet<string>): string[] {
  return wanted.filter((keyword) => !known.has(keyword));
}

describe('collectLevelFacts', () => {
  it('walks every schema keyword of JSON Schema', () => {
    expect(missing(VALUE_KEYWORDS, SCHEMA_VALUES)).toEqual([]);
    expect(missing(MAP_KEYWORDS, SCHEMA_MAPS)).toEqual([]);
  });

  it.each(VALUE_KEYWORDS)('finds a property added at a level under %s', (keyword) => {
    const document = {
      components: { schemas: { Outer: { type: 'string', [keyword]: inner } } },
    };
    const facts = collectLevelFacts(document, 9);
    expect(facts[`#/components/schemas/Outer/${keyword}`]).toEqual({
      properties: { fresh: expect.objectContaining({ addedIn: 7 }) },
    });
  });

  it('carries the level facts of a JSON-in-string parameter into the model', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'fragment', version: '1' },
      paths: {
        '/notes': {
          get: {
            parameters: [
              {
                name: 'where',
                in: 'query',
                schema: {
                  type: 'string',
                  contentMediaType: 'application/json',
                  contentSchema: inner,
                },
              },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    } as unknown as OpenApiDocument;
    const { model } = buildModel(document, 'fragment.yaml');
    expect(model.levelFacts['#/paths/~1notes/get/parameters/0/schema/contentSchema']).toEqual({
      properties: { fresh: expect.objectContaining({ addedIn: 7 }) },
    });
  });
});
