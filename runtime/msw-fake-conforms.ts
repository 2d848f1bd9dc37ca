/**
 * Whether a made-up value fits a schema, as far as the fake-data generator (runtime/msw-fake.ts)
 * needs to tell `oneOf` branches apart and to leave out enum values the rest of a schema refuses.
 * Not a validator: formats and patterns are not checked.
 */
import { flatten, type Defs, type FakeSchema } from './msw-fake-schema.js';
import { isObject } from './is-object.js';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/**
 * Whether `value` fits `schema`, as far as telling `oneOf` branches apart needs: types, const,
 * enum, required, properties, closed objects, bounds, items, nested branches. Formats and
 * patterns are not checked (a value made for one branch has them right for it).
 */
export function conforms(value: unknown, schema: FakeSchema, defs: Defs, depth = 0): boolean {
  if (depth > 12) return true;
  const s = flatten(schema, defs);
  if (s === false) return false;
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  if ('const' in s && !sameJson(s.const, value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => sameJson(e, value))) return false;
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((t) => hasType(value, t)) && !(s.nullable === true && value === null))
      return false;
  }
  if (typeof value === 'string') {
    const n = [...value].length;
    if (n < (num('minLength') ?? 0) || n > (num('maxLength') ?? Infinity)) return false;
  }
  if (typeof value === 'number') {
    if (value < (num('minimum') ?? -Infinity) || value > (num('maximum') ?? Infinity)) return false;
    if (value <= (num('exclusiveMinimum') ?? -Infinity)) return false;
    if (value >= (num('exclusiveMaximum') ?? Infinity)) return false;
  }
  if (Array.isArray(value)) {
    if (value.length < (num('minItems') ?? 0) || value.length > (num('maxItems') ?? Infinity))
      return false;
    const items = s.items;
    if (items !== undefined && !Array.isArray(items))
      if (!value.every((v) => conforms(v, items as FakeSchema, defs, depth + 1))) return false;
  }
  if (isObject(value)) {
    const props = (isObject(s.properties) ? s.properties : {}) as Record<string, FakeSchema>;
    const keys = Object.keys(value);
    if (Array.isArray(s.required) && !(s.required as string[]).every((r) => r in value))
      return false;
    if (
      keys.length < (num('minProperties') ?? 0) ||
      keys.length > (num('maxProperties') ?? Infinity)
    )
      return false;
    const closed =
      (s.closed as string[][] | undefined) ??
      (s.additionalProperties === false && !s.patternProperties ? [Object.keys(props)] : []);
    if (!keys.every((k) => closed.every((set) => set.includes(k)))) return false;
    for (const k of keys)
      if (k in props && !conforms(value[k], props[k], defs, depth + 1)) return false;
  }
  if (Array.isArray(s.oneOf)) {
    const fits = (s.oneOf as FakeSchema[]).filter((b) => conforms(value, b, defs, depth + 1));
    if (fits.length !== 1) return false;
  }
  if (
    Array.isArray(s.anyOf) &&
    !(s.anyOf as FakeSchema[]).some((b) => conforms(value, b, defs, depth + 1))
  )
    return false;
  if (s.not !== undefined && conforms(value, s.not as FakeSchema, defs, depth + 1)) return false;
  return true;
}
