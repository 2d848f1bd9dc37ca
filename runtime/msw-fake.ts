/**
 * Fake data for the MSW example handlers (generated msw-fake.ts holds the schemas): a value valid for a JSON Schema (as the generator
 * converts the contract's: `$ref`s to `#/$defs/...`), the same for the same seed, made up
 * without a faker library. It follows type, const, enum, format, minimum/maximum (exclusive too)
 * and multipleOf, minLength/maxLength, simple patterns, required, properties,
 * additionalProperties, min/maxProperties, dependentRequired, items/prefixItems,
 * min/maxItems, uniqueItems, allOf (merged), oneOf/anyOf (one branch), with a bounded depth:
 * past SOFT_DEPTH only what is required is made. What it cannot follow (`not`, `if`, lookaheads
 * in patterns) it ignores; the handlers check every answer against the contract in development.
 */

import { conforms } from './msw-fake-conforms.js';
import { fromPattern, patternTest } from './msw-fake-pattern.js';
import { flatten, merge, type Defs, type FakeSchema, type Obj } from './msw-fake-schema.js';
import { isObject } from './is-object.js';

export type { FakeSchema } from './msw-fake-schema.js';

/** Past this depth: required properties only, the fewest items. */
const SOFT_DEPTH = 5;
/** Past this depth a schema that still requires more nesting gets `null` (no valid value is that deep). */
const HARD_DEPTH = 32;
/** Without maxItems, at most this many items over minItems. */
const EXTRA_ITEMS = 2;

/** A number in [0, 1) from a 32-bit state (mulberry32): small, fast, the same everywhere. */
export function createRandom(seed: string): () => number {
  // FNV-1a of the seed's UTF-16 code units: the state
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Context {
  random: () => number;
  defs: Defs;
  /** objects down to this depth get every optional property, arrays an item (telling oneOf branches apart) */
  fillTo: number;
}

/** A value valid for `schema` (whose `$ref`s point into `defs`), the same for the same seed. */
export function fakeValue(schema: FakeSchema, defs: Defs, seed: string): unknown {
  return make(schema, { random: createRandom(seed), defs, fillTo: -1 }, 0);
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

function int(ctx: Context, lo: number, hi: number): number {
  return lo + Math.floor(ctx.random() * (hi - lo + 1));
}
function pick<T>(ctx: Context, list: readonly T[]): T {
  return list[Math.floor(ctx.random() * list.length)];
}

function make(schema: FakeSchema, ctx: Context, depth: number): unknown {
  if (depth > HARD_DEPTH) return null;
  const flat = flatten(schema, ctx.defs);
  if (flat === false) return null;
  const s = flat;
  const branches = (
    Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined
  ) as FakeSchema[] | undefined;
  if (branches && branches.length > 0) return makeBranch(s, branches, ctx, depth);
  if ('const' in s) return clone(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    // values the rest of the schema refuses (`null` in the enum of a `type: string`) are left out
    const { enum: values, ...rest } = s;
    const fitting = values.filter((v) => conforms(v, rest, ctx.defs));
    return clone(pick(ctx, fitting.length > 0 ? fitting : values));
  }
  switch (typeOf(s, ctx)) {
    case 'null':
      return null;
    case 'boolean':
      return ctx.random() < 0.5;
    case 'integer':
      return makeNumber(s, ctx, true);
    case 'number':
      return makeNumber(s, ctx, false);
    case 'array':
      return makeArray(s, ctx, depth);
    case 'object':
      return makeObject(s, ctx, depth);
    default:
      return makeString(s, ctx);
  }
}

/**
 * A value of one branch of `oneOf`/`anyOf` (with the schema's other keywords). Branches often
 * overlap (two object shapes that differ in optional fields): for `oneOf` a value is kept only
 * when it fits its branch alone, trying branches from a random one (deep down, from the first).
 */
function makeBranch(s: Obj, branches: FakeSchema[], ctx: Context, depth: number): unknown {
  const { oneOf, anyOf: _anyOf, ...rest } = s;
  const options = branches.map((b) => {
    const flat = flatten(b, ctx.defs);
    return flat === false ? false : flatten(merge(rest, flat), ctx.defs) || rest;
  });
  const start = depth > SOFT_DEPTH ? 0 : int(ctx, 0, options.length - 1);
  let last: unknown = null;
  const fillTo = ctx.fillTo;
  for (let i = 0; i < options.length * 2; i++) {
    const option = options[(start + i) % options.length];
    if (option === false) continue;
    // the second round makes the fullest values: branches that differ in optional parts differ then
    if (i >= options.length) ctx.fillTo = Math.max(fillTo, depth + 3);
    last = make(option, ctx, depth + 1);
    ctx.fillTo = fillTo;
    if (!Array.isArray(oneOf)) return last;
    if (options.filter((o) => o !== false && conforms(last, o, ctx.defs)).length === 1) return last;
  }
  return last;
}

/** The JSON type to make: the schema's (not `null` when it has another), else what its keywords imply. */
function typeOf(s: Obj, ctx: Context): string {
  const types = (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]) as string[];
  const real = types.filter((t) => t !== 'null');
  if (real.length > 0) {
    const type = real.length === 1 ? real[0] : pick(ctx, real);
    // OpenAPI's int32/int64 formats hold whole numbers, whatever `type` says
    return type === 'number' && (s.format === 'int32' || s.format === 'int64') ? 'integer' : type;
  }
  if (types.length > 0) return 'null';
  if (s.properties || s.required || s.additionalProperties !== undefined) return 'object';
  if (s.items || s.prefixItems || s.minItems !== undefined) return 'array';
  if (s.minimum !== undefined || s.maximum !== undefined || s.multipleOf !== undefined)
    return 'number';
  return 'string';
}

function makeNumber(s: Obj, ctx: Context, integer: boolean): number {
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const step = num('multipleOf');
  const exMin = num('exclusiveMinimum');
  const exMax = num('exclusiveMaximum');
  const int32 = s.format === 'int32';
  let lo = Math.max(
    num('minimum') ?? -Infinity,
    exMin ?? -Infinity,
    int32 ? -(2 ** 31) : -Infinity,
  );
  let hi = Math.min(num('maximum') ?? Infinity, exMax ?? Infinity, int32 ? 2 ** 31 - 1 : Infinity);
  if (lo === -Infinity) lo = hi === Infinity ? 1 : hi - 1000;
  if (hi === Infinity) hi = lo + 1000;
  if (step !== undefined && step > 0) {
    let k0 = Math.ceil(lo / step);
    let k1 = Math.floor(hi / step);
    if (exMin !== undefined && k0 * step <= exMin) k0++;
    if (exMax !== undefined && k1 * step >= exMax) k1--;
    if (integer && !Number.isInteger(step)) {
      // an integer multiple of a fraction: step × k is whole when k is a multiple of its denominator
      for (let k = k0; k <= Math.min(k1, k0 + 1000); k++)
        if (Number.isInteger(k * step)) return k * step;
    }
    return (k1 >= k0 ? int(ctx, k0, Math.min(k1, k0 + 1000)) : k0) * step;
  }
  if (integer) {
    let a = Math.ceil(lo);
    let b = Math.floor(hi);
    if (exMin !== undefined && a <= exMin) a = Math.floor(exMin) + 1;
    if (exMax !== undefined && b >= exMax) b = Math.ceil(exMax) - 1;
    return b >= a ? int(ctx, a, Math.min(b, a + 100_000)) : a;
  }
  const value = Math.round((lo + ctx.random() * (hi - lo)) * 100) / 100;
  const inside = (v: number) =>
    v >= lo && v <= hi && (exMin === undefined || v > exMin) && (exMax === undefined || v < exMax);
  return inside(value) ? value : (lo + hi) / 2;
}

function makeArray(s: Obj, ctx: Context, depth: number): unknown[] {
  const min = typeof s.minItems === 'number' ? s.minItems : 0;
  const max = typeof s.maxItems === 'number' ? s.maxItems : min + EXTRA_ITEMS;
  // draft-07 tuples are `items: [..]` with `additionalItems`; 2020-12 `prefixItems` with `items`
  const prefix = (
    Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : []
  ) as FakeSchema[];
  const rest = (Array.isArray(s.items) ? s.additionalItems : s.items) as FakeSchema | undefined;
  let count =
    depth >= SOFT_DEPTH ? min : int(ctx, min, Math.max(min, Math.min(max, min + EXTRA_ITEMS)));
  if (depth <= ctx.fillTo) count = Math.max(count, Math.min(1, max));
  if (rest === false) count = Math.min(count, prefix.length);
  count = Math.max(count, Math.min(prefix.length, min));
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (let i = 0, tries = 0; out.length < count && tries < count * 10 + 10; tries++) {
    const schema =
      i < prefix.length
        ? prefix[i]
        : out.length === 0 && s.contains !== undefined
          ? { allOf: [rest ?? {}, s.contains] }
          : (rest ?? {});
    const value = make(schema as FakeSchema, ctx, depth + 1);
    if (s.uniqueItems === true) {
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(value);
    i++;
  }
  return out;
}

function makeObject(s: Obj, ctx: Context, depth: number): Obj {
  const props = (isObject(s.properties) ? s.properties : {}) as Record<string, FakeSchema>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const closed =
    (s.closed as string[][] | undefined) ??
    (s.additionalProperties === false ? [Object.keys(props)] : []);
  const allowed = (name: string) => closed.every((set) => set.includes(name));
  const extra =
    s.additionalProperties === false
      ? undefined
      : isObject(s.additionalProperties) || s.additionalProperties === true
        ? (s.additionalProperties as FakeSchema)
        : undefined;
  const max = typeof s.maxProperties === 'number' ? s.maxProperties : Infinity;
  const min = typeof s.minProperties === 'number' ? s.minProperties : 0;
  const deps = (isObject(s.dependentRequired) ? s.dependentRequired : {}) as Record<
    string,
    string[]
  >;
  const out: Obj = {};
  const add = (name: string) => {
    if (name in out) return;
    out[name] = make(props[name] ?? extra ?? {}, ctx, depth + 1);
    for (const dep of deps[name] ?? []) add(dep);
  };
  for (const name of required) add(name);
  for (const name of Object.keys(props)) {
    if (Object.keys(out).length >= max) break;
    if (!allowed(name) || name in out) continue;
    if (props[name] === false) continue; // a property that may not be there
    if (depth <= ctx.fillTo || (depth < SOFT_DEPTH && ctx.random() < 0.6)) add(name);
  }
  // a map (no named properties): a couple of entries
  const mapLike = Object.keys(props).length === 0 && extra !== undefined;
  const wanted = Math.max(min, mapLike && depth < SOFT_DEPTH ? int(ctx, 1, 2) : 0);
  for (const name of Object.keys(props)) {
    if (Object.keys(out).length >= wanted) break;
    if (allowed(name)) add(name);
  }
  // more entries than the named properties give: under names any open object takes
  const open =
    extra ?? (s.additionalProperties === undefined && closed.length === 0 ? {} : undefined);
  for (
    let n = 1;
    Object.keys(out).length < Math.min(wanted, max) && open !== undefined && n < 100;
    n++
  )
    if (!(`key${n}` in out)) out[`key${n}`] = make(open, ctx, depth + 1);
  return out;
}

const WORDS = [
  'alpha',
  'bravo',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'grove',
  'harbor',
  'iris',
  'juniper',
  'kestrel',
  'lumen',
];
const HEX = '0123456789abcdef';

function makeString(s: Obj, ctx: Context): string {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const fits = (v: string) => {
    const n = [...v].length;
    return n >= minLength && n <= maxLength;
  };
  const formatted = typeof s.format === 'string' ? formatValue(s.format, ctx) : undefined;
  if (formatted !== undefined && (fits(formatted) || typeof s.pattern !== 'string'))
    return formatted;
  if (typeof s.pattern === 'string') {
    const test = patternTest(s.pattern);
    let last: string | undefined;
    for (let i = 0; i < 8; i++) {
      const v = fromPattern(s.pattern, ctx.random);
      if (v === undefined) break;
      last = v;
      if (fits(v) && (!test || test(v))) return v;
      // `^[0-9a-f]+$` with minLength 40: the last character again, or fewer, often still matches
      const n = [...v].length;
      const sized =
        n < minLength ? v + v.slice(-1).repeat(minLength - n) : [...v].slice(0, maxLength).join('');
      if (sized !== '' && fits(sized) && (!test || test(sized))) return sized;
    }
    if (last !== undefined) return last;
  }
  let text = pick(ctx, WORDS);
  while ([...text].length < minLength) text += ` ${pick(ctx, WORDS)}`;
  if (maxLength !== Infinity) text = [...text].slice(0, maxLength).join('');
  // a cut may end on a space; the last character made a letter again keeps the length
  return text.endsWith(' ') ? `${text.slice(0, -1)}x` : text;
}

function formatValue(format: string, ctx: Context): string | undefined {
  const n = int(ctx, 1, 9999);
  const hex = (len: number) => Array.from({ length: len }, () => HEX[int(ctx, 0, 15)]).join('');
  const date = new Date(
    Date.UTC(2020, 0, 1) + Math.floor(ctx.random() * 4 * 365 * 86400) * 1000,
  ).toISOString();
  switch (format) {
    case 'date-time':
      return date.replace(/\.\d+Z$/, 'Z');
    case 'date':
      return date.slice(0, 10);
    case 'time':
      return `${date.slice(11, 19)}Z`;
    case 'duration':
      return `P${int(ctx, 1, 30)}D`;
    case 'email':
    case 'idn-email':
      return `${pick(ctx, WORDS)}${n}@example.com`;
    case 'hostname':
    case 'idn-hostname':
      return `${pick(ctx, WORDS)}${n}.example.com`;
    case 'ipv4':
      return `192.0.2.${int(ctx, 1, 254)}`;
    case 'ipv6':
      return `2001:db8::${hex(4)}`;
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
      return `https://example.com/${pick(ctx, WORDS)}/${n}`;
    case 'uri-template':
      return `https://example.com/${pick(ctx, WORDS)}/{id}`;
    case 'uuid':
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(ctx, 0, 3)]}${hex(3)}-${hex(12)}`;
    case 'byte':
      return btoa(`${pick(ctx, WORDS)}${n}`);
    case 'json-pointer':
      return `/${pick(ctx, WORDS)}/${n}`;
    case 'relative-json-pointer':
      return `0/${pick(ctx, WORDS)}`;
    case 'regex':
      return `^${pick(ctx, WORDS)}$`;
    default:
      return undefined;
  }
}

/** What the generated `msw-fake.js` holds: response schemas by `$defs` key, and each operation's. */
export interface FakeTable {
  defs: Record<string, FakeSchema>;
  /** operation id → [documented status (`200`, `4XX`, `default`), `$defs` key] of JSON bodies */
  responses: Record<string, [string, string][]>;
}

/**
 * An answer of the operation made up from its schema: for `status` (the documented one that
 * covers it: exact, then range, then `default`), or without one for its lowest documented
 * success status. Undefined when the contract documents no JSON body there. The seed, the
 * operation and the status seed the value, so each answer is the same call after call.
 */
export function fakeAnswer(
  table: FakeTable,
  operationId: string,
  status: number | undefined,
  seed: string,
): { status: number; body: unknown } | undefined {
  const list = Object.prototype.hasOwnProperty.call(table.responses, operationId)
    ? table.responses[operationId]
    : [];
  let chosen: [number, string] | undefined;
  if (status === undefined) {
    const success = list
      .filter(([s]) => /^2(\d\d|XX)$/i.test(s))
      .map(([s, key]): [number, string] => [/XX$/i.test(s) ? 200 : Number(s), key])
      .sort((a, b) => a[0] - b[0]);
    chosen = success[0];
  } else {
    const key =
      list.find(([s]) => s === String(status))?.[1] ??
      list.find(([s]) => s.toUpperCase() === `${String(status)[0]}XX`)?.[1] ??
      list.find(([s]) => s === 'default')?.[1];
    if (key !== undefined) chosen = [status, key];
  }
  if (!chosen) return undefined;
  const [answerStatus, key] = chosen;
  return {
    status: answerStatus,
    body: fakeValue(
      table.defs[key] ?? {},
      table.defs,
      `${seed}\u0000${operationId}\u0000${answerStatus}`,
    ),
  };
}
