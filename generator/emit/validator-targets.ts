/**
 * What the generated validators check, decided from the model: one schema per named component,
 * one request schema per operation (its parameters grouped by location, plus the body), and the
 * body schema of each documented response. Everything is expressed as `$ref`s to the real place
 * in the document, so a schema shared by many operations (a component, a `$ref`'d response or
 * parameter) becomes one `$defs` entry, compiled once.
 */
import type { ApiModel, JsonSchema, Operation, Parameter } from '../model/types.js';
import { childPointer, getAt, parsePointer } from '../pointer.js';
import { windowOf } from '../model/level-facts.js';
import { newestLevel } from '../model/levels.js';
import { defKey } from '../schema/json-schema.js';
import { levelRequired, levelWrapped } from '../schema/level-keywords.js';

const JSON_MEDIA = /^application\/([\w.+-]+\+)?json\b/i;

export interface RequestTarget {
  /** `$defs` key of the operation's request schema */
  key: string;
  /** form bodies decode to an object even when empty: validate `{}` for a missing body */
  formBody: boolean;
}

export interface ValidatorTargets {
  /** request schemas built here (not in the document), by `$defs` key */
  extra: Record<string, JsonSchema>;
  /** component name → `$defs` key */
  named: Record<string, string>;
  requests: Record<string, RequestTarget>;
  /** operationId → status (`200`, `4XX`, `default`) → `$defs` key, or null when no JSON body is documented */
  responses: Record<string, Record<string, string | null>>;
  /** `$defs` key → where it is in the contract, for error messages */
  pointerOf: Record<string, string>;
}

export function collectValidatorTargets(model: ApiModel): ValidatorTargets {
  const document = model.document;
  const targets: ValidatorTargets = {
    extra: {},
    named: {},
    requests: {},
    responses: {},
    pointerOf: {},
  };
  for (const schema of model.schemas) {
    targets.named[schema.name] = defKey(schema.pointer);
    targets.pointerOf[defKey(schema.pointer)] = schema.pointer;
  }
  const newest = newestLevel(document);
  for (const op of model.operations) {
    const key = `request/${op.id}`;
    targets.extra[key] = requestSchema(document, op, newest);
    targets.pointerOf[key] = op.pointer;
    targets.requests[op.id] = { key, formBody: op.requestBody?.kind === 'form' };
    const byStatus: Record<string, string | null> = {};
    for (const response of op.responses) {
      const media = response.mediaTypes.find(
        (m) => JSON_MEDIA.test(m.type) && m.schema !== undefined,
      );
      const real = media && realPointer(document, childPointer(media.pointer, 'schema'));
      // Status ranges are case-insensitive in practice (`4xx`); OpenAPI writes them upper case.
      byStatus[response.status === 'default' ? 'default' : response.status.toUpperCase()] = real
        ? defKey(real)
        : null;
      if (real) targets.pointerOf[defKey(real)] = real;
    }
    targets.responses[op.id] = byStatus;
  }
  return targets;
}

/**
 * `{path, query, headers, body}` as one object schema, so that Ajv's instance paths are the
 * pointers users read (`/query/num_before`). Groups stay open: parameters the contract does not
 * list are the server's business (it reports them as ignored), not a validation failure.
 */
function requestSchema(
  document: Record<string, unknown>,
  op: Operation,
  newest: number,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const group = (location: Parameter['in']): JsonSchema | undefined => {
    const params = op.parameters.filter((p) => p.in === location);
    if (params.length === 0) return undefined;
    const required = params.filter((p) => p.required).map((p) => p.name);
    // A parameter outside its level window is unknown at that level: unchecked, not required.
    const windows = Object.fromEntries(
      params.flatMap((p) => {
        const w = windowOf(p.lifecycle, p.extensions['x-removed'] === true, newest);
        return w ? [[p.name, w]] : [];
      }),
    );
    const leveled = levelRequired(required, windows);
    return {
      type: 'object',
      properties: Object.fromEntries(
        params.map((p) => {
          const schema = parameterSchema(document, p);
          return [p.name, windows[p.name] ? levelWrapped(windows[p.name], schema) : schema];
        }),
      ),
      ...(leveled ?? (required.length > 0 ? { required } : {})),
    };
  };
  for (const [name, location] of [
    ['path', 'path'],
    ['query', 'query'],
    ['headers', 'header'],
  ] as const) {
    const schema = group(location);
    if (schema) properties[name] = schema;
  }
  const body = op.requestBody;
  // Form bodies are validated whole against their schema (not field by field), so that
  // everything the schema says beyond the fields (allOf, additionalProperties) still counts.
  const media =
    body?.kind === 'form'
      ? body.mediaTypes[0]
      : body?.kind === 'json'
        ? (body.mediaTypes.find((m) => JSON_MEDIA.test(m.type)) ??
          body.mediaTypes.find((m) => /json/i.test(m.type)))
        : undefined;
  if (media?.schema !== undefined)
    properties.body = schemaAt(document, childPointer(media.pointer, 'schema'), media.schema);
  const required = body?.required && properties.body ? ['body'] : [];
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function parameterSchema(document: Record<string, unknown>, p: Parameter): JsonSchema {
  if (p.in === 'body') return schemaAt(document, p.pointer, p.schema);
  const param = getAt(document, realPointer(document, p.pointer) ?? p.pointer) as
    Record<string, unknown> | undefined;
  const contentType =
    param?.content && typeof param.content === 'object' ? Object.keys(param.content)[0] : undefined;
  const at =
    contentType !== undefined
      ? childPointer(p.pointer, 'content', contentType, 'schema')
      : childPointer(p.pointer, 'schema');
  return schemaAt(document, at, p.schema);
}

/** A `$ref` to the schema's real place in the document; the model's copy when it has none. */
function schemaAt(
  document: Record<string, unknown>,
  ptr: string,
  fallback: JsonSchema,
): JsonSchema {
  const real = realPointer(document, ptr);
  return real ? { $ref: real } : fallback;
}

/**
 * The pointer of the node `ptr` names once every `$ref` met on the way is followed
 * (`#/paths/~1x/get/responses/default/content/...` → `#/components/responses/Error/content/...`).
 * Undefined when the path does not exist. A `$ref` at the end is kept: the node is the schema.
 */
export function realPointer(document: unknown, ptr: string): string | undefined {
  let node: unknown = document;
  let at = '#';
  for (const segment of parsePointer(ptr)) {
    for (
      let hops = 0;
      node && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';
      hops++
    ) {
      const ref = (node as { $ref: string }).$ref;
      if (!ref.startsWith('#') || hops > 32) return undefined;
      at = ref;
      node = getAt(document, ref);
    }
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment))
      return undefined;
    node = (node as Record<string, unknown>)[segment];
    at = childPointer(at, segment);
  }
  return at;
}
