/**
 * Sample requests of an operation, built from the model: the docs show them (curl, TypeScript)
 * and the contract-test runner sends them. The contract's own examples come first (a media
 * type's named examples, a parameter's example); a value is made up from the schema only for a
 * required parameter the contract gives no example for, so the sample is still a valid request.
 * Responses the contract gives no example for get one made up the same way (`responseSample`).
 *
 * Made-up values follow the schema (example, default, const, enum, format, pattern, bounds) and
 * are the same on every run: no clock, no unseeded randomness (a pattern's string is drawn with
 * a seed made of the pattern itself).
 */
import { createRandom } from '../../runtime/msw-fake.js';
import { fromPattern, patternTest } from '../../runtime/msw-fake-pattern.js';
import { deref } from './schema-facts.js';
import { escapeRegex } from '../../runtime/wire/path.js';
import type { Operation, Parameter } from './types.js';

export interface SampleInput {
  /** the name of the body example it comes from, when the contract has several */
  name?: string;
  summary?: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
}

type Obj = Record<string, unknown>;

export interface RequestSampleOptions {
  max?: number;
  /**
   * A word free-text strings of the body made from its schema end with (`text updated`): an
   * update's sample that differs from the create's, so reading it back shows which one the
   * server kept
   */
  variant?: string;
}

/** By default at most this many samples per operation (one per named body example). */
const MAX_SAMPLES = 3;

export function sampleInputs(
  op: Operation,
  document: unknown,
  opts: RequestSampleOptions = {},
): SampleInput[] {
  const base: SampleInput = { path: {}, query: {}, headers: {} };
  const chosen = chooseParameters(
    op.parameters.filter((p) => p.in !== 'body' && p.in !== 'cookie'),
  );
  for (const p of chosen) {
    const value = parameterValue(p, document);
    if (value === undefined) continue;
    if (p.in === 'path') base.path[p.name] = value;
    else if (p.in === 'query') base.query[p.name] = value;
    else if (p.in === 'header') base.headers[p.name] = value;
  }
  const body = op.requestBody;
  // An optional body with nothing to send is left out; a required one is still sent (`{}`).
  if (!body || (body.carriesNothing && !body.required)) return [base];
  const media = body.representative;
  const named = (media?.examples ?? []).filter(
    (e) => e.value !== undefined && e.value !== null && typeof e.value === 'object',
  );
  if (named.length > 0) {
    return named
      .slice(0, opts.max ?? MAX_SAMPLES)
      .map((e) => ({ ...base, name: e.name, summary: e.summary, body: e.value }));
  }
  if (body.kind === 'form') {
    const fields: Obj = {};
    for (const p of chooseParameters(op.parameters.filter((p) => p.in === 'body'))) {
      const value = parameterValue(p, document);
      if (value !== undefined) fields[p.name] = value;
    }
    return [{ ...base, body: fields }];
  }
  if (!body.required && !media?.schema) return [base];
  const variant = opts.variant !== undefined ? { variant: opts.variant } : {};
  return [{ ...base, body: media?.schema ? sampleOf(media.schema, document, 0, variant) : {} }];
}

/**
 * Required parameters, plus optional ones the contract gives an example for, leaving out
 * deprecated ones and any whose `x-conditional` rule names a parameter already chosen (the rule
 * is prose such as "not allowed with message_ids"; a sample must not combine such a pair).
 */
function chooseParameters(params: Parameter[]): Parameter[] {
  const chosen: Parameter[] = [];
  for (const p of params) {
    if (p.required) {
      chosen.push(p);
      continue;
    }
    if (p.lifecycle.deprecated || p.examples.length === 0) continue;
    const rule = p.extensions['x-conditional'];
    if (
      typeof rule === 'string' &&
      chosen.some((c) => new RegExp(`\\b${escapeRegex(c.name)}\\b`).test(rule))
    )
      continue;
    chosen.push(p);
  }
  // A chosen parameter whose rule names a later chosen one conflicts too: keep the earlier one.
  return chosen.filter((p) => {
    const rule = p.extensions['x-conditional'];
    if (p.required || typeof rule !== 'string') return true;
    return !chosen.some(
      (c) =>
        c !== p &&
        chosen.indexOf(c) < chosen.indexOf(p) &&
        new RegExp(`\\b${escapeRegex(c.name)}\\b`).test(rule),
    );
  });
}

function parameterValue(p: Parameter, document: unknown): unknown {
  const example = p.examples.find((e) => e.value !== undefined);
  if (example) return example.value;
  if (p.default !== undefined) return p.default;
  if (!p.required) return undefined;
  // A string with nothing more to go by is named after its parameter (`customer_1`), not `text`.
  return sampleOf(p.schema, document, 0, { hint: p.name });
}

/** How a made-up value is made. */
export interface SampleOptions {
  /** the name of what the value is for (a parameter, a response's property): a plain string is named after it (`name_1`) */
  hint?: string;
  /** objects down to FULL_DEPTH get their optional properties too (a response), not only required ones */
  full?: boolean;
  /** how many objects and arrays the value is inside (unions and `$ref`s do not count) */
  level?: number;
  /** a word free-text strings end with (`RequestSampleOptions.variant`) */
  variant?: string;
}

/** How many levels of objects a response sample shows optional properties of (deeper: required ones only). */
const FULL_DEPTH = 2;

/**
 * A response body made from its schema, for a response the contract gives no example: every
 * property near the top (required ones below), read-only ones included, write-only ones left out.
 */
export function responseSample(schema: unknown, document: unknown): unknown {
  return sampleOf(schema, document, 0, { full: true });
}

/** A value that satisfies `schema` as far as a sample needs: types, enums, required properties, minimums. */
export function sampleOf(
  schema: unknown,
  document: unknown,
  depth: number,
  opts: SampleOptions = {},
): unknown {
  const s = deref(document, schema);
  if (!s || depth > 8) return null;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0)
    return s.enum.find((v) => v !== null) ?? s.enum[0];
  const branches = [s.oneOf, s.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (branches && branches.length > 0) {
    // A nullable union samples its non-null member: `null` says little in a sample.
    const nonNull = branches.find((b) => (deref(document, b) ?? {}).type !== 'null');
    return sampleOf(nonNull ?? branches[0], document, depth + 1, opts);
  }
  if (Array.isArray(s.allOf)) {
    const merged: Obj = {};
    for (const m of s.allOf) {
      const v = sampleOf(m, document, depth + 1, opts);
      if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(merged, v);
    }
    if (Object.keys(merged).length > 0 || !s.type) return merged;
  }
  const types = ([] as unknown[]).concat(
    s.type ?? (s.properties ? 'object' : s.items ? 'array' : 'string'),
  );
  const type = (types.find((t) => t !== 'null') ?? 'null') as string;
  switch (type) {
    case 'integer':
    case 'number': {
      const min =
        typeof s.minimum === 'number'
          ? s.minimum
          : typeof s.exclusiveMinimum === 'number'
            ? s.exclusiveMinimum + 1
            : 1;
      return type === 'integer' ? Math.ceil(min) : min;
    }
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
      return Array.from({ length: Math.min(count, 3) }, () =>
        sampleOf(s.items, document, depth + 1, { ...opts, level: (opts.level ?? 0) + 1 }),
      );
    }
    case 'object':
      return objectSample(s, document, depth, opts);
    case 'null':
      return null;
    default:
      return stringSample(s, opts.hint, opts.variant);
  }
}

/** An object's required properties; with `full`, near the top, its optional ones too. */
function objectSample(s: Obj, document: unknown, depth: number, opts: SampleOptions): Obj {
  const out: Obj = {};
  const props = (s.properties ?? {}) as Obj;
  const required = (Array.isArray(s.required) ? s.required : []).map(String);
  const level = opts.level ?? 0;
  const names =
    opts.full && level < FULL_DEPTH ? [...new Set([...Object.keys(props), ...required])] : required;
  for (const name of names) {
    const prop = props[name] ?? {};
    if (opts.full && deref(document, prop)?.writeOnly === true) continue;
    const inner = opts.full
      ? { full: true, hint: name, level: level + 1, variant: opts.variant }
      : { variant: opts.variant };
    out[name] = sampleOf(prop, document, depth + 1, inner);
  }
  return out;
}

function stringSample(s: Obj, hint: string | undefined, variant?: string): string {
  const byFormat: Record<string, string> = {
    'date-time': '2024-01-01T00:00:00Z',
    date: '2024-01-01',
    email: 'user@example.com',
    uri: 'https://example.com',
    url: 'https://example.com',
    uuid: '00000000-0000-4000-8000-000000000000',
    hostname: 'example.com',
    ipv4: '192.0.2.1',
    ipv6: '2001:db8::1',
    time: '12:00:00Z',
    duration: 'P1D',
    byte: 'dGV4dA==',
  };
  let text =
    patternSample(s) ||
    (typeof s.format === 'string' && byFormat[s.format]) ||
    (hint !== undefined && hintSample(hint)) ||
    'text';
  if (variant !== undefined && s.format === undefined && s.pattern === undefined)
    text = `${text} ${variant}`;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  while (text.length < min) text += 'x';
  if (typeof s.maxLength === 'number' && text.length > s.maxLength)
    text = text.slice(0, s.maxLength);
  return text;
}

/** A string the schema's `pattern` matches within its length bounds, when the pattern is simple enough. */
function patternSample(s: Obj): string | undefined {
  if (typeof s.pattern !== 'string') return undefined;
  const test = patternTest(s.pattern);
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const random = createRandom(s.pattern);
  // a few draws: a pattern's repeats may come out too long or short for the length bounds
  for (let i = 0; i < 5; i++) {
    const text = fromPattern(s.pattern, random);
    if (text !== undefined && text.length >= min && text.length <= max && test?.(text)) return text;
  }
  return undefined;
}

/** A plain string named after what it is for: `customer` → `customer_1`. */
function hintSample(hint: string): string | undefined {
  const word = hint.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return word === '' ? undefined : `${word}_1`;
}
