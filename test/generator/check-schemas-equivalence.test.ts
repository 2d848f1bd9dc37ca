/**
 * The strict schema check (generator/load/check-schemas.ts: prebuilt meta-schema validators, a
 * conversion for checking only, one walk) gives exactly the verdicts of the check it replaced
 * (legacy-check-schemas.ts: `buildJsonSchemaRoot`, `ajv.validateSchema`, two walks): the same
 * problems (pointers, messages, hints, order) and the same unknown formats, on every fixture,
 * our contract and documents broken on purpose, with the prebuilt validators and without them.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleContract } from '../../generator/load/bundle.js';
import { checkSchemas } from '../../generator/load/check-schemas.js';
import {
  prebuiltSchemaMetaFile,
  schemaMetaValidatorSource,
} from '../../generator/load/schema-meta.js';
import { legacyCheckSchemas } from './legacy-check-schemas.js';

const ROOT = join(import.meta.dirname, '..', '..');

function documentsIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return documentsIn(full);
    return /\.(ya?ml|json)$/.test(name) ? [full] : [];
  });
}

type Doc = Record<string, unknown>;

/** Documents broken on purpose: every kind of thing the check reports, in both dialects. */
function brokenDocuments(): [string, Doc][] {
  const schemas = (dialect: '3.0' | '3.1'): Record<string, unknown> => ({
    Typo: { type: 'object', properties: { a: { tpye: 'string' }, b: { minLenght: 3 } } },
    BadType: { type: 'arry', properties: { n: { type: 'integer', minimum: '3' } } },
    BadRequired: { type: 'object', required: 'name', enum: [1, 1] },
    Formats: {
      type: 'object',
      properties: {
        f: { type: 'string', format: 'not-a-format' },
        g: { type: 'string', format: 'int32' },
        h: { type: 'string', format: 'email' },
      },
      enum: [{ format: 'inside-an-enum' }],
      default: { format: 'inside-a-default' },
      example: { format: 'inside-an-example' },
    },
    Bounds: { type: 'number', minimum: 1, exclusiveMinimum: true, exclusiveMaximum: false },
    RefSiblings: { $ref: '#/components/schemas/Typo', descripton: 'x', format: 'sibling-format' },
    Nullable: { nullable: true, tpye: 'string' },
    DeepRef: { $ref: '#/components/schemas/Typo/properties/a' },
    PathRef: {
      $ref: '#/paths/~1things/get/responses/200/content/application~1json/schema/items',
    },
    Items: { type: 'array', items: [{ type: 'strin' }, { maxItems: -1 }] },
    ArrayMap: { properties: [{ tpye: 'x' }] },
    '10': { type: 'strng' },
    '9': { type: 'strng' },
    // an own `__proto__` key, as JSON.parse makes it
    ...(JSON.parse('{"__proto__": {"type": "strng"}}') as object),
    Annotated: { 'x-extra': { tpye: 1 }, xml: { name: 'a' }, discriminator: { propertyName: 'a' } },
    Combined: {
      allOf: [{ $ref: '#/components/schemas/Typo' }, { type: 'object', additionalProperties: 3 }],
      oneOf: [{ type: 'object' }, true, false],
      not: { type: ['string', 'nul'] },
      pattern: '[a-z',
    },
    ...(dialect === '3.1'
      ? {
          Own: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'strng' },
          Prefix: { prefixItems: [{ type: 'x' }], unevaluatedProperties: { tpye: 'y' } },
          Const: { const: { format: 'in-const' }, $defs: { d: { tpye: 'string' } } },
        }
      : {}),
  });
  const doc = (dialect: '3.0' | '3.1'): Doc => ({
    openapi: dialect === '3.0' ? '3.0.3' : '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        parameters: [{ name: 'q', in: 'query', schema: { type: 'integr', format: 'q-format' } }],
        get: {
          parameters: [
            { $ref: '#/components/parameters/P' },
            { name: 'h', in: 'header', content: { 'text/plain': { schema: { minimum: 'a' } } } },
          ],
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', requird: ['a'] } } },
          },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Formats' } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: schemas(dialect),
      parameters: { P: { name: 'p', in: 'query', schema: { enum: 'x' } } },
      responses: {
        R: { description: 'r', content: { 'text/plain': { schema: { maxLength: -1 } } } },
      },
    },
  });
  return [
    ['broken 3.0', doc('3.0')],
    ['broken 3.1', doc('3.1')],
  ];
}

function compareAll(documents: [string, Doc][]): void {
  for (const [name, document] of documents) {
    const dialect = String(document.openapi).startsWith('3.1') ? '3.1' : '3.0';
    // the check must judge every document (a throw is a failure, not a verdict to compare)
    expect(checkSchemas(document, dialect), name).toStrictEqual(
      legacyCheckSchemas(document, dialect),
    );
  }
}

/** Every fixture that bundles (refusal fixtures may not), and our contract, which must. */
const fixtureDocuments = (): [string, Doc][] => {
  const found = [
    ...documentsIn(join(ROOT, 'test', 'fixtures')),
    join(ROOT, 'openapi', 'openapi.yaml'),
  ].flatMap((file): [string, Doc][] => {
    try {
      const bundled = bundleContract(file, ROOT);
      return bundled.ok ? [[file, bundled.bundle.document]] : [];
    } catch {
      return [];
    }
  });
  // a broken bundler must not leave the comparison with nothing to compare
  expect(found.map(([file]) => file)).toContain(join(ROOT, 'openapi', 'openapi.yaml'));
  expect(found.length).toBeGreaterThan(20);
  return found;
};

describe('the strict schema check judges as the check it replaced', () => {
  it('the broken documents are broken in every way the check reports', () => {
    for (const [name, document] of brokenDocuments()) {
      const dialect = name.endsWith('3.1') ? '3.1' : '3.0';
      const { problems, unknownFormats } = checkSchemas(document, dialect);
      const messages = problems.map((p) => p.message).join('\n');
      expect(messages).toMatch(/unknown keyword 'tpye'/);
      expect(messages).toMatch(/invalid schema: 'type' must be equal to one of the allowed/);
      expect(unknownFormats).toContain('not-a-format');
      expect(unknownFormats).toContain('inside-an-enum');
      expect(unknownFormats).not.toContain('inside-an-example');
    }
  });

  it('through Ajv (no prebuilt validators: a test, tsx)', () => {
    const saved = process.env.TMS_GEN_RUNTIME;
    delete process.env.TMS_GEN_RUNTIME;
    try {
      compareAll([...brokenDocuments(), ...fixtureDocuments()]);
    } finally {
      if (saved !== undefined) process.env.TMS_GEN_RUNTIME = saved;
    }
  });

  describe('with the prebuilt meta-schema validators (the CLI)', () => {
    // Inside the checkout: the standalone code require()s ajv's runtime from node_modules.
    const folder = join(ROOT, '.tmp', `schema-meta-${process.pid}`);
    const saved = process.env.TMS_GEN_RUNTIME;
    beforeAll(() => {
      mkdirSync(folder, { recursive: true });
      for (const dialect of ['3.0', '3.1'] as const)
        writeFileSync(
          join(folder, prebuiltSchemaMetaFile(dialect)),
          schemaMetaValidatorSource(dialect),
        );
      process.env.TMS_GEN_RUNTIME = folder;
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.TMS_GEN_RUNTIME;
      else process.env.TMS_GEN_RUNTIME = saved;
      rmSync(folder, { recursive: true, force: true });
    });

    it('on documents broken on purpose', () => compareAll(brokenDocuments()));
    it('on every fixture and our contract', () => compareAll(fixtureDocuments()));
  });
});
