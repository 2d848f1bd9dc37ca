/**
 * Values to text and text back to values, by the types a parameter admits.
 *
 * `plain` text carries no type, so it is read by the most specific type the parameter admits:
 * an integer, a number, a boolean, null, JSON `[...]`/`{...}` (only for a field that admits
 * arrays or objects, e.g. a parameter without a schema), and only then a string. A `json` field carries JSON
 * text, except that a string is sent raw when reading it back as JSON could not mistake it for
 * something else (`to=general`, as real clients send a channel name); `"9"`, `"true"`, `"[1]"`
 * and `"null"` are sent JSON-quoted.
 */
import type { ScalarType, WireField } from './types.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './depth.js';

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

/** JSON's number grammar: what `String(n)` writes for every finite number. */
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** How many JSON types there are (the record makes the compiler check it is every ScalarType). */
const EVERY_TYPE = Object.keys({
  string: 1,
  integer: 1,
  number: 1,
  boolean: 1,
  null: 1,
  array: 1,
  object: 1,
} satisfies Record<ScalarType, 1>).length;

/**
 * Whether `types` leave the type free (a schema of `{}`, or one naming every type): the value
 * is free-form, nothing to coerce it to and nothing a style can leave out.
 */
export function admitsEveryType(types: readonly ScalarType[]): boolean {
  return types.length === 0 || types.length >= EVERY_TYPE;
}

export function admits(types: readonly ScalarType[], type: ScalarType): boolean {
  // An empty list means the schema does not constrain the type.
  if (types.length === 0) return true;
  // JSON Schema's `number` includes the integers.
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** The JSON type of a value, telling integers from other numbers as JSON Schema does. */
export function jsonTypeOf(value: unknown): ScalarType | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return 'other';
  }
}

/** Text of a scalar for `plain` fields, list items and header values. */
export function plainText(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    // NaN and Infinity have no JSON spelling a server would read back.
    if (!Number.isFinite(value))
      throw new TypeError(`\`${name}\`: cannot send the number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return 'null';
  // An array or object in a plain field: JSON is the only reading a server could make of it.
  return jsonText(value, name);
}

function jsonText(value: unknown, name: string): string {
  // JSON.stringify would quietly send NaN and Infinity as null.
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new TypeError(`\`${name}\`: cannot send the number ${value}`);
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`\`${name}\`: ${typeof value} values cannot be sent`);
  return text;
}

/** A string that, sent raw in a `json` field, could only be read back as itself. */
export function isRawSafeString(text: string): boolean {
  // Leading/trailing whitespace and a leading quote are quoted too: intermediaries and servers
  // trim or unquote such text, and the quoted form is unambiguous for every reader.
  if (/^\s|\s$/.test(text) || text.startsWith('"')) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** The text a field's value travels as (for `plain` and `json` fields). */
export function fieldText(
  field: Pick<WireField, 'name' | 'encoding' | 'types'>,
  value: unknown,
): string {
  if (field.encoding === 'json') {
    if (typeof value === 'string' && admits(field.types, 'string') && isRawSafeString(value))
      return value;
    return jsonText(value, field.name);
  }
  return plainText(value, field.name);
}

export function describeTypes(types: readonly ScalarType[]): string {
  if (types.length === 0) return 'any value';
  if (types.length === 1) return `${article(types[0])} ${types[0]}`;
  return types.slice(0, -1).join(', ') + ' or ' + types[types.length - 1];
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

function quoteForMessage(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text);
}

/** Reads `plain` text by the types the field admits (see the header comment for the order). */
export function coercePlain(text: string, types: readonly ScalarType[]): Coerced {
  if (NUMBER_TEXT.test(text)) {
    const n = Number(text);
    if (Number.isSafeInteger(n) && admits(types, 'integer')) return { ok: true, value: n };
    if (Number.isFinite(n) && admits(types, 'number')) return { ok: true, value: n };
  }
  if ((text === 'true' || text === 'false') && admits(types, 'boolean'))
    return { ok: true, value: text === 'true' };
  if (text === 'null' && admits(types, 'null')) return { ok: true, value: null };
  if (
    (text.startsWith('[') || text.startsWith('{')) &&
    (admits(types, 'array') || admits(types, 'object'))
  ) {
    const parsed = parseJson(text);
    if (parsed.ok && admits(types, jsonTypeOf(parsed.value) as ScalarType)) return parsed;
  }
  if (admits(types, 'string')) return { ok: true, value: text };
  return { ok: false, message: `expected ${describeTypes(types)}, got ${quoteForMessage(text)}` };
}

/** Reads a `json` field: JSON text, or raw text when the field admits strings. */
export function coerceJson(text: string, types: readonly ScalarType[]): Coerced {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    if (admits(types, 'string')) return { ok: true, value: text };
    return { ok: false, message: `is not valid JSON: ${parsed.message}` };
  }
  const type = jsonTypeOf(parsed.value);
  if (type !== 'other' && admits(types, type)) return parsed;
  // `to=9` for a field that admits strings but not numbers: the client meant the text.
  if (admits(types, 'string')) return { ok: true, value: text };
  return {
    ok: false,
    message: `expected ${describeTypes(types)}, got ${type === 'other' ? 'a value' : `${article(type)} ${type}`}`,
  };
}

export function parseJson(text: string): Coerced {
  // Refused before parsing: what reads the value afterwards recurses (see depth.ts).
  if (nestsDeeperThan(text))
    return { ok: false, message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // Anything can come out of a hostile body (a deep nesting overflows the stack): never rethrow.
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Reads one text by a field's encoding (`plain`/`json`) or as a list item (`itemTypes`). */
export function coerceText(field: Pick<WireField, 'encoding' | 'types'>, text: string): Coerced {
  return field.encoding === 'json' ? coerceJson(text, field.types) : coercePlain(text, field.types);
}
