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
 * 404, ... of runtime/pipeline-answers.ts) are written so that they read like the document's
 * errors: the message and code fields of the shape, and the required fields the schemas fix to
 * one value (`result: "error"`). Nothing beyond that is invented: a required field with no single
 * value (Stripe's `error.type`) is left out, and the refusal then does not validate against that
 * schema (the document gives no value a server could honestly pick).
 */
import { collectProperties, deref } from './schema-facts.js';
import { isJsonMediaType } from './media.js';
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
      out.push({
        found: shapeOf(document, media.schema),
        schema: deref(document, media.schema),
      });
    }
  return out;
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
  const named = new Set([shape.message, shape.code, shape.within]);
  const fixed = commonFixed(
    document,
    group.map((f) => f.outer),
    named,
  );
  const holder = (f: Found) => (shape.within === undefined ? f.outer : f.inner);
  const code =
    shape.code === undefined ? undefined : codeValue(document, group.map(holder), shape.code);
  const innerFixed =
    shape.within === undefined
      ? undefined
      : commonFixed(
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
            ...(innerFixed ? { fixed: innerFixed } : {}),
          },
        }
      : {}),
    ...(fixed ? { fixed } : {}),
  };
}

/**
 * What the code field holds in a refusal: the servers' code name (`BAD_REQUEST`) where the
 * schemas type it as free text, the HTTP status where they type it as a number. A schema that
 * fixes the code (`const`, `enum`: one specific error's body) says which codes exist, not what
 * the field is, and is passed over; none left, or a format or pattern on it (a URI), or schemas
 * that disagree: no code, since no value of ours would do.
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

/**
 * Required fields every schema fixes to one value (`const`, or an `enum` of one item), by name,
 * in the first schema's order; fields the shape names are the refusal's own.
 */
function commonFixed(
  document: unknown,
  schemas: (Schema | undefined)[],
  named: Set<string | undefined>,
): Record<string, unknown> | undefined {
  let common: Record<string, unknown> | undefined;
  for (const schema of schemas) {
    if (!schema) return undefined;
    const { properties, required } = collectProperties(document, schema);
    const here: Record<string, unknown> = {};
    for (const name of Object.keys(properties)) {
      if (!required.has(name) || named.has(name)) continue;
      const value = fixedValue(deref(document, properties[name]));
      if (value !== undefined) here[name] = value.value;
    }
    common =
      common === undefined
        ? here
        : Object.fromEntries(
            Object.entries(common).filter(
              ([k, v]) => Object.hasOwn(here, k) && JSON.stringify(here[k]) === JSON.stringify(v),
            ),
          );
  }
  return common && Object.keys(common).length > 0 ? common : undefined;
}

function fixedValue(s: Schema | undefined): { value: unknown } | undefined {
  if (!s) return undefined;
  if ('const' in s) return { value: s.const };
  if (Array.isArray(s.enum) && s.enum.length === 1) return { value: s.enum[0] };
  return undefined;
}
