/**
 * Identical inline subschemas shared: real documents repeat large object schemas inline (GitHub's
 * webhook payloads each carry their own copy of the same `pull_request` or `repository` object).
 * Compiled as written, every copy becomes code of its own. Here every inline subschema that
 * occurs more than once, and is large enough for a function call to be cheaper than its code,
 * moves to a `$defs` entry named by its content hash and is replaced by a `$ref`, so it is
 * compiled once (and lands in one shared module, see split-modules.ts).
 *
 * Verdicts do not change: every `$ref` in the root points into `#/$defs/`, so a moved subschema
 * means the same there. Only an error's `schemaPath` is then relative to the shared entry.
 * Not done when the root uses keywords whose meaning depends on the place (`unevaluated*`,
 * anchors, `$id`): there, moving a subschema could change what it evaluates.
 */
import { createHash } from 'node:crypto';
import type { JsonSchema } from '../model/types.js';
import { SCHEMA_MAPS, SCHEMA_VALUES, fragmentSegment } from './json-schema.js';
import { namesWord } from './names-word.js';

/** Subschemas smaller than this (JSON characters) stay inline: a call costs about as much. */
const MIN_SIZE = 120;
const PLACE_DEPENDENT = new Set([
  'unevaluatedProperties',
  'unevaluatedItems',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
]);

export function shareSubschemas(defs: Record<string, JsonSchema>): Record<string, JsonSchema> {
  if (namesWord(defs, PLACE_DEPENDENT)) return defs;
  // 1. A content hash and size for every subschema object (bottom-up, each node once).
  const info = new Map<object, { hash: string; size: number }>();
  const count = new Map<string, number>();
  const measure = (node: unknown): { hash: string; size: number } => {
    if (!node || typeof node !== 'object') {
      const text = JSON.stringify(node) ?? 'null';
      return { hash: text, size: text.length };
    }
    const known = info.get(node);
    if (known) return known;
    const h = createHash('sha256');
    let size = 2;
    if (Array.isArray(node)) {
      h.update('[');
      for (const item of node) {
        const m = measure(item);
        h.update(m.hash).update(',');
        size += m.size + 1;
      }
    } else {
      h.update('{');
      for (const key of Object.keys(node).sort()) {
        const m = measure((node as Record<string, unknown>)[key]);
        h.update(JSON.stringify(key)).update(':').update(m.hash).update(',');
        size += key.length + 3 + m.size;
      }
    }
    const result = { hash: h.digest('hex'), size };
    info.set(node, result);
    return result;
  };
  const subschemas = (schema: unknown, visit: (s: object) => void): void => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
    for (const [key, value] of Object.entries(schema)) {
      if (SCHEMA_MAPS.has(key) && value && typeof value === 'object')
        Object.values(value).forEach((v) => v && typeof v === 'object' && visit(v));
      else if (SCHEMA_VALUES.has(key) && value && typeof value === 'object')
        (Array.isArray(value) ? value : [value]).forEach(
          (v) => v && typeof v === 'object' && visit(v),
        );
      else if (key === 'tmsLevel' && value && typeof value === 'object') {
        const inner = (value as { schema?: unknown }).schema;
        if (inner && typeof inner === 'object') visit(inner);
      }
    }
  };
  const countAll = (schema: object): void => {
    const { hash, size } = measure(schema);
    if (size >= MIN_SIZE) count.set(hash, (count.get(hash) ?? 0) + 1);
    subschemas(schema, countAll);
  };
  for (const schema of Object.values(defs)) subschemas(schema, countAll);
  // An inline copy of a whole `$defs` entry (a component written out again) becomes a `$ref` to it.
  const whole = new Map<string, string>();
  for (const key of Object.keys(defs).sort()) {
    const schema = defs[key];
    if (!schema || typeof schema !== 'object') continue;
    const { hash, size } = measure(schema);
    if (size >= MIN_SIZE && !whole.has(hash)) whole.set(hash, key);
  }

  // 2. Rewrite top-down: a repeated, large subschema becomes a `$ref` to its shared entry.
  const out: Record<string, JsonSchema> = {};
  const shared = new Map<string, string>(); // hash → `$defs` key
  const keyOf = (hash: string): string => {
    let key = `shared-${hash.slice(0, 16)}`;
    for (let n = 2; Object.prototype.hasOwnProperty.call(defs, key); n++)
      key = `shared-${hash.slice(0, 16)}-${n}`;
    return key;
  };
  const rewrite = (schema: unknown, top: boolean): unknown => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
    const { hash, size } = measure(schema);
    if (!top && whole.has(hash)) return { $ref: `#/$defs/${fragmentSegment(whole.get(hash)!)}` };
    if (!top && size >= MIN_SIZE && (count.get(hash) ?? 0) > 1) {
      let key = shared.get(hash);
      if (!key) {
        key = keyOf(hash);
        shared.set(hash, key);
        out[key] = rewrite(schema, true) as JsonSchema;
      }
      return { $ref: `#/$defs/${key}` };
    }
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      if (SCHEMA_MAPS.has(key) && value && typeof value === 'object')
        copy[key] = Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, rewrite(v, false)]),
        );
      else if (SCHEMA_VALUES.has(key) && value && typeof value === 'object')
        copy[key] = Array.isArray(value)
          ? value.map((v) => rewrite(v, false))
          : rewrite(value, false);
      else if (key === 'tmsLevel' && value && typeof value === 'object')
        copy[key] = { ...value, schema: rewrite((value as { schema?: unknown }).schema, false) };
      else copy[key] = value;
    }
    return copy;
  };
  for (const [key, schema] of Object.entries(defs)) out[key] = rewrite(schema, true) as JsonSchema;
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((k) => [k, out[k]]),
  );
}
