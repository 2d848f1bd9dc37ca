/**
 * The loader's limits (generator/load/limits.ts) at their edges: for each, a document with
 * exactly N of what it counts is accepted under the limit N, and one with N + 1 is refused with
 * the exact JSON pointer, the figure and the option that raises it. (test/fixtures/hostile's
 * limit cases stand far from the edges: 40 operations against a limit of 30.) The documents are
 * built here, counted here by their own rule, and loaded in-process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../generator/load/index.js';
import type { LoadLimits } from '../../generator/load/limits.js';

type Json = Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'tms-limit-edges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ok = { description: 'ok' };
const operation = (i: number) => ({ operationId: `op${i}`, responses: { '200': ok } });

/** A valid 3.1 document with `ops` operations, `schemas` component schemas and `extra` fields. */
function documentWith(ops: number, schemas = 0, extra: Json = {}): Json {
  const paths: Json = {};
  for (let i = 0; i < ops; i++) paths[`/p${i}`] = { get: operation(i) };
  const components = {
    schemas: Object.fromEntries(
      Array.from({ length: schemas }, (_, i) => [`S${i}`, { type: 'string' }]),
    ),
  };
  return { openapi: '3.1.0', info: { title: 'edges', version: '1' }, paths, components, ...extra };
}

let files = 0;
function write(text: string, ext = 'json'): string {
  const file = join(dir, `doc-${files++}.${ext}`);
  writeFileSync(file, text);
  return file;
}

async function load(file: string, limits: Partial<LoadLimits>) {
  const result = await loadContract(file, { limits, skipSchemaCheck: true });
  return result.ok
    ? []
    : result.problems.map((p) => ({ pointer: p.pointer, message: p.message, hint: p.hint }));
}

/** Values of a JSON document by the limit's rule: every scalar, object and array is one. */
function values(v: unknown): number {
  if (v === null || typeof v !== 'object') return 1;
  return 1 + Object.values(v).reduce<number>((n, x) => n + values(x), 0);
}

/** Nesting by the limit's rule: the root object is level 1, each object or array inside one more. */
function depth(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(v).map(depth));
}

describe('each limit: N accepted, N + 1 refused at its place', () => {
  it('operations (--max-operations)', async () => {
    const N = 7;
    expect(await load(write(JSON.stringify(documentWith(N))), { maxOperations: N })).toEqual([]);
    expect(await load(write(JSON.stringify(documentWith(N + 1))), { maxOperations: N })).toEqual([
      {
        pointer: '#/paths',
        message: `${N + 1} operations: more than the limit`,
        hint: `limit ${N}; --max-operations <n> changes it`,
      },
    ]);
  });

  it('component schemas (--max-schemas)', async () => {
    const N = 9;
    expect(await load(write(JSON.stringify(documentWith(1, N))), { maxSchemas: N })).toEqual([]);
    expect(await load(write(JSON.stringify(documentWith(1, N + 1))), { maxSchemas: N })).toEqual([
      {
        pointer: '#/components/schemas',
        message: `${N + 1} schemas: more than the limit`,
        hint: `limit ${N}; --max-schemas <n> changes it`,
      },
    ]);
  });

  it('nesting depth (--max-depth), in JSON and in YAML', async () => {
    const N = 20;
    /** an `x-deep` chain `{a: {a: …}}` that brings the document to `levels` levels */
    const nested = (levels: number) => {
      let chain: Json = {};
      for (let i = 2; i < levels; i++) chain = { a: chain };
      const doc = documentWith(1, 0, { 'x-deep': chain });
      expect(depth(doc)).toBe(levels);
      return doc;
    };
    const deepest = '#/x-deep' + '/a'.repeat(N - 1); // the container at level N + 1
    for (const ext of ['json', 'yaml']) {
      const text = (levels: number) => JSON.stringify(nested(levels), null, ext === 'yaml' ? 1 : 0);
      expect(await load(write(text(N), ext), { maxDepth: N }), ext).toEqual([]);
      expect(await load(write(text(N + 1), ext), { maxDepth: N }), ext).toEqual([
        {
          pointer: deepest,
          message: `nested deeper than ${N} levels`,
          hint: `limit ${N}; --max-depth <n> changes it`,
        },
      ]);
    }
  });

  it('values (--max-nodes)', async () => {
    const base = documentWith(1);
    const N = values(base) + 10;
    /** the base document padded with numbers to `count` values */
    const padded = (count: number) => {
      const doc = { ...base, 'x-pad': [] as number[] };
      while (values(doc) < count) doc['x-pad'].push(0);
      expect(values(doc)).toBe(count);
      return JSON.stringify(doc);
    };
    expect(await load(write(padded(N)), { maxNodes: N })).toEqual([]);
    expect(await load(write(padded(N + 1)), { maxNodes: N })).toEqual([
      {
        pointer: '#',
        message: `the document holds more than ${N} values`,
        hint: `limit ${N}; --max-nodes <n> changes it`,
      },
    ]);
  });

  it('YAML alias uses (--max-yaml-aliases)', async () => {
    const N = 6;
    const yaml = (uses: number) =>
      [
        'openapi: 3.1.0',
        'info: {title: edges, version: "1"}',
        'x-thing: &thing {a: 1}',
        'paths:',
        '  /p0: {get: {operationId: op0, responses: {"200": {description: ok}}}}',
        'x-list:',
        ...Array.from({ length: uses }, () => '  - *thing'),
        '',
      ].join('\n');
    expect(await load(write(yaml(N), 'yaml'), { maxYamlAliases: N })).toEqual([]);
    expect(await load(write(yaml(N + 1), 'yaml'), { maxYamlAliases: N })).toEqual([
      {
        pointer: `#/x-list/${N}`,
        message: `more than ${N} YAML alias uses`,
        hint: `limit ${N}; --max-yaml-aliases <n> changes it`,
      },
    ]);
  });

  it('bytes of the document (--max-document-bytes)', async () => {
    const text = JSON.stringify(documentWith(1));
    const N = Buffer.byteLength(text) + 100;
    /** the document padded with trailing spaces (still the same JSON) to `bytes` bytes */
    const sized = (bytes: number) => text + ' '.repeat(bytes - Buffer.byteLength(text));
    expect(await load(write(sized(N)), { maxDocumentBytes: N })).toEqual([]);
    const refused = await load(write(sized(N + 1)), { maxDocumentBytes: N });
    expect(refused).toEqual([
      {
        pointer: '#',
        message: expect.stringContaining(`${N + 1} bytes: larger than the document size limit`),
        hint: undefined,
      },
    ]);
    expect(refused[0].message).toContain(`limit ${N}; --max-document-bytes <n> changes it`);
  });
});
