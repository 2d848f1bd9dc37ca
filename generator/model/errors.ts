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
 */
import { collectProperties, deref } from './schema-facts.js';
import { isJsonMediaType } from './media.js';
import type { ErrorShape, Operation } from './types.js';

const MESSAGE_NAMES = ['msg', 'message', 'detail', 'error_description', 'error_message', 'title'];
const CODE_NAMES = ['code', 'error_code', 'errorCode', 'type'];
/** properties a message and code are commonly nested in */
const CONTAINER_NAMES = ['error', 'errors'];

function isErrorStatus(status: string): boolean {
  return status === 'default' || /^[45]/.test(status);
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
    const types = Array.isArray(type) ? type : [type];
    if (types.includes('string') || (allowNumber && types.includes('integer'))) return name;
    // No type at all (`{}` or a description only): still a field errors carry by that name.
    if (type === undefined && s && !('properties' in s) && !('items' in s)) return name;
  }
  return undefined;
}

function shapeOf(document: unknown, schema: unknown, depth = 0): ErrorShape | undefined {
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
    return code ? { message, code } : { message };
  }
  for (const container of CONTAINER_NAMES) {
    if (!Object.hasOwn(properties, container)) continue;
    const inner = shapeOf(document, properties[container], depth + 1);
    if (inner && inner.within === undefined) return { ...inner, within: container };
  }
  return undefined;
}

export function errorShapeOf(
  document: unknown,
  operations: Pick<Operation, 'responses'>[],
): ErrorShape | undefined {
  const counts = new Map<string, { shape: ErrorShape; count: number }>();
  for (const op of operations) {
    for (const response of op.responses) {
      if (!isErrorStatus(response.status)) continue;
      const media = response.representative;
      if (!media?.schema || !isJsonMediaType(media.type)) continue;
      const shape = shapeOf(document, media.schema);
      if (!shape) continue;
      const key = `${shape.within ?? ''}\0${shape.message}\0${shape.code ?? ''}`;
      const seen = counts.get(key);
      if (seen) seen.count++;
      else counts.set(key, { shape, count: 1 });
    }
  }
  let best: { shape: ErrorShape; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.shape;
}
