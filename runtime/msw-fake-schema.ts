/**
 * Schema folding for the fake-data generator (runtime/msw-fake.ts): a `$ref` chain followed
 * (`#/$defs/<key>`, as the generator writes the contract's schemas) and `allOf` merged into one
 * object schema, the bounds of both kept, the names each closed member allows kept apart.
 */
import { isObject } from './is-object.js';

export type FakeSchema = { [key: string]: unknown } | boolean;
export type Obj = Record<string, unknown>;
export type Defs = Record<string, FakeSchema>;

/** How many `$ref`s and nested `allOf`s are followed before giving up (cycles, hostile depth). */
const MAX_REFS = 32;

/** `#/$defs/<key>` (the key percent- and pointer-escaped) → the schema; anything else → `{}`. */
function deref(ref: string, defs: Defs): FakeSchema {
  const m = /^#\/\$defs\/(.*)$/.exec(ref);
  if (!m) return {};
  let key: string;
  try {
    key = decodeURIComponent(m[1]);
  } catch {
    key = m[1];
  }
  key = key.replace(/~1/g, '/').replace(/~0/g, '~');
  return Object.prototype.hasOwnProperty.call(defs, key) ? defs[key] : {};
}

/** The schema with its `$ref` chain and `allOf` folded into one object schema. */
export function flatten(schema: FakeSchema, defs: Defs, seen = 0): Obj | false {
  if (schema === false) return false;
  if (schema === true) return {};
  let out: Obj = { ...schema };
  if (typeof out.$ref === 'string' && seen < MAX_REFS) {
    const { $ref, ...rest } = out;
    const target = flatten(deref($ref as string, defs), defs, seen + 1);
    if (target === false) return false;
    out = merge(target, rest);
  }
  if (Array.isArray(out.allOf) && seen < MAX_REFS) {
    const { allOf, ...rest } = out;
    let merged: Obj = rest;
    for (const member of allOf as FakeSchema[]) {
      const flat = flatten(member, defs, seen + 1);
      if (flat === false) return false;
      merged = merge(merged, flat);
    }
    out = flatten(merged, defs, seen + 1) || merged;
  }
  return out;
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];

/** Both schemas at once (what `allOf` means), as far as making a value needs. */
export function merge(a: Obj, b: Obj): Obj {
  const out: Obj = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (mine === undefined) {
      out[key] = value;
      // which names b allows, kept apart: a's own properties may not be among them
      if (key === 'additionalProperties' && value === false)
        out.closed = [...((out.closed as string[][] | undefined) ?? []), closedSet(b)];
      continue;
    }
    if (key === 'properties' && isObject(mine) && isObject(value)) {
      const props: Obj = { ...mine };
      for (const [name, s] of Object.entries(value))
        props[name] = name in props ? { allOf: [props[name], s] } : s;
      out.properties = props;
    } else if (key === 'required' && Array.isArray(mine) && Array.isArray(value)) {
      out.required = [...new Set([...(mine as string[]), ...(value as string[])])];
    } else if (key === 'type') {
      out.type = intersectTypes(mine, value);
    } else if (key === 'enum' && Array.isArray(mine) && Array.isArray(value)) {
      const keys = new Set(value.map((v) => JSON.stringify(v)));
      out.enum = mine.filter((v) => keys.has(JSON.stringify(v)));
    } else if (LOWER_BOUNDS.includes(key) && typeof value === 'number') {
      out[key] = Math.max(mine as number, value);
    } else if (UPPER_BOUNDS.includes(key) && typeof value === 'number') {
      out[key] = Math.min(mine as number, value);
    } else if (key === 'additionalProperties') {
      if (value === false || mine === false) {
        out.closed = [
          ...((out.closed as string[][] | undefined) ?? (mine === false ? [closedSet(a)] : [])),
          ...(value === false ? [closedSet(b)] : []),
        ];
        out.additionalProperties = false;
      } else out.additionalProperties = { allOf: [mine, value] };
    } else if (key === 'closed') {
      out.closed = [...(mine as string[][]), ...(value as string[][])];
    } else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf') {
      // two sets of branches: both must hold, so the second goes into allOf
      out.allOf = [...((out.allOf as FakeSchema[]) ?? []), { [key]: value }];
    } else if (key === 'items' || key === 'contains' || key === 'additionalItems') {
      out[key] = { allOf: [mine, value] };
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The property names an `additionalProperties: false` member allows. */
function closedSet(schema: Obj): string[] {
  return Object.keys(isObject(schema.properties) ? schema.properties : {});
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const list = (t: unknown) => (Array.isArray(t) ? (t as string[]) : [t as string]);
  const right = list(b);
  const both = list(a).flatMap((t) =>
    right.includes(t)
      ? [t]
      : t === 'number' && right.includes('integer')
        ? ['integer']
        : t === 'integer' && right.includes('number')
          ? ['integer']
          : [],
  );
  return both.length === 1 ? both[0] : both;
}
