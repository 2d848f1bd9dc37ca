/**
 * The strict schema check as it was before its meta-schema validators were prebuilt and its two
 * walks merged (generator/load/check-schemas.ts at e952520): the oracle the equivalence test
 * compares the current check with. Not used by the generator.
 */
import type { ContractProblem } from '../../generator/contract-error.js';
import { childPointer } from '../../generator/pointer.js';
import { dedupe } from '../../generator/load/check-schemas.js';
import { createAjv, findUnknownFormats } from '../../generator/schema/ajv.js';
import {
  SCHEMA_MAPS,
  SCHEMA_VALUES,
  buildJsonSchemaRoot,
  collectSchemaSites,
} from '../../generator/schema/json-schema.js';

export function legacyCheckSchemas(
  document: Record<string, unknown>,
  dialect: '3.0' | '3.1',
): { problems: ContractProblem[]; unknownFormats: string[] } {
  const sites = collectSchemaSites(document);
  const { root } = buildJsonSchemaRoot(document, sites, dialect);
  const ajv = createAjv({ dialect, allErrors: true });
  const unknownFormats = findUnknownFormats(root, ajv);
  const known = (ajv as unknown as { RULES: { keywords: Record<string, unknown> } }).RULES.keywords;
  const problems: ContractProblem[] = [];
  const pointerOf = new Map(sites.map((s) => [s.key, s.pointer]));

  for (const [key, schema] of Object.entries(root.$defs)) {
    const base = pointerOf.get(key) ?? key;
    if (!ajv.validateSchema(schema as object)) {
      for (const e of ajv.errors ?? []) {
        if (
          e.keyword === 'if' ||
          e.keyword === 'anyOf' ||
          problems.some((p) => p.pointer === base + e.instancePath)
        )
          continue;
        problems.push({
          pointer: base + e.instancePath,
          message: `invalid schema: ${e.instancePath ? `'${e.instancePath.split('/').pop()}' ` : ''}${e.message}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
          source: 'schema',
        });
      }
    }
    walkKeywords(schema, [], (path, keyword) => {
      if (known[keyword]) return;
      problems.push({
        pointer: childPointer(base, ...path, keyword),
        message: `unknown keyword '${keyword}'`,
        hint: 'not a JSON Schema keyword: a typo? extensions must start with x-',
        source: 'schema',
      });
    });
  }
  return { problems: dedupe(problems), unknownFormats };
}

function walkKeywords(
  schema: unknown,
  path: string[],
  report: (path: string[], keyword: string) => void,
): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    report(path, key);
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value))
        walkKeywords(sub, [...path, key, name], report);
    } else if (SCHEMA_VALUES.has(key)) {
      if (Array.isArray(value))
        value.forEach((sub, i) => walkKeywords(sub, [...path, key, String(i)], report));
      else walkKeywords(value, [...path, key], report);
    }
  }
}
