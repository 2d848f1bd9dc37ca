/**
 * The strict schema check as it was before its meta-schema validators were prebuilt and its two
 * walks merged (generator/load/check-schemas.ts at e952520): the oracle the equivalence test
 * compares the current check with. Independent of what it checks: it finds the schema sites,
 * walks the keywords, words the problems and removes repeats with its own code, written from
 * the OpenAPI and JSON Schema specifications and the check's documented messages; of the
 * generator it uses only Ajv's setup and buildJsonSchemaRoot (the validators' conversion, which
 * the current check does not use: it converts with load/check-conversion.ts). Not used by the
 * generator.
 */
import type { ErrorObject } from 'ajv';
import type { ContractProblem } from '../../generator/common/contract-error.js';
import { createAjv, findUnknownFormats } from '../../generator/schema/ajv.js';
import { buildJsonSchemaRoot, defKey } from '../../generator/schema/json-schema.js';

type Json = Record<string, unknown>;

/** JSON Schema keywords whose value is a map of names to schemas (2020-12, and draft 4's `definitions`). */
const MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** JSON Schema keywords whose value is a schema, or an array of schemas. */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'propertyNames',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
]);

const segment = (s: string | number) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const sorted = (x: unknown) => (x && typeof x === 'object' ? Object.keys(x).sort() : []);

/**
 * The schema sites the check covers, in its order: component schemas, component parameters,
 * request bodies and responses, then per path (sorted) its parameters and per method its
 * parameters, request body and responses; media types sorted. A parameter given as a `$ref`
 * is reached through the component it names.
 */
function schemaSites(document: Json): { key: string; pointer: string }[] {
  const out: string[] = [];
  const components = (document.components ?? {}) as Record<string, Json | undefined>;
  const content = (value: unknown, base: string) => {
    for (const type of sorted(value))
      if ((value as Record<string, Json>)[type]?.schema !== undefined)
        out.push(`${base}/${segment(type)}/schema`);
  };
  const parameter = (p: unknown, at: string) => {
    const param = (p ?? {}) as Json;
    if (typeof param.$ref === 'string') return;
    if (param.schema !== undefined) out.push(`${at}/schema`);
    content(param.content, `${at}/content`);
  };
  const parameters = (list: unknown, base: string) => {
    if (Array.isArray(list)) list.forEach((p, i) => parameter(p, `${base}/${i}`));
  };
  for (const name of sorted(components.schemas)) out.push(`#/components/schemas/${segment(name)}`);
  for (const name of sorted(components.parameters))
    parameter(components.parameters![name], `#/components/parameters/${segment(name)}`);
  for (const kind of ['requestBodies', 'responses'])
    for (const name of sorted(components[kind]))
      content(
        ((components[kind] as Record<string, Json>)[name] ?? {}).content,
        `#/components/${kind}/${segment(name)}/content`,
      );
  const paths = (document.paths ?? {}) as Record<string, Json>;
  for (const path of sorted(paths)) {
    const item = paths[path] ?? {};
    const at = `#/paths/${segment(path)}`;
    parameters(item.parameters, `${at}/parameters`);
    for (const method of sorted(item)) {
      const op = item[method] as Json | undefined;
      if (!op || typeof op !== 'object' || method === 'parameters' || method.startsWith('x-'))
        continue;
      parameters(op.parameters, `${at}/${method}/parameters`);
      content((op.requestBody as Json | undefined)?.content, `${at}/${method}/requestBody/content`);
      const responses = (op.responses ?? {}) as Record<string, Json>;
      for (const status of sorted(responses))
        content(responses[status]?.content, `${at}/${method}/responses/${segment(status)}/content`);
    }
  }
  return out.map((pointer) => ({ key: defKey(pointer), pointer }));
}

/** `invalid schema: 'type' must be …`: one problem per place, the meta-schema's anyOf/if bookkeeping left out. */
function metaProblems(
  problems: ContractProblem[],
  base: string,
  errors: readonly ErrorObject[],
): void {
  for (const e of errors) {
    const pointer = base + e.instancePath;
    if (e.keyword === 'if' || e.keyword === 'anyOf' || problems.some((p) => p.pointer === pointer))
      continue;
    const where = e.instancePath ? `'${e.instancePath.split('/').pop()}' ` : '';
    const allowed =
      e.params && 'allowedValues' in e.params
        ? ` (${(e.params.allowedValues as unknown[]).join(', ')})`
        : '';
    problems.push({
      pointer,
      message: `invalid schema: ${where}${e.message}${allowed}`,
      source: 'schema',
    });
  }
}

export function legacyCheckSchemas(
  document: Record<string, unknown>,
  dialect: '3.0' | '3.1',
): { problems: ContractProblem[]; unknownFormats: string[] } {
  const sites = schemaSites(document);
  const { root } = buildJsonSchemaRoot(document, sites, dialect);
  const ajv = createAjv({ dialect, allErrors: true });
  const unknownFormats = findUnknownFormats(root, ajv);
  const known = (ajv as unknown as { RULES: { keywords: Record<string, unknown> } }).RULES.keywords;
  const problems: ContractProblem[] = [];
  const pointerOf = new Map(sites.map((s) => [s.key, s.pointer]));

  for (const [key, schema] of Object.entries(root.$defs)) {
    const base = pointerOf.get(key) ?? key;
    if (!ajv.validateSchema(schema as object)) metaProblems(problems, base, ajv.errors ?? []);
    walkKeywords(schema, [], (path, keyword) => {
      if (!known[keyword])
        problems.push({
          pointer: [base, ...[...path, keyword].map(segment)].join('/'),
          message: `unknown keyword '${keyword}'`,
          hint: 'not a JSON Schema keyword: a typo? extensions must start with x-',
          source: 'schema',
        });
    });
  }
  // One problem per message and place, in the order found.
  const seen = new Set<string>();
  const unique = problems.filter(
    (p) => !seen.has(`${p.pointer}\0${p.message}`) && !!seen.add(`${p.pointer}\0${p.message}`),
  );
  return { problems: unique, unknownFormats };
}

function walkKeywords(
  schema: unknown,
  path: string[],
  report: (path: string[], keyword: string) => void,
): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    report(path, key);
    if (MAP_KEYWORDS.has(key) && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value))
        walkKeywords(sub, [...path, key, name], report);
    } else if (SCHEMA_KEYWORDS.has(key)) {
      if (Array.isArray(value))
        value.forEach((sub, i) => walkKeywords(sub, [...path, key, String(i)], report));
      else walkKeywords(value, [...path, key], report);
    }
  }
}
