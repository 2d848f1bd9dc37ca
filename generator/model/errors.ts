/**
 * Where a document's error bodies carry their message and code, read from the schemas of its
 * error responses (`4XX`, `5XX`, `default` and every 4xx/5xx status): our contract's envelope
 * gives `{msg, code}`, GitHub's `{message}`, Stripe's `{error: {message, code}}`. The client
 * turns such a body into an `api` error (runtime/client-errors.ts) and the samples read the
 * fields by these names; a document whose errors declare no body with a message gets generic
 * handling (an `http` error carrying the body as received).
 *
 * The property names are the usual ones of public APIs, tried in order; the shape most error
 * responses share wins (ties: the first seen in path order), so one odd response does not
 * decide for the whole document.
 *
 * From the same responses come the document's error conventions (`errorConventionsOf`, the
 * model's `errorConventions`): whether its answers are `{result, msg, code}` envelopes, whether
 * it lists the codes each operation answers with, and how the servers' own refusals (400, 401,
 * 404, ... of runtime/pipeline-answers.ts) are written so that they validate against the
 * document's error schemas: the message and code fields of the shape, and every other required
 * field filled from what the document gives (`requiredValue`): its `const`; an `enum`'s value
 * whose words fit the refusal's class (Stripe's `error.type`: `invalid_request_error` for a
 * 4xx, `api_error` for a 5xx), else its first; the field's `default`, then its example; an
 * unconstrained text field the empty text. Never a value the schema does not allow: a required
 * field none of these fills (an object, a number with no example) is left out, and the refusal
 * then does not validate against that schema.
 */
import { componentSchemaName } from '../common/pointer.js';
import { collectProperties, deref } from './schema-facts.js';
import { isJsonMediaType } from './media.js';
import { errorFieldsByCode } from './error-fields.js';
import type { ErrorConventions, ErrorShape, Operation, RefusalShape } from './types.js';

const MESSAGE_NAMES = ['msg', 'message', 'detail', 'error_description', 'error_message', 'title'];
const CODE_NAMES = ['code', 'error_code', 'errorCode', 'type'];
/** properties a message and code are commonly nested in */
const CONTAINER_NAMES = ['error', 'errors'];

type Schema = Record<string, unknown>;

/** A shape found in one error schema, with the schema objects that hold its fields. */
interface Found {
  shape: ErrorShape;
  /** the body's schema */
  outer: Schema;
  /** the schema of the object nested under `within` (an array's items when `list`) */
  inner?: Schema;
  list: boolean;
  /** the component schema the body is (`#/components/schemas/<name>`), when it is one */
  component?: string;
}

function isErrorStatus(status: string): boolean {
  return status === 'default' || /^[45]/.test(status);
}

function typesOf(s: Schema | undefined): unknown[] {
  const type = s?.type;
  return Array.isArray(type) ? type : [type];
}

/** The text-typed (or number-typed, for codes) property of `properties` first in `names`. */
function pick(
  document: unknown,
  properties: Record<string, unknown>,
  names: string[],
  allowNumber: boolean,
): string | undefined {
  for (const name of names) {
    if (!Object.hasOwn(properties, name)) continue;
    const s = deref(document, properties[name]);
    const type = s?.type;
    const types = typesOf(s);
    if (types.includes('string') || (allowNumber && types.includes('integer'))) return name;
    // No type at all (`{}` or a description only): still a field errors carry by that name.
    if (type === undefined && s && !('properties' in s) && !('items' in s)) return name;
  }
  return undefined;
}

function shapeOf(document: unknown, schema: unknown, depth = 0): Found | undefined {
  const s = deref(document, schema);
  if (!s || depth > 1) return undefined;
  const { properties } = collectProperties(document, s);
  const message = pick(document, properties, MESSAGE_NAMES, false);
  if (message) {
    const code = pick(
      document,
      properties,
      CODE_NAMES.filter((n) => n !== message),
      true,
    );
    return { shape: code ? { message, code } : { message }, outer: s, list: false };
  }
  for (const container of CONTAINER_NAMES) {
    if (!Object.hasOwn(properties, container)) continue;
    const held = deref(document, properties[container]);
    // `errors: [{message}]`: the items carry the fields.
    const list = held !== undefined && typesOf(held).includes('array') && 'items' in held;
    const inner = shapeOf(document, list ? held.items : held, depth + 1);
    if (inner && inner.shape.within === undefined)
      return { shape: { ...inner.shape, within: container }, outer: s, inner: inner.outer, list };
  }
  return undefined;
}

function keyOf(shape: ErrorShape): string {
  return `${shape.within ?? ''}\0${shape.message}\0${shape.code ?? ''}`;
}

/** Every JSON error response's shape, in path order. */
function errorBodies(
  document: unknown,
  operations: Pick<Operation, 'responses'>[],
): { found?: Found; schema: Schema | undefined }[] {
  const out: { found?: Found; schema: Schema | undefined }[] = [];
  for (const op of operations)
    for (const response of op.responses) {
      if (!isErrorStatus(response.status)) continue;
      const media = response.representative;
      if (!media?.schema || !isJsonMediaType(media.type)) continue;
      const found = shapeOf(document, media.schema);
      const component = componentName(media.schema);
      out.push({
        found: found && component !== undefined ? { ...found, component } : found,
        schema: deref(document, media.schema),
      });
    }
  return out;
}

/** `error` of a `{$ref: '#/components/schemas/error'}` schema. */
function componentName(schema: unknown): string | undefined {
  return componentSchemaName((schema as { $ref?: unknown } | undefined)?.$ref);
}

/** The component schema most bodies of the document's shape are (ties: the first seen). */
function commonComponent(group: Found[]): string | undefined {
  const counts = new Map<string, number>();
  for (const f of group)
    if (f.component !== undefined) counts.set(f.component, (counts.get(f.component) ?? 0) + 1);
  let best: string | undefined;
  for (const [name, n] of counts) if (best === undefined || n > counts.get(best)!) best = name;
  return best;
}

/** The shape most error bodies share, and every body found with it. */
function winner(bodies: { found?: Found }[]): Found[] {
  const groups = new Map<string, Found[]>();
  for (const { found } of bodies) {
    if (!found) continue;
    const key = keyOf(found.shape);
    const group = groups.get(key);
    if (group) group.push(found);
    else groups.set(key, [found]);
  }
  let best: Found[] = [];
  for (const group of groups.values()) if (group.length > best.length) best = group;
  return best;
}

/**
 * The document's error conventions (see the head of this file), computed once with the model.
 * Our contract: `{msg, code}` in a `{result: "error", msg, code}` envelope, codes listed.
 */
export function errorConventionsOf(
  document: unknown,
  operations: Pick<Operation, 'responses' | 'errorCodes'>[],
): ErrorConventions {
  const bodies = errorBodies(document, operations);
  const group = winner(bodies);
  const shape = group[0]?.shape;
  const errorSchema = commonComponent(group);
  const listsCodes = operations.some((op) => op.errorCodes.length > 0);
  // The envelope: error bodies declare `result` (our API's answers carry it, success or error).
  const envelope =
    shape !== undefined &&
    shape.within === undefined &&
    bodies.some(
      ({ schema }) =>
        schema !== undefined &&
        Object.hasOwn(collectProperties(document, schema).properties, 'result'),
    );
  return {
    ...(shape ? { shape } : {}),
    envelope,
    listsCodes,
    refusal: refusalOf(document, group),
    ...(errorSchema !== undefined ? { errorSchema } : {}),
    codeFields: errorFieldsByCode(document, operations, shape, errorSchema),
  };
}

/**
 * How the servers' own refusals are written, from the schemas that share the document's shape.
 * No shape: `{message}` alone, the plainest body that says what went wrong (a document whose
 * errors declare no fields gets no field of ours beyond the words); the status says the rest.
 */
function refusalOf(document: unknown, group: Found[]): RefusalShape {
  const first = group[0];
  if (!first) return { message: 'message' };
  const { shape } = first;
  const holder = (f: Found) => (shape.within === undefined ? f.outer : f.inner);
  const code =
    shape.code === undefined ? undefined : codeValue(document, group.map(holder), shape.code);
  // The fields the refusal writes itself; a code field it cannot write is filled like any other.
  const named = new Set([shape.message, code ? shape.code : undefined, shape.within]);
  const outer = requiredFields(
    document,
    group.map((f) => f.outer),
    named,
  );
  const inner =
    shape.within === undefined
      ? {}
      : requiredFields(
          document,
          group.map((f) => f.inner),
          named,
        );
  return {
    message: shape.message,
    ...(code ? { code: { name: shape.code!, value: code } } : {}),
    ...(shape.within !== undefined
      ? {
          within: {
            name: shape.within,
            ...(first.list ? { list: true as const } : {}),
            ...inner,
          },
        }
      : {}),
    ...outer,
  };
}

/**
 * What the code field holds in a refusal: the servers' code name (`BAD_REQUEST`) where the
 * schemas type it as free text, the HTTP status where they type it as a number. A schema that
 * fixes the code (`const`, `enum`: one specific error's body) says which codes exist, not what
 * the field is, and is passed over; none left, or a format or pattern on it (a URI), or schemas
 * that disagree: no code of ours (a required one is then filled as any other field is).
 */
function codeValue(
  document: unknown,
  holders: (Schema | undefined)[],
  name: string,
): 'name' | 'status' | undefined {
  let value: 'name' | 'status' | undefined;
  for (const holder of holders) {
    if (!holder) return undefined;
    const s = deref(document, collectProperties(document, holder).properties[name]);
    if (!s || 'format' in s || 'pattern' in s) return undefined;
    if ('enum' in s || 'const' in s) continue;
    const here = typesOf(s).includes('string') || s.type === undefined ? 'name' : 'status';
    if (value !== undefined && value !== here) return undefined;
    value = here;
  }
  return value;
}

/** A required field's value in a refusal: one for every refusal, or one per class (4xx, 5xx). */
type FieldValue = { value: unknown } | { client: unknown; server: unknown };

/**
 * The required fields of `schemas` (all of them: a refusal must validate against each) the
 * refusal does not write itself, with their values (`requiredValue`), in the first schema's
 * order; where schemas give a field different values, the first schema's stands.
 */
function requiredFields(
  document: unknown,
  schemas: (Schema | undefined)[],
  named: Set<string | undefined>,
): Pick<RefusalShape, 'fixed' | 'byClass'> {
  const values = new Map<string, FieldValue>();
  for (const schema of schemas) {
    if (!schema) continue;
    const { properties, required } = collectProperties(document, schema);
    for (const name of Object.keys(properties)) {
      if (!required.has(name) || named.has(name) || values.has(name)) continue;
      const value = requiredValue(deref(document, properties[name]));
      if (value !== undefined) values.set(name, value);
    }
  }
  const fixed: Record<string, unknown> = {};
  const client: Record<string, unknown> = {};
  const server: Record<string, unknown> = {};
  for (const [name, value] of values) {
    if ('value' in value) fixed[name] = value.value;
    else {
      client[name] = value.client;
      server[name] = value.server;
    }
  }
  return {
    ...(Object.keys(fixed).length > 0 ? { fixed } : {}),
    ...(Object.keys(client).length > 0 ? { byClass: { client, server } } : {}),
  };
}

/**
 * Words that say an enum value names a fault of the request (4xx) or of the server (5xx), by
 * preference: Stripe's `error.type` lists `api_error`, `card_error`, `idempotency_error` and
 * `invalid_request_error`.
 */
const CLASS_WORDS = {
  client: ['invalid_request', 'bad_request', 'invalid', 'request', 'client', 'validation'],
  server: ['api_error', 'server', 'internal', 'api'],
};

/** The first enum value (text) holding one of `words`, tried in order; else the first listed. */
function enumPick(values: unknown[], words: string[]): unknown {
  for (const word of words) {
    const hit = values.find((v) => typeof v === 'string' && v.toLowerCase().includes(word));
    if (hit !== undefined) return hit;
  }
  return values[0];
}

/**
 * The value a refusal gives a required field the document fixes or suggests, in this order:
 * `const`; an `enum` (one item: that; more: the value whose words fit the class, else the first);
 * `default`; `example` (3.0) or the first of `examples` (3.1); the empty text for a text field
 * with no format, pattern or minimum length. Anything else: none (the field is left out).
 */
function requiredValue(s: Schema | undefined): FieldValue | undefined {
  if (!s) return undefined;
  if ('const' in s) return { value: s.const };
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const client = enumPick(s.enum, CLASS_WORDS.client);
    const server = enumPick(s.enum, CLASS_WORDS.server);
    return client === server ? { value: client } : { client, server };
  }
  if ('default' in s) return { value: s.default };
  if ('example' in s) return { value: s.example };
  if (Array.isArray(s.examples) && s.examples.length > 0) return { value: s.examples[0] };
  const types = typesOf(s);
  const text = types.includes('string') && types.every((t) => t === 'string' || t === 'null');
  if (text && !('format' in s) && !('pattern' in s) && !(Number(s.minLength) > 0))
    return { value: '' };
  return undefined;
}

/**
 * The contract's errors carry a code by name (not the HTTP status), so the server's `error()`
 * helper takes one: `error(status, code, message)` (generator/emit/server.ts writes it, the
 * scaffold's starters describe it).
 */
export function errorTakesCode(refusal: RefusalShape): boolean {
  return refusal.code?.value === 'name';
}
