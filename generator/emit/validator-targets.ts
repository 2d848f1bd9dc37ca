/**
 * What the generated validators check, decided from the model: one schema per named component,
 * one request schema per operation (its parameters grouped by location, plus the body), and the
 * body schema of each documented response. Everything is expressed as `$ref`s to the real place
 * in the document, so a schema shared by many operations (a component, a `$ref`'d response or
 * parameter) becomes one `$defs` entry, compiled once.
 */
import { isJsonMediaType } from '../model/media.js';
import type {
  ApiModel,
  JsonSchema,
  Lifecycle,
  MediaType,
  Operation,
  Parameter,
} from '../model/types.js';
import { windowOf } from '../model/level-facts.js';
import { levelRequired, levelWrapped } from '../schema/level-keywords.js';
import { defKey } from '../schema/json-schema.js';
import { jsonSchemaSourcePart, refsIn } from '../model/views/json-schema.js';

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
  const newest = model.newestLevel;
  // Operations with the same parameters and body share one request schema, compiled once: the
  // first operation's (on GitHub's document 1223 operations have 767 different ones).
  const keyOfRequest = new Map<string, string>();
  for (const op of model.operations) {
    const schema = requestSchema(op, newest);
    const text = JSON.stringify(schema);
    let key = keyOfRequest.get(text);
    if (key === undefined) {
      key = `request/${op.id}`;
      keyOfRequest.set(text, key);
      targets.extra[key] = schema;
      targets.pointerOf[key] = op.pointer;
    }
    targets.requests[op.id] = { key, formBody: op.requestBody?.kind === 'form' };
    const byStatus: Record<string, string | null> = {};
    for (const response of op.responses) {
      // The response's representative media type (model/media.ts), when it is JSON with a schema.
      const media = response.representative;
      const real = media && isJsonMediaType(media.type) ? media.schemaPointer : undefined;
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
function requestSchema(op: Operation, newest: number): JsonSchema {
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
          const schema = schemaAt(p);
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
  const media = body?.kind === 'form' || body?.kind === 'json' ? body.representative : undefined;
  if (media?.schema !== undefined) properties.body = schemaAt(media);
  const required = body?.required && properties.body ? ['body'] : [];
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** A `$ref` to the schema's real place in the document; the model's copy when it has none. */
function schemaAt(site: Parameter | MediaType): JsonSchema {
  return site.schemaPointer ? { $ref: site.schemaPointer } : (site.schema ?? {});
}

/**
 * The part of the model the validators emitter reads (validators.ts, this file, the schema
 * converter): the document (the schemas are read where they are), the named schemas, and of
 * each operation its id, place, levels and where its parameters', body's and responses' schemas
 * are. What a thread that only makes the validators is sent instead of the whole model (a
 * structured clone): on Microsoft Graph's document the operations' names, runtime tables,
 * examples and prose are most of the model.
 * The fields left out are emptied, not absent, so the slice is still an `ApiModel`;
 * test/validators/validators-slice.test.ts holds the emitter's output to be the same from it.
 */
export function validatorsSlice(model: ApiModel): ApiModel {
  const media = (m: MediaType | undefined, keepSchema: boolean): MediaType | undefined =>
    m && {
      type: m.type,
      // a schema is `$ref`'d by its pointer when it has one (schemaAt): the copy is not read
      ...(keepSchema && m.schema !== undefined ? { schema: m.schemaPointer ? {} : m.schema } : {}),
      ...(m.schemaPointer !== undefined ? { schemaPointer: m.schemaPointer } : {}),
      encoding: EMPTY_OBJECT,
      examples: EMPTY_LIST,
      pointer: '',
    };
  const parameter = (p: Parameter): Parameter => ({
    name: p.name,
    in: p.in,
    required: p.required,
    schema: p.schemaPointer ? {} : p.schema,
    ...(p.schemaPointer !== undefined ? { schemaPointer: p.schemaPointer } : {}),
    types: EMPTY_LIST,
    encoding: EMPTY_OBJECT as unknown as Parameter['encoding'],
    limits: EMPTY_OBJECT,
    examples: EMPTY_LIST,
    lifecycle: sharedLifecycle(p.lifecycle),
    pointer: '',
    extensions:
      'x-removed' in p.extensions ? { 'x-removed': p.extensions['x-removed'] } : EMPTY_OBJECT,
  });
  const operation = (op: Operation): Operation => ({
    id: op.id,
    idSynthesized: op.idSynthesized,
    method: op.method,
    idempotent: op.idempotent,
    path: op.path,
    pointer: op.pointer,
    tags: [],
    security: [],
    auth: op.auth,
    authAlternatives: [],
    parameters: op.parameters.map(parameter),
    ...(op.requestBody
      ? {
          requestBody: {
            required: op.requestBody.required,
            kind: op.requestBody.kind,
            mediaTypes: [],
            representative: media(op.requestBody.representative, true),
            carriesNothing: op.requestBody.carriesNothing,
            pointer: '',
          },
        }
      : {}),
    responses: op.responses.map((r) => ({
      status: r.status,
      description: '',
      mediaTypes: [],
      representative: media(r.representative, false),
      headers: [],
      pointer: '',
    })),
    errorCodes: [],
    lifecycle: op.lifecycle,
    extensions: {},
    runtime: EMPTY_RUNTIME,
    // the per-operation module's file name (model/artifact-names.ts) is the one name read
    names: { file: op.names.file } as Operation['names'],
  });
  return {
    ...model,
    document: jsonSchemaSourcePart(model, validatorPointers(model)),
    info: { title: model.info.title, version: model.info.version, extensions: {} },
    tags: [],
    errorCodes: [],
    operations: model.operations.map(operation),
  };
}

/** What the validators never read of an operation: one empty value shared by all (the clone keeps it one). */
const EMPTY_RUNTIME = {} as Operation['runtime'];
/**
 * The same for the parameters', bodies' and responses' fields the validators never read (their
 * places, examples, encodings: `pointer` is emptied): Microsoft Graph's 22,361 operations have
 * ~200,000 parameters, and these fields, each its own object or string after the clone, were
 * about half of the slice's operations.
 */
const EMPTY_OBJECT = Object.freeze({}) as Record<string, never>;
const EMPTY_LIST = Object.freeze([]) as unknown as never[];
const NO_LIFECYCLE: Lifecycle = Object.freeze({
  history: EMPTY_LIST,
  deprecated: false,
}) as Lifecycle;

/** A lifecycle with nothing in it, as one shared value (the level windows read only its fields). */
function sharedLifecycle(lifecycle: Lifecycle): Lifecycle {
  const empty =
    lifecycle.history.length === 0 &&
    !lifecycle.deprecated &&
    Object.keys(lifecycle).every((k) => k === 'history' || k === 'deprecated');
  return empty ? NO_LIFECYCLE : lifecycle;
}

/**
 * The targets that are places in the document, as the schema root's sites (validators.ts,
 * `validatorSchemaRoot`): the request schemas built here (`extra`) are not.
 */
export function documentSites(targets: ValidatorTargets): { key: string; pointer: string }[] {
  return Object.entries(targets.pointerOf)
    .filter(([key]) => !(key in targets.extra))
    .map(([key, pointer]) => ({ key, pointer }));
}

/** The pointers the schema root starts from (validators.ts, `validatorSchemaRoot`). */
function validatorPointers(model: ApiModel): string[] {
  const targets = collectValidatorTargets(model);
  const pointers = documentSites(targets).map((s) => s.pointer);
  // the request schemas built here are not in the document: where they point is
  for (const schema of Object.values(targets.extra)) pointers.push(...refsIn(schema));
  return pointers;
}
