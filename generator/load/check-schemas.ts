/**
 * The strict schema check swagger-parser does not do. Every schema of the document is checked
 * against the dialect's meta-schema (`type: arry`) and for keywords Ajv does not know
 * (`tpye`, `minLenght`): Ajv's strict mode, applied by walking the schemas ourselves so that
 * each problem gets the pointer of the place it is at, and without compiling validators
 * (that costs seconds on large documents, and the validators emitter compiles them anyway,
 * strictly, once).
 */
import type { ContractProblem } from '../common/contract-error.js';
import type { ErrorObject } from 'ajv';
import { childPointer } from '../common/pointer.js';
import { createAjv, visitFormats } from '../schema/ajv.js';
import { SCHEMA_MAPS, SCHEMA_VALUES, collectSchemaSites } from '../schema/json-schema.js';
import { schemasForCheck } from './check-conversion.js';
import { schemaMetaCheck } from './schema-meta.js';

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
  const schemas = schemasForCheck(document, sites, dialect);
  const ajv = createAjv({ dialect, allErrors: true });
  const metaCheck = schemaMetaCheck(ajv, dialect);
  const known = (ajv as unknown as { RULES: { keywords: Record<string, unknown> } }).RULES.keywords;
  const formats = ajv.formats as Record<string, unknown>;
  const unknownFormats = new Set<string>();
  const problems: ContractProblem[] = [];
  const pointerOf = new Map(sites.map((s) => [s.key, s.pointer]));

  for (const [key, schema] of schemas) {
    const base = pointerOf.get(key) ?? key;
    const errors = metaCheck(schema);
    if (errors) pushMetaProblems(problems, base, errors);
    // One walk for both: keys Ajv does not know, and formats it does not define.
    walkSchema(
      schema,
      [],
      (path, keyword) => {
        if (!known[keyword]) problems.push(unknownKeyword(base, path, keyword));
      },
      (format) => {
        if (!formats[format]) unknownFormats.add(format);
      },
    );
  }
  return { problems: dedupe(problems), unknownFormats: [...unknownFormats].sort() };
}

/**
 * Calls `report` for every key at a schema position (not inside `properties` names, enums,
 * examples), and `format` for the string value of every `format` key anywhere in the tree
 * (enums and defaults included, as visitFormats of schema/ajv.ts walks them). `path` is one
 * array pushed and popped on the way (a copy per node costs more than the walk); `report` must
 * not keep it.
 */
function walkSchema(
  schema: unknown,
  path: string[],
  report: (path: string[], keyword: string) => void,
  format: (name: string) => void,
): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
    visitFormats(schema, format);
    return;
  }
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    const value = node[key];
    report(path, key);
    if (key === 'format' && typeof value === 'string') format(value);
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      const map = value as Record<string, unknown>;
      for (const name of Object.keys(map)) {
        path.push(key, name);
        walkSchema(map[name], path, report, format);
        path.length -= 2;
      }
    } else if (SCHEMA_VALUES.has(key)) {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          path.push(key, String(i));
          walkSchema(value[i], path, report, format);
          path.length -= 2;
        }
      } else {
        path.push(key);
        walkSchema(value, path, report, format);
        path.length -= 1;
      }
    } else visitFormats(value, format);
  }
}

/** The meta-schema's errors for the schema at `base` as problems, one per place. */
export function pushMetaProblems(
  problems: ContractProblem[],
  base: string,
  errors: readonly ErrorObject[],
): void {
  for (const e of errors) {
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

/** A key at a schema position that is no keyword Ajv knows. */
export function unknownKeyword(base: string, path: string[], keyword: string): ContractProblem {
  return {
    pointer: childPointer(base, ...path, keyword),
    message: `unknown keyword '${keyword}'`,
    hint: 'not a JSON Schema keyword: a typo? extensions must start with x-',
    source: 'schema',
  };
}

/** Problems without repeats of one message at one place, in their order. */
export function dedupe(problems: ContractProblem[]): ContractProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = p.pointer + '\0' + p.message;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
