/**
 * A plausible value for a schema, for parameters the contract gives no example for. It prefers
 * what the contract says (`const`, `examples`, `example`, `default`, first `enum` value) and only
 * then makes one up from the type, honouring the bounds a server is likely to check.
 */
import type { JsonSchema } from '../generator/model/types.js';

type Obj = Record<string, unknown>;

export function sampleValue(schema: JsonSchema, document: Obj, depth = 0): unknown {
  if (typeof schema === 'boolean' || depth > 8) return 'example';
  const s = resolveRef(schema, document);
  if ('const' in s) return s.const;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('example' in s) return s.example;
  if ('default' in s) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((v) => v !== null) ?? s.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const nonNull = branches.find((b) => !(b && typeof b === 'object' && (b as Obj).type === 'null'));
      return sampleValue((nonNull ?? branches[0]) as JsonSchema, document, depth + 1);
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    const merged: Obj = {};
    for (const part of s.allOf) {
      const value = sampleValue(part as JsonSchema, document, depth + 1);
      if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(merged, value);
    }
    return merged;
  }
  const types = Array.isArray(s.type) ? (s.type as string[]).filter((t) => t !== 'null') : s.type ? [s.type as string] : [];
  const type = types[0] ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
      return type === 'integer' ? Math.ceil(min) : min;
    }
    case 'boolean':
      return true;
    case 'array': {
      const count = typeof s.minItems === 'number' && s.minItems > 0 ? s.minItems : 1;
      return Array.from({ length: count }, () => sampleValue((s.items ?? {}) as JsonSchema, document, depth + 1));
    }
    case 'object': {
      const out: Obj = {};
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      for (const name of (s.required ?? []) as string[]) out[name] = sampleValue(props[name] ?? {}, document, depth + 1);
      return out;
    }
    default: {
      const min = typeof s.minLength === 'number' ? s.minLength : 1;
      const text = 'example';
      return text.length >= min ? text : text.padEnd(min, 'x');
    }
  }
}

/** Follows internal `$ref`s (`#/components/...`) to the schema they name. */
export function resolveRef(schema: Obj, document: Obj): Obj {
  let current = schema;
  for (let hops = 0; hops < 20 && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) break;
    let target: unknown = document;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = target && typeof target === 'object' ? (target as Obj)[key] : undefined;
    }
    if (!target || typeof target !== 'object') break;
    current = target as Obj;
  }
  return current;
}
