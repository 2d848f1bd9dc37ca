/**
 * The loader's OpenAPI structure check (generator/load/openapi-structure.ts) judges as
 * swagger-parser's validate() did before it replaced it: the same verdict and the same
 * meta-schema errors, on planted documents whose refs stand where a dereference matters (a ref
 * to another kind of object, a ref with siblings, a ref where the meta-schema takes no
 * Reference, a ref outside components) and on real documents of the shared corpus.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../generator/common/contract-error.js';
import { loadContract } from '../../generator/load/index.js';
import { bundleContract } from '../../generator/load/bundle.js';
import { metaValidator, type Dialect } from '../../generator/load/openapi-meta.js';
import { checkOpenapiStructure } from '../../generator/load/openapi-structure.js';
import { haveShared, sharedPath } from '../shared-folder.js';

const compiled: Partial<Record<Dialect, ReturnType<typeof metaValidator>>> = {};
const validators = { get: (d: Dialect) => (compiled[d] ??= metaValidator(d)) };

/** The errors of each check as `message params`, sorted, and whether it passed. */
async function both(document: Record<string, unknown>) {
  let old: { details?: { message?: string; params?: unknown }[]; message?: string } | undefined;
  try {
    await SwaggerParser.validate(structuredClone(document) as never);
  } catch (error) {
    old = error as typeof old;
  }
  const now = checkOpenapiStructure(document, validators);
  const lines = (list?: { message?: string; params?: unknown }[]) =>
    [...new Set((list ?? []).map((d) => `${d.message} ${JSON.stringify(d.params)}`))].sort();
  return {
    old: { ok: !old, errors: lines(old?.details) },
    now: { ok: !now, errors: lines(now?.details) },
  };
}

const base = (version: string, extra: Record<string, unknown> = {}) => ({
  openapi: version,
  info: { title: 'T', version: '1' },
  ...extra,
});
const ok = { description: 'ok' };
const op = (more: Record<string, unknown> = {}) => ({ responses: { '200': ok }, ...more });

const PLANTED: [string, Record<string, unknown>][] = [
  [
    'a parameter ref to a schema (another kind)',
    base('3.0.3', {
      paths: { '/a': { get: op({ parameters: [{ $ref: '#/components/schemas/S' }] }) } },
      components: { schemas: { S: { type: 'string' } } },
    }),
  ],
  [
    'a schema ref to a parameter (another kind)',
    base('3.0.3', {
      paths: {
        '/a': {
          get: op({
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/parameters/P' } } },
              },
            },
          }),
        },
      },
      components: { parameters: { P: { name: 'p', in: 'query', schema: { type: 'string' } } } },
    }),
  ],
  [
    'a ref with a sibling the target kind does not allow',
    base('3.0.3', {
      paths: {
        '/a': { get: op({ parameters: [{ $ref: '#/components/parameters/P', type: 'x' }] }) },
      },
      components: { parameters: { P: { name: 'p', in: 'query', schema: { type: 'string' } } } },
    }),
  ],
  [
    'a media type given as a ref (no Reference there), to a broken target',
    base('3.0.3', {
      paths: {
        '/a': {
          get: op({
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { $ref: '#/x-media/m' } },
              },
            },
          }),
        },
      },
      'x-media': { m: { schema: { type: 'string' }, bogus: 1 } },
    }),
  ],
  [
    'a response ref into an extension, to a broken target',
    base('3.0.3', {
      paths: { '/a': { get: op({ responses: { '200': { $ref: '#/x-r/bad' } } }) } },
      'x-r': { bad: { content: {} } },
    }),
  ],
  [
    'a response ref into another operation (valid)',
    base('3.0.3', {
      paths: {
        '/a': { get: op() },
        '/b': { get: op({ responses: { '200': { $ref: '#/paths/~1a/get/responses/200' } } }) },
      },
    }),
  ],
  [
    'a broken component, used twice',
    base('3.0.3', {
      paths: { '/a': { get: op({ parameters: [{ $ref: '#/components/parameters/P' }] }) } },
      components: { parameters: { P: { name: 'p', in: 'nowhere' } } },
    }),
  ],
  [
    'a 3.1 path item under paths given as a ref to a broken webhook',
    base('3.1.0', {
      paths: { '/a': { $ref: '#/webhooks/w' } },
      webhooks: { w: { get: { responses: { '200': {} } } } },
    }),
  ],
  [
    'circular schemas (valid)',
    base('3.0.3', {
      paths: {
        '/a': {
          get: op({
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } },
              },
            },
          }),
        },
      },
      components: {
        schemas: {
          Tree: {
            type: 'object',
            properties: { kids: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
          },
        },
      },
    }),
  ],
];

describe('the OpenAPI structure check judges as swagger-parser', () => {
  for (const [name, document] of PLANTED) {
    it(name, async () => {
      const { old, now } = await both(document);
      expect(now).toEqual(old);
    });
  }

  it('accepts a 3.1 server variable description, which the bundled 3.1 schema misspells (the loader worked around it before too)', async () => {
    const { old, now } = await both(
      base('3.1.0', {
        servers: [{ url: '{h}', variables: { h: { default: 'x', description: 'host' } } }],
        paths: {},
      }),
    );
    expect(old.errors).toEqual([
      'must NOT have unevaluated properties {"unevaluatedProperty":"description"}',
    ]);
    expect(now).toEqual({ ok: true, errors: [] });
  });

  it('every problem of a broken document keeps file, line and pointer', async () => {
    const result = await loadContract('test/fixtures/broken/missing-description.yaml');
    expect(result.ok).toBe(false);
    for (const line of result.ok ? [] : result.problems.map(formatProblem))
      expect(line).toMatch(/^test\/fixtures\/broken\/missing-description\.yaml:\d+:\d+ #\/\S*: /);
  });

  const corpus = sharedPath('specs', 'breadth');
  const present = haveShared('the structure check on the shared corpus', 'specs', 'breadth');
  // Every 25th document of the corpus (all 300 agreed when this check replaced swagger-parser): a spread of providers, in a few seconds.
  it.skipIf(!present)(
    'on real documents of the shared corpus (every 25th of specs/breadth; skipped without ../shared)',
    async () => {
      const files = readdirSync(corpus)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .filter((_, i) => i % 25 === 0);
      expect(files.length).toBeGreaterThanOrEqual(10);
      const compared: string[] = [];
      for (const file of files) {
        // A document that does not bundle is a failure, not a skip: a test that compared no
        // document would pass on nothing.
        const bundled = bundleContract(join(corpus, file));
        if (!bundled.ok)
          throw new Error(`${file} does not bundle: ${bundled.problems[0]?.message}`);
        const { old, now } = await both(bundled.bundle.document);
        expect(now, file).toEqual(old);
        compared.push(file);
      }
      expect(compared).toEqual(files);
    },
    120_000,
  );
});
