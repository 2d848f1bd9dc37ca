/**
 * Where an OpenAPI document holds schemas, and the keys the JSON Schema views file them under:
 * the model's reading of the document's schema places, shared by the model's views and the
 * schema converter (generator/schema/json-schema.ts), which imports it from here.
 */
import { escapeSegment, parsePointer, pointer } from '../common/pointer.js';

/** Keys whose value is a map of name → schema. */
export const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** Keys whose value is a schema or an array of schemas. */
export const SCHEMA_VALUES = new Set([
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'contains',
  'propertyNames',
  'contentSchema',
]);

export interface SchemaSite {
  /** `$defs` key: the component name for `#/components/schemas/<name>`, else the pointer */
  key: string;
  /** where the schema is in the document */
  pointer: string;
}

/**
 * The `$defs` key of a pointer into the document. Other pointers are keyed in one canonical
 * spelling: a `$ref` may percent-encode what the pointer we build ourselves writes plainly
 * (`#/paths/~1monsters~1%7Bindex%7D/...` vs `.../~1monsters~1{index}/...`), and Ajv decodes the
 * fragment of every `$ref`, so a key kept percent-encoded could never be found.
 */
export function defKey(ptr: string): string {
  const prefix = '#/components/schemas/';
  if (ptr.startsWith(prefix) && !ptr.slice(prefix.length).includes('/')) {
    return parsePointer(ptr)[2];
  }
  try {
    return pointer(...parsePointer(ptr));
  } catch {
    return ptr; // not a JSON pointer (e.g. `#anchor`): left as written
  }
}

/**
 * Every place in an OpenAPI document that holds a schema: component schemas, parameter
 * schemas (and `content:` ones), request and response media types. Deterministic order.
 */
export function collectSchemaSites(document: Record<string, unknown>): SchemaSite[] {
  const sites: SchemaSite[] = [];
  const add = (ptr: string) => sites.push({ key: defKey(ptr), pointer: ptr });
  const components = (document.components ?? {}) as Record<
    string,
    Record<string, unknown> | undefined
  >;
  for (const name of Object.keys(components.schemas ?? {}).sort())
    add(`#/components/schemas/${escapeSegment(name)}`);
  const named = (kind: string) => Object.keys(components[kind] ?? {}).sort();
  addParameterSites(
    named('parameters').map((n) => components.parameters![n]),
    '#/components/parameters',
    add,
    named('parameters'),
  );
  for (const n of named('requestBodies')) {
    addContentSites(
      (components.requestBodies![n] as Record<string, unknown>)?.content,
      `#/components/requestBodies/${escapeSegment(n)}/content`,
      add,
    );
  }
  for (const n of named('responses')) {
    addContentSites(
      (components.responses![n] as Record<string, unknown>)?.content,
      `#/components/responses/${escapeSegment(n)}/content`,
      add,
    );
  }
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path] ?? {};
    const itemPtr = `#/paths/${escapeSegment(path)}`;
    addParameterSites(item.parameters, `${itemPtr}/parameters`, add);
    for (const method of Object.keys(item).sort()) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op || typeof op !== 'object' || method === 'parameters' || method.startsWith('x-'))
        continue;
      const opPtr = `${itemPtr}/${method}`;
      addParameterSites(op.parameters, `${opPtr}/parameters`, add);
      addContentSites(
        (op.requestBody as Record<string, unknown> | undefined)?.content,
        `${opPtr}/requestBody/content`,
        add,
      );
      const responses = (op.responses ?? {}) as Record<string, Record<string, unknown>>;
      for (const status of Object.keys(responses).sort()) {
        addContentSites(
          responses[status]?.content,
          `${opPtr}/responses/${escapeSegment(status)}/content`,
          add,
        );
      }
    }
  }
  return sites;
}

function addParameterSites(
  parameters: unknown,
  base: string,
  add: (ptr: string) => void,
  names?: string[],
): void {
  if (!Array.isArray(parameters)) return;
  parameters.forEach((p, i) => {
    const param = (p ?? {}) as Record<string, unknown>;
    if (typeof param.$ref === 'string') return; // the component it names is reached through its own site
    const at = `${base}/${escapeSegment(names ? names[i] : i)}`;
    if (param.schema !== undefined) add(`${at}/schema`);
    addContentSites(param.content, `${at}/content`, add);
  });
}

function addContentSites(content: unknown, base: string, add: (ptr: string) => void): void {
  if (!content || typeof content !== 'object') return;
  for (const type of Object.keys(content).sort()) {
    const media = (content as Record<string, Record<string, unknown>>)[type];
    if (media?.schema !== undefined) add(`${base}/${escapeSegment(type)}/schema`);
  }
}
