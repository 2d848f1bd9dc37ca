/**
 * The schemas of a document as the strict schema check (check-schemas.ts) reads them: what
 * `buildJsonSchemaRoot` (schema/json-schema.ts) makes of them, less what only the validators
 * need. The check looks at the keys of each converted schema (unknown keywords), at every
 * `format` string and judges each against the meta-schema; none of that depends on how a
 * `$ref` is spelled (the meta-schemas ask a `$ref` to be a string: `uri-reference` is a format
 * they do not check), so each `$ref` keeps the document's spelling instead of being rewritten into
 * the root's `$defs` (a pointer parse and an escape per `$ref`: ~10,000 on GitHub's spec), and a
 * target's `$defs` key is worked out once. The set of schemas, their keys, their order and every
 * other conversion are `buildJsonSchemaRoot`'s; the equivalence test
 * (test/generator/check-schemas-equivalence.test.ts) holds the two together.
 */
import { defKey, SCHEMA_MAPS, SCHEMA_VALUES, type SchemaSite } from '../schema/json-schema.js';
import { getAt } from '../pointer.js';

/** OpenAPI annotations that are not JSON Schema keywords (as json-schema.ts drops them). */
const OPENAPI_ONLY = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

/** Converted schemas by `$defs` key, in `buildJsonSchemaRoot`'s (sorted) order. */
export function schemasForCheck(
  document: Record<string, unknown>,
  sites: SchemaSite[],
  dialect: '3.0' | '3.1',
): [string, unknown][] {
  // A plain object, as json-schema.ts's: the same keys survive (`__proto__` does not).
  const defs: Record<string, unknown> = {};
  // [pointer, its `$defs` key]
  const pending: [string, string][] = [];
  const queued = new Set<string>();
  // A `$ref` string names the same key every time it is met.
  const keyOfRef = new Map<string, string>();
  const enqueue = (ptr: string, known?: string): void => {
    let key = known ?? keyOfRef.get(ptr);
    if (key === undefined) {
      key = defKey(ptr);
      keyOfRef.set(ptr, key);
    }
    if (!queued.has(key)) {
      queued.add(key);
      pending.push([ptr, key]);
    }
  };
  // A site's key is defKey of its pointer already (collectSchemaSites).
  for (const site of sites) enqueue(site.pointer, site.key);

  const convert = (node: unknown): unknown => {
    if (typeof node === 'boolean') return node;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const schema = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(schema)) {
      const value = schema[key];
      if (key.startsWith('x-') || OPENAPI_ONLY.has(key)) continue;
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#')) {
        enqueue(value);
        out.$ref = value;
      } else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
        // fromEntries, as json-schema.ts: a property named `__proto__` stays a property.
        out[key] = Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, convert(v)]),
        );
      } else if (key === 'tmsLevel' && value && typeof value === 'object') {
        const wrapped = value as { schema: unknown };
        out[key] = { ...wrapped, schema: convert(wrapped.schema) };
      } else if (SCHEMA_VALUES.has(key)) {
        out[key] = Array.isArray(value) ? value.map((v) => convert(v)) : convert(value);
      } else {
        out[key] = value;
      }
    }
    if (dialect === '3.0') convert30(out);
    if (out.nullable !== undefined && out.type === undefined) delete out.nullable;
    return out;
  };

  for (let next = 0; next < pending.length; next++) {
    const [ptr, key] = pending[next];
    const value = getAt(document, ptr);
    defs[key] = value === undefined ? {} : convert(value);
  }
  // Sorted into an object, then read back in that object's order (integer-like keys first).
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((k) => [k, defs[k]]),
  );
  return Object.entries(sorted);
}

/** json-schema.ts's 3.0 conversion (draft-04-ish bounds, `$ref` replacing its siblings). */
function convert30(schema: Record<string, unknown>): void {
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[bound] === 'boolean') {
      if (schema[bound] === true && typeof schema[limit] === 'number') {
        schema[bound] = schema[limit];
        delete schema[limit];
      } else {
        delete schema[bound];
      }
    }
  }
  if (typeof schema.$ref === 'string') {
    for (const key of Object.keys(schema)) if (key !== '$ref') delete schema[key];
  }
}
