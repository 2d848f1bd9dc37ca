/**
 * The strict schema check as it was before its meta-schema validators were prebuilt and its two
 * walks merged (generator/load/check-schemas.ts at e952520): the oracle the equivalence test
 * compares the current check with (the schemas it finds problems in; the problems' wording is
 * the check's own `pushMetaProblems` and `unknownKeyword`). Not used by the generator.
 */
import type { ContractProblem } from '../../generator/common/contract-error.js';
import { dedupe, pushMetaProblems, unknownKeyword } from '../../generator/load/check-schemas.js';
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
    if (!ajv.validateSchema(schema as object)) pushMetaProblems(problems, base, ajv.errors ?? []);
    walkKeywords(schema, [], (path, keyword) => {
      if (!known[keyword]) problems.push(unknownKeyword(base, path, keyword));
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
