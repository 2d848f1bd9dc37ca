/**
 * fast-check values drawn from a request schema: what the generated types accept for it (types,
 * enums, consts, unions, objects with their required properties, arrays, free-form objects),
 * not what a validator would (patterns, formats and lengths are not in the types, so they are
 * not honoured here either). Recursion is cut by a depth budget.
 */
import fc from 'fast-check';
import { deref } from '../../../generator/model/schema-facts.js';

/** Text with the characters that break naive writers: separators, brackets, quotes, unicode. */
const hazardText = fc.string({
  unit: fc.constantFrom(...Array.from('ab1 &=+%,;|[]{}":-.é😀\\/?#')),
  maxLength: 8,
});
export const textValues = fc.oneof(
  fc.string({ maxLength: 8 }),
  hazardText,
  fc.constantFrom('', 'x', 'a b', 'null', 'true', '7', '[1]'),
);
/**
 * Free-form object keys: any text but brackets, which deepObject uses to spell the path, and
 * not empty, which deepObject cannot tell from an array's `[]`.
 */
const keyValues = fc.string({
  unit: fc.constantFrom(...Array.from('abxyz_1 -.é')),
  minLength: 1,
  maxLength: 5,
});

const MAX_DEPTH = 4;

export type Schema = Record<string, unknown>;

export interface DrawContext {
  document: unknown;
  depth: number;
}

export function schemaValues(schema: unknown, ctx: DrawContext): fc.Arbitrary<unknown> {
  const s = deref(ctx.document, schema);
  if (s === undefined) return anyJson(ctx.depth);
  const nullable = s.nullable === true;
  const base = nonNull(s, ctx);
  return nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function nonNull(s: Schema, ctx: DrawContext): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  // An array's scalar enum matches nothing: the types follow `type` (model/views/typescript.ts).
  const arrayLevelEnum =
    s.type === 'array' && Array.isArray(s.enum) && s.enum.every((v) => !Array.isArray(v));
  if (Array.isArray(s.enum) && s.enum.length > 0 && !arrayLevelEnum)
    return fc.constantFrom(...(s.enum as unknown[]));
  const branches = [s.oneOf, s.anyOf].find((b) => Array.isArray(b) && b.length > 0) as
    unknown[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => schemaValues(withSiblings(s, b), ctx)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return schemaValues(mergeAllOf(s, ctx), ctx);
  const types = typesOf(s);
  if (types.length === 0) return anyJson(ctx.depth);
  return fc.oneof(...types.map((type) => typed(type, s, ctx)));
}

/** A branch of a union with its parent's own object keywords (OpenAPI documents split them so). */
function withSiblings(parent: Schema, branch: unknown): unknown {
  if (!parent.properties && !parent.type) return branch;
  const { oneOf: _o, anyOf: _a, ...rest } = parent;
  return { allOf: [rest, branch] };
}

function mergeAllOf(s: Schema, ctx: DrawContext): Schema {
  const { allOf, ...own } = s;
  const merged: Schema = { ...own };
  const properties: Record<string, unknown> = { ...((own.properties as object) ?? {}) };
  const required = new Set<string>((own.required as string[]) ?? []);
  for (const part of allOf as unknown[]) {
    let p = deref(ctx.document, part) ?? {};
    if (Array.isArray(p.allOf)) p = mergeAllOf(p, ctx);
    // A union inside an intersection: its first branch stands for it (enough for the wire).
    const union = [p.oneOf, p.anyOf].find(Array.isArray) as unknown[] | undefined;
    if (union && union.length > 0) p = { ...p, ...(deref(ctx.document, union[0]) ?? {}) };
    Object.assign(properties, (p.properties as object) ?? {});
    for (const name of (p.required as string[]) ?? []) required.add(name);
    for (const key of ['type', 'items', 'enum', 'const', 'additionalProperties', 'nullable'])
      if (p[key] !== undefined && merged[key] === undefined) merged[key] = p[key];
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

function typesOf(s: Schema): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string');
  if (s.properties || s.additionalProperties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

function typed(type: string, s: Schema, ctx: DrawContext): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return textValues;
    case 'integer':
      return fc.integer({ min: -1_000_000, max: 1_000_000_000 });
    case 'number':
      // -0 has no text of its own (`0`): it is 0 to every reader, and to the types.
      return fc
        .double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e12 })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const deeper = { ...ctx, depth: ctx.depth + 1 };
      if (ctx.depth >= MAX_DEPTH) return fc.constant([]);
      return fc.array(schemaValues(s.items ?? {}, deeper), { maxLength: 3 });
    }
    case 'object':
      return objectValues(s, ctx);
    default:
      return anyJson(ctx.depth);
  }
}

function objectValues(s: Schema, ctx: DrawContext): fc.Arbitrary<unknown> {
  const deeper = { ...ctx, depth: ctx.depth + 1 };
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const names = Object.keys(properties).filter(
    (name) => required.has(name) || ctx.depth < MAX_DEPTH,
  );
  const declared = fc.record(
    Object.fromEntries(names.map((name) => [name, schemaValues(properties[name], deeper)])),
    { requiredKeys: names.filter((name) => required.has(name)), noNullPrototype: true },
  );
  const extra = s.additionalProperties;
  const freeForm =
    (extra === undefined && Object.keys(properties).length === 0) ||
    extra === true ||
    (typeof extra === 'object' && extra !== null);
  if (!freeForm || ctx.depth >= MAX_DEPTH) return declared;
  const values =
    typeof extra === 'object' && extra !== null ? schemaValues(extra, deeper) : anyJson(ctx.depth);
  const more = fc.dictionary(
    keyValues.filter((key) => !(key in properties)),
    values,
    { maxKeys: 3, noNullPrototype: true },
  );
  return fc.tuple(declared, more).map(([a, b]) => ({ ...b, ...a }));
}

/** Any JSON value (free-form schemas), object keys as in `keyValues`. */
function anyJson(depth: number): fc.Arbitrary<unknown> {
  const scalars = fc.oneof(
    textValues,
    fc.integer({ min: -1000, max: 1000 }),
    fc.boolean(),
    fc.constant(null),
  );
  if (depth >= 2) return scalars;
  const inner = anyJson(depth + 1);
  return fc.oneof(
    { weight: 3, arbitrary: scalars },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(keyValues, inner, { maxKeys: 3, noNullPrototype: true }),
    },
  );
}
