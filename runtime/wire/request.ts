/**
 * A whole request from parameter values: the filled path, the query string, header values and
 * the body in the media type chosen. The client sends exactly this, and the curl samples spell
 * exactly this.
 */
import type {
  EncodeOptions,
  EncodedBody,
  EncodedRequest,
  RequestInput,
  WireOperation,
} from './types.js';
import { fieldText } from './coerce.js';
import { encodeFields, indexFields, type FieldIndex, type FieldIndexes } from './fields.js';
import { serializeMultipart } from './multipart.js';
import { fillPath, templateQuery } from './path.js';
import { serializeUrlencoded, type OutPair } from './urlencoded.js';
import { bodyOfType } from '../validation-words.js';
import { isBlob } from '../is-object.js';

export const URLENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';

/** `Type/Sub; charset=x` → `type/sub`: what media types are compared by. */
export function mediaEssence(contentType: string): string {
  // Nearly every call sees an already plain, lower-case type (a contract's, or what clients send).
  if (PLAIN_ESSENCE.test(contentType)) return contentType;
  return contentType.split(';')[0].trim().toLowerCase();
}

const PLAIN_ESSENCE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** Whether `spec` accepts a body of media type `essence` (already an essence). */
export function acceptsEssence(spec: { mediaTypes: string[] }, essence: string): boolean {
  for (const type of spec.mediaTypes) if (mediaEssence(type) === essence) return true;
  return false;
}

export function encodeRequest(
  op: WireOperation,
  input: RequestInput,
  opts: EncodeOptions = {},
): EncodedRequest {
  return encodeRequestPairs(op, input, opts).request;
}

/**
 * A request and the name/value pairs its query string and form body were written from: the one
 * encoding `encodeRequest` sends and samples (sample.ts) spell.
 */
export interface EncodedRequestPairs {
  request: EncodedRequest;
  /** the query parameters as pairs, in the query string's order (credentials are not in them) */
  queryPairs: OutPair[];
  /** a form body's fields as pairs; only when the request sends a form body */
  formPairs?: OutPair[];
}

export function encodeRequestPairs(
  op: WireOperation,
  input: RequestInput,
  opts: EncodeOptions = {},
): EncodedRequestPairs {
  const groups = opts.fieldIndexes ? opts.fieldIndexes(op) : indexFields(op.fields);
  const headers = encodeHeaders(groups, input.headers ?? {});
  const queryPairs = encodeFields(groups.query, input.query ?? {}, groups.namedIn.query);
  const request: EncodedRequest = {
    method: op.method,
    path: fillPath(op.path, input.path ?? {}),
    query: withFixedQuery(templateQuery(op.path), serializeUrlencoded(queryPairs)),
    headers,
  };
  const result: EncodedRequestPairs = { request, queryPairs };
  const body = encodeBody(op, groups, input.body, opts);
  if (body === undefined) return result;
  request.body = body.body;
  if (body.formPairs) result.formPairs = body.formPairs;
  return result;
}

function encodeHeaders(
  groups: FieldIndex,
  values: Record<string, unknown>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const field = groups.header.find(
      (candidate) => candidate.name.toLowerCase() === name.toLowerCase(),
    );
    headers[name] = fieldText(field ?? { name, encoding: 'plain', types: [] }, value);
  }
  return headers;
}

function withFixedQuery(fixed: string, query: string): string {
  return fixed === '' ? query : query === '' ? fixed : `${fixed}&${query}`;
}

function encodeBody(
  op: WireOperation,
  groups: FieldIndex,
  value: unknown,
  opts: EncodeOptions,
): { body: EncodedBody; formPairs?: OutPair[] } | undefined {
  if (value === undefined) return undefined;
  if (op.body === undefined) throw new TypeError(`${op.operationId} takes no request body`);
  const { kind, mediaTypes } = op.body;
  if (kind === 'json') {
    return {
      body: {
        contentType: opts.mediaType ?? mediaTypes[0] ?? 'application/json',
        text: JSON.stringify(value),
      },
    };
  }
  if (kind === 'other') {
    const contentType = opts.mediaType ?? mediaTypes[0] ?? 'application/octet-stream';
    if (typeof value === 'string') return { body: { contentType, text: value } };
    if (value instanceof Uint8Array) return { body: { contentType, bytes: value.slice() } };
    if (isBlob(value)) return { body: { contentType, blob: value } };
    // The types take what the body's schema describes (`text/plain` holding an object is common
    // in generated documents): anything else travels as its JSON text.
    const text = JSON.stringify(value);
    if (text === undefined)
      throw new TypeError(
        `${op.operationId}: ${bodyOfType(contentType)} is a string, Uint8Array, Blob or JSON value`,
      );
    return { body: { contentType, text } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${op.operationId}: form fields are given as an object of name → value`);
  }
  const values = value as Record<string, unknown>;
  const pairs = encodeFields(groups.body, values, groups.namedIn.body);
  // An optional body with nothing in it is not sent at all, as clients do for a bare POST.
  if (pairs.length === 0 && !op.body.required) return undefined;
  const hasFile = pairs.some((pair) => typeof pair.value !== 'string');
  const chosen =
    opts.mediaType ?? (hasFile && acceptsEssence(op.body, MULTIPART) ? MULTIPART : mediaTypes[0]);
  const essence = mediaEssence(chosen ?? URLENCODED);
  if (essence === URLENCODED)
    return {
      body: { contentType: URLENCODED, text: serializeUrlencoded(pairs) },
      formPairs: pairs,
    };
  if (essence === MULTIPART)
    return { body: serializeMultipart(pairs, opts.boundary), formPairs: pairs };
  throw new TypeError(`${op.operationId}: form fields cannot be sent as ${chosen}`);
}

/**
 * Sorts one flat object of parameters (as a generated client takes them) into locations by the
 * operation's fields. A name the operation lacks goes where its other parameters go: the body
 * when it has a form body, else the query. Keys keep their order.
 */
export function splitInput(
  op: WireOperation,
  params: Record<string, unknown>,
  fieldIndexes?: FieldIndexes,
): RequestInput {
  const input: Required<Pick<RequestInput, 'path' | 'query' | 'headers'>> & {
    body?: Record<string, unknown>;
  } = {
    path: {},
    query: {},
    headers: {},
  };
  const fallback = op.body?.kind === 'form' ? 'body' : 'query';
  const byName = (fieldIndexes ? fieldIndexes(op) : indexFields(op.fields)).byName;
  for (const [name, value] of Object.entries(params)) {
    const location = byName.get(name)?.in ?? fallback;
    if (location === 'body') (input.body ??= {})[name] = value;
    else if (location === 'header') input.headers[name] = value;
    else input[location][name] = value;
  }
  return input;
}
