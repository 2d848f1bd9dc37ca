/**
 * The strict schema check swagger-parser does not do. Every schema of the document is checked
 * against the dialect's meta-schema (`type: arry`) and for keywords Ajv does not know
 * (`tpye`, `minLenght`): Ajv's strict mode, applied by walking the schemas ourselves so that
 * each problem gets the pointer of the place it is at, and without compiling validators
 * (that costs seconds on large documents, and the validators emitter compiles them anyway,
 * strictly, once).
 */
import type { ContractProblem } from '../contract-error.js';
import { childPointer } from '../pointer.js';
import { createAjv, findUnknownFormats } from '../schema/ajv.js';
import {
  SCHEMA_MAPS,
  SCHEMA_VALUES,
  buildJsonSchemaRoot,
  collectSchemaSites,
} from '../schema/json-schema.js';

export interface SchemaCheck {
  problems: ContractProblem[];
  /** formats used but not defined anywhere: accepted, unchecked */
  unknownFormats: string[];
}

export function checkSchemas(
  document: Record<string, unknown>,
  dialect: '3.0' | '3.1',
): SchemaCheck {
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
        // One message per place: the meta-schema's anyOf/if bookkeeping repeats the first.
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

/** Calls `report` for every key at a schema position (not inside `properties` names, enums, examples). */
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

function dedupe(problems: ContractProblem[]): ContractProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = p.pointer + '\0' + p.message;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
