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
import {
  convert30,
  convert30Changes,
  defKey,
  nullableWithoutType,
  OPENAPI_ONLY,
  SCHEMA_MAPS,
  SCHEMA_VALUES,
  type SchemaSite,
} from '../schema/json-schema.js';
import { getAt } from '../common/pointer.js';

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

  // A schema the conversion would leave as it is is not copied: the check only reads it (the
  // meta-schema validators neither coerce nor fill in defaults), and most schemas are such.
  const convert = (node: unknown): unknown => {
    if (typeof node === 'boolean') return node;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const schema = node as Record<string, unknown>;
    const keys = Object.keys(schema);
    // The copy, made at the first key that changes (or is dropped).
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const value = schema[key];
      let next: unknown = value;
      const drop = key.startsWith('x-') || OPENAPI_ONLY.has(key);
      if (drop) {
        // dropped, not converted
      } else if (key === '$ref' && typeof value === 'string' && value.startsWith('#')) {
        enqueue(value);
      } else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
        next = convertMap(value as Record<string, unknown>);
      } else if (key === 'tmsLevel' && value && typeof value === 'object') {
        const wrapped = value as { schema: unknown };
        next = { ...wrapped, schema: convert(wrapped.schema) };
      } else if (SCHEMA_VALUES.has(key)) {
        next = Array.isArray(value) ? convertList(value) : convert(value);
      }
      // An own `__proto__` key is assigned, as json-schema.ts does (it sets the prototype).
      if (!out && (drop || next !== value || key === '__proto__')) out = copyOf(schema, keys, i);
      if (out && !drop) out[key] = next;
    }
    if (!out && changedByLastSteps(schema)) out = copyOf(schema, keys, keys.length);
    if (!out) return schema;
    if (dialect === '3.0') convert30(out);
    if (nullableWithoutType(out)) delete out.nullable;
    return out;
  };
  /** The first `count` keys of a schema, assigned one by one as json-schema.ts does. */
  const copyOf = (schema: Record<string, unknown>, keys: string[], count: number) => {
    const out: Record<string, unknown> = {};
    for (let j = 0; j < count; j++) out[keys[j]] = schema[keys[j]];
    return out;
  };
  /** Whether `convert30` or the `nullable` rule would change a schema. */
  const changedByLastSteps = (schema: Record<string, unknown>): boolean =>
    (dialect === '3.0' && convert30Changes(schema)) || nullableWithoutType(schema);
  // json-schema.ts rebuilds a map with fromEntries (an array becomes an object; a property named
  // `__proto__` stays a property): the same map where nothing in it changes.
  const convertMap = (map: Record<string, unknown>): unknown => {
    const entries = Object.entries(map);
    let changed = Array.isArray(map);
    const converted = entries.map(([k, v]) => {
      const c = convert(v);
      if (c !== v) changed = true;
      return [k, c] as const;
    });
    return changed ? Object.fromEntries(converted) : map;
  };
  const convertList = (list: unknown[]): unknown => {
    let changed = false;
    const converted = list.map((v) => {
      const c = convert(v);
      if (c !== v) changed = true;
      return c;
    });
    return changed ? converted : list;
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
