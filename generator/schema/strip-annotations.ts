/**
 * JSON Schema without its annotations (description, title, examples...). Ajv's standalone code
 * embeds each compiled schema as a constant; annotations change no verdict but, on large
 * documents, make up much of the generated size.
 */
import type { JsonSchema } from '../model/types.js';
import { SCHEMA_MAPS, SCHEMA_VALUES } from './json-schema.js';

const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  '$comment',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

export function stripAnnotations(schema: JsonSchema): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, stripAnnotations(v as JsonSchema)]),
      );
    } else if (key === 'tmsLevel' && value && typeof value === 'object') {
      // the level keyword holds the property's schema (level-keywords.ts)
      const wrapped = value as { schema: JsonSchema };
      out[key] = { ...wrapped, schema: stripAnnotations(wrapped.schema) };
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = Array.isArray(value)
        ? value.map((v) => stripAnnotations(v as JsonSchema))
        : stripAnnotations(value as JsonSchema);
    } else {
      out[key] = value;
    }
  }
  return out;
}
