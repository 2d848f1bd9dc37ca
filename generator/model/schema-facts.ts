/**
 * Facts read off a schema for the model: which JSON types it admits, its enum values, limits.
 * Follows `$ref`s and looks through `oneOf`/`anyOf`/`allOf`, because a parameter typed
 * `$ref: Anchor` (integer | keyword) must still decode `5` as an integer.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer, getAt } from '../common/pointer.js';
import { readHistory, lifecycleOf } from './lifecycle.js';
import { isJsonMediaType } from './media.js';
import type { EnumValue, JsonSchema, Limits, Operation, ScalarType } from './types.js';

const ALL_TYPES: ScalarType[] = [
  'string',
  'integer',
  'number',
  'boolean',
  'null',
  'array',
  'object',
];
const ORDER = new Map(ALL_TYPES.map((t, i) => [t, i]));

export function deref(
  document: unknown,
  schema: unknown,
  depth = 0,
): Record<string, unknown> | undefined {
  if (typeof schema === 'boolean') return schema ? {} : { not: {} };
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#') && depth < 32) {
    return deref(document, getAt(document, s.$ref), depth + 1);
  }
  return s;
}

export function admittedTypes(document: unknown, schema: unknown, depth = 0): ScalarType[] {
  const s = deref(document, schema);
  if (!s || depth > 16) return [...ALL_TYPES];
  const found = new Set<ScalarType>();
  const branches = [s.oneOf, s.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (branches) {
    for (const b of branches) for (const t of admittedTypes(document, b, depth + 1)) found.add(t);
  } else if (Array.isArray(s.allOf) && s.type === undefined) {
    // An intersection admits at most what its most specific member admits.
    let narrowest: ScalarType[] = [...ALL_TYPES];
    for (const b of s.allOf) {
      const t = admittedTypes(document, b, depth + 1);
      if (t.length < narrowest.length) narrowest = t;
    }
    narrowest.forEach((t) => found.add(t));
  } else if (typeof s.type === 'string' || Array.isArray(s.type)) {
    for (const t of misfitEnumTypes(s) ?? ([] as unknown[]).concat(s.type))
      if (ORDER.has(t as ScalarType)) found.add(t as ScalarType);
  } else if (Array.isArray(s.enum) || 'const' in s) {
    for (const v of Array.isArray(s.enum) ? s.enum : [s.const]) found.add(typeOfValue(v));
  } else if (s.properties) {
    found.add('object');
  } else if (s.items) {
    found.add('array');
  } else {
    return [...ALL_TYPES];
  }
  // OpenAPI 3.0's `nullable` admits null beside whatever the schema says (type, enum, union).
  if (s.nullable === true) found.add('null');
  if (found.has('integer') && !found.has('number')) {
    // `integer` is a subset of `number`; coercion needs to know only that integers are allowed.
  }
  return [...found].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}

/**
 * An enum with values of another type than declared (probely's `type: string, enum: [10, 20]`,
 * shutterstock's `[43, 169, 'nonstandard']`): those values match nothing, but the types
 * (openapi-typescript) take the enum's values as written, so the wire reads `20` back as the
 * number the types let the caller pass. An array's scalar enum is the
 * exception: the types follow `type` there (model/views/typescript.ts).
 */
function misfitEnumTypes(s: Record<string, unknown>): ScalarType[] | undefined {
  if (!Array.isArray(s.enum) || s.enum.length === 0) return undefined;
  const declared = ([] as unknown[]).concat(s.type);
  if (declared.includes('array')) return undefined;
  const values = [...new Set(s.enum.map(typeOfValue))];
  const fits = (t: ScalarType) =>
    declared.includes(t) || (t === 'integer' && declared.includes('number'));
  return values.every(fits) ? undefined : values;
}

function typeOfValue(v: unknown): ScalarType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (Number.isInteger(v)) return 'integer';
  return typeof v as ScalarType;
}

/** Enum values of a schema (through refs and unions), with meanings and per-value history. */
export function enumValues(
  document: unknown,
  schema: unknown,
  at: string,
  problems: ContractProblem[],
  depth = 0,
): EnumValue[] | undefined {
  const s = deref(document, schema);
  if (!s || depth > 8) return undefined;
  if (Array.isArray(s.enum)) {
    const meanings = (s['x-enum-meanings'] ?? {}) as Record<string, unknown>;
    const histories = (s['x-enum-history'] ?? {}) as Record<string, unknown>;
    const replacements = (s['x-enum-replaced-by'] ?? {}) as Record<string, unknown>;
    return s.enum.map((value) => {
      const key = String(value);
      // Own keys only: a value may be named like an Object member (`constructor`).
      const history = readHistory(
        Object.hasOwn(histories, key) ? histories[key] : undefined,
        childPointer(at, 'x-enum-history', key),
        problems,
      );
      const replacedBy = replacements[key];
      const out: EnumValue = {
        value: value as EnumValue['value'],
        lifecycle: lifecycleOf(
          history,
          typeof replacedBy === 'string' ? { 'x-replaced-by': replacedBy } : undefined,
        ),
      };
      if (typeof meanings[key] === 'string') out.meaning = meanings[key] as string;
      return out;
    });
  }
  if ('const' in s && (s.const === null || typeof s.const !== 'object')) {
    return [
      {
        value: s.const as EnumValue['value'],
        lifecycle: lifecycleOf([]),
        ...(typeof s.description === 'string' ? { meaning: s.description } : {}),
      },
    ];
  }
  const branches = [s.oneOf, s.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (!branches) return undefined;
  const all: EnumValue[] = [];
  for (const b of branches) all.push(...(enumValues(document, b, at, problems, depth + 1) ?? []));
  return all.length > 0 ? all : undefined;
}

export function limitsOf(document: unknown, schema: unknown): Limits {
  return limitsOfNode(deref(document, schema) ?? {});
}

/** The limits a schema object states itself (no `$ref` followed). */
export function limitsOfNode(s: Record<string, unknown>): Limits {
  // Named reads, not a loop of `s[key]`: it runs for every field of every tree, and keyed reads
  // over schemas of every shape are megamorphic.
  const { minLength, maxLength, minimum, maximum, minItems, maxItems } = s;
  const limits: Limits = {};
  if (typeof minLength === 'number') limits.minLength = minLength;
  if (typeof maxLength === 'number') limits.maxLength = maxLength;
  if (typeof minimum === 'number') limits.minimum = minimum;
  if (typeof maximum === 'number') limits.maximum = maximum;
  if (typeof minItems === 'number') limits.minItems = minItems;
  if (typeof maxItems === 'number') limits.maxItems = maxItems;
  return limits;
}

export function schemaOf(value: unknown): JsonSchema {
  return (
    typeof value === 'boolean' || (value && typeof value === 'object') ? value : {}
  ) as JsonSchema;
}

/**
 * Properties of an object schema, with `allOf` members merged in (following their refs): the
 * fields of a form body, the rows of a schema's docs table.
 */
export function collectProperties(
  document: unknown,
  schema: Record<string, unknown>,
  depth = 0,
): {
  properties: Record<string, unknown>;
  required: Set<string>;
} {
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  if (depth > 16) return { properties, required };
  for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const inner = deref(document, member);
    if (!inner) continue;
    const sub = collectProperties(document, inner, depth + 1);
    Object.assign(properties, sub.properties);
    sub.required.forEach((r) => required.add(r));
  }
  if (schema.properties && typeof schema.properties === 'object')
    Object.assign(properties, schema.properties);
  for (const r of Array.isArray(schema.required) ? schema.required : []) required.add(String(r));
  return { properties, required };
}

/**
 * The properties (after `allOf`, `collectProperties`) of each JSON success (2xx) answer of
 * `op`, in order; undefined for one whose schema does not resolve. What the model reads
 * success-body fields from (model/level-report.ts, model/ignored-parameters.ts).
 */
export function successBodyProperties(
  document: unknown,
  op: Pick<Operation, 'responses'>,
): (Record<string, unknown> | undefined)[] {
  const out: (Record<string, unknown> | undefined)[] = [];
  for (const response of op.responses) {
    if (!/^2/.test(response.status)) continue;
    const media = response.representative;
    if (!media || !isJsonMediaType(media.type)) continue;
    const schema = deref(document, media.schema);
    out.push(schema ? collectProperties(document, schema).properties : undefined);
  }
  return out;
}
