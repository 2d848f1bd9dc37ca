/**
 * From OpenAPI schema objects to plain JSON Schema that Ajv compiles in strict mode.
 *
 * OpenAPI schemas carry keys that are not JSON Schema (`x-` extensions, `example`, `xml`,
 * `externalDocs`, `discriminator`) and, in 3.0, a few dialect quirks (boolean
 * `exclusiveMinimum`). We strip the former and convert the latter, so that any key left that Ajv
 * does not know is a typo in the contract, and strict mode reports it.
 *
 * Every schema of the document is placed under one root's `$defs`: component schemas by name,
 * inline schemas by their pointer. Shared definitions are therefore compiled once.
 */
import type { JsonSchema, SchemaLevelFacts } from '../model/types.js';
import { childPointer, escapeSegment, getAt, parsePointer, pointer } from '../common/pointer.js';
import { levelEnum, levelRequired, levelWrapped } from './level-keywords.js';
import {
  collectSchemaSites,
  defKey,
  SCHEMA_MAPS,
  SCHEMA_VALUES,
  type SchemaSite,
} from '../model/schema-sites.js';

// the document's schema places are the model's (model/schema-sites.ts); named here too
export { collectSchemaSites, defKey, SCHEMA_MAPS, SCHEMA_VALUES, type SchemaSite };

/** OpenAPI annotations that are not JSON Schema keywords. */
export const OPENAPI_ONLY = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

export const ROOT_ID = 'contract.json';

export interface JsonSchemaRoot {
  /** `{ $id, $defs }`, ready for `ajv.addSchema` */
  root: { $id: string; $defs: Record<string, JsonSchema> };
  /** `$ref` to use for a schema site, e.g. `contract.json#/$defs/Message` */
  refOf(key: string): string;
}

/** The pointer in the one spelling the model's level facts use (percent-decoded). */
function canonicalPointer(ptr: string): string {
  try {
    return pointer(...parsePointer(ptr));
  } catch {
    return ptr;
  }
}

/**
 * A `$defs` key as a URI-fragment segment. Ajv percent-decodes fragments, so a literal `%` must
 * be `%25`, and what a fragment cannot hold raw (spaces, U+2028, non-ASCII) is percent-encoded
 * so that it decodes back to the key (`#` stays as it was: Ajv reads it raw).
 */
export function fragmentSegment(key: string): string {
  return escapeSegment(key).replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@{}[\]|^`#]/gu, (c) =>
    encodeURIComponent(c),
  );
}

/**
 * Convert the schemas at `sites` (and everything they reference) into one JSON Schema root.
 * `dialect` decides 3.0 conversions; the output is 2020-12 for 3.1 and draft-07 for 3.0.
 */
export function buildJsonSchemaRoot(
  document: Record<string, unknown>,
  sites: SchemaSite[],
  dialect: '3.0' | '3.1',
  /**
   * Schemas that are not in the document (e.g. the validators emitter's per-operation request
   * schemas), by `$defs` key; their `$ref`s are document pointers like any other schema's.
   */
  extra: Record<string, JsonSchema> = {},
  /** the model's feature-level facts by schema pointer: they become level keywords (level-keywords.ts) */
  levelFacts: Record<string, SchemaLevelFacts> = {},
  /**
   * applied to each converted schema as it is stored (the validators strip annotations here,
   * so that the annotated tree of every schema never exists at once)
   */
  each: (schema: JsonSchema) => JsonSchema = (schema) => schema,
): JsonSchemaRoot {
  const defs: Record<string, JsonSchema> = {};
  const pending: string[] = [];
  const queued = new Set<string>();
  const enqueue = (ptr: string): string => {
    const key = defKey(ptr);
    if (!queued.has(key)) {
      queued.add(key);
      pending.push(ptr);
    }
    return key;
  };
  for (const site of sites) enqueue(site.pointer);

  // `at`: where the node is in the document (undefined inside `extra` schemas), to find its facts.
  // Without facts no pointer is needed (on Microsoft Graph's document, seconds of string work).
  const located = Object.keys(levelFacts).length > 0;
  const convert = (node: unknown, at?: string): unknown => {
    if (typeof node === 'boolean') return node;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const schema = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const child = (...segments: (string | number)[]) =>
      at === undefined || !located ? undefined : childPointer(at, ...segments);
    for (const [key, value] of Object.entries(schema)) {
      if (key.startsWith('x-') || OPENAPI_ONLY.has(key)) continue;
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#')) {
        out.$ref = `#/$defs/${fragmentSegment(enqueue(value))}`;
      } else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
        out[key] = Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([k, v]) => [
            k,
            convert(v, child(key, k)),
          ]),
        );
      } else if (key === 'tmsLevel' && value && typeof value === 'object') {
        // a level window built by the validators emitter around a parameter's schema
        const wrapped = value as { schema: unknown };
        out[key] = { ...wrapped, schema: convert(wrapped.schema) };
      } else if (SCHEMA_VALUES.has(key)) {
        out[key] = Array.isArray(value)
          ? value.map((v, i) => convert(v, child(key, i)))
          : convert(value, child(key));
      } else {
        out[key] = value;
      }
    }
    const facts = at === undefined ? undefined : levelFacts[at];
    if (facts) applyLevelFacts(out, facts);
    if (dialect === '3.0') convert30(out);
    if (nullableWithoutType(out)) delete out.nullable;
    return out;
  };

  for (const [key, schema] of Object.entries(extra)) {
    if (queued.has(key))
      throw new Error(`extra schema '${key}' clashes with a schema of the document`);
    queued.add(key);
    defs[key] = each(convert(schema) as JsonSchema);
  }
  // an index, not `shift()`: a queue of ~100,000 pointers on the largest documents
  for (let next = 0; next < pending.length; next++) {
    const ptr = pending[next];
    const value = getAt(document, ptr);
    defs[defKey(ptr)] = each(
      (value === undefined
        ? {}
        : convert(value, located ? canonicalPointer(ptr) : undefined)) as JsonSchema,
    );
  }
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((k) => [k, defs[k]]),
  );
  return {
    root: { $id: ROOT_ID, $defs: sorted },
    refOf: (key) => `${ROOT_ID}#/$defs/${fragmentSegment(key)}`,
  };
}

/** Level windows of properties and enum values as level keywords (see level-keywords.ts). */
function applyLevelFacts(out: Record<string, unknown>, facts: SchemaLevelFacts): void {
  const windows = facts.properties ?? {};
  if (out.properties && typeof out.properties === 'object') {
    const properties = out.properties as Record<string, unknown>;
    for (const name of Object.keys(windows))
      if (Object.prototype.hasOwnProperty.call(properties, name))
        properties[name] = levelWrapped(windows[name], properties[name]);
  }
  const required = levelRequired(out.required, windows);
  if (required) {
    delete out.required;
    Object.assign(out, required);
  }
  const values = levelEnum(facts.enum);
  if (values.length > 0 && Array.isArray(out.enum)) out.tmsEnumAt = values;
}

/**
 * Whether a converted schema carries a `nullable` to drop. `nullable` without `type` means
 * nothing (3.0 ties it to `type`; 3.1 has no `nullable`, but 3.1 documents still carry it and the
 * loader lets it pass) and Ajv, which knows the keyword, rejects it in strict mode. Dropped in
 * both dialects.
 */
export function nullableWithoutType(schema: Record<string, unknown>): boolean {
  return schema.nullable !== undefined && schema.type === undefined;
}

/**
 * OpenAPI 3.0 (JSON Schema draft-04-ish) → draft-07 as Ajv reads it, in place. `nullable`
 * stays: Ajv knows it. The document checks convert with it too (load/check-conversion.ts).
 */
export function convert30(schema: Record<string, unknown>): void {
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[bound] === 'boolean') {
      if (schema[bound] === true && typeof schema[limit] === 'number') {
        schema[bound] = schema[limit];
        delete schema[limit];
      } else {
        delete schema[bound];
      }
    }
  }
  // In 3.0 a `$ref` replaces its siblings; Ajv's draft-07 mode agrees, but strict mode warns.
  if (typeof schema.$ref === 'string') {
    for (const key of Object.keys(schema)) if (key !== '$ref') delete schema[key];
  }
}

/** Whether `convert30` would change a schema (the document checks copy only such schemas). */
export function convert30Changes(schema: Record<string, unknown>): boolean {
  return (
    typeof schema.exclusiveMinimum === 'boolean' ||
    typeof schema.exclusiveMaximum === 'boolean' ||
    (typeof schema.$ref === 'string' && Object.keys(schema).length > 1)
  );
}
