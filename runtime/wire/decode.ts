/**
 * A received request back to typed parameter values, for the server listener and the mock
 * front. Bad input is a value, never an exception: every problem found is listed with the field
 * and place it concerns, and names the operation lacks are returned apart so the server can
 * report them in `ignored_parameters_unsupported`.
 */
import type {
  DecodeError,
  DecodeOptions,
  DecodeResult,
  DecodedRequest,
  RawRequest,
  WireField,
  WireOperation,
} from './types.js';
import { coercePlain, coerceText, parseJson } from './coerce.js';
import { decodeFields, decodeItems, indexFields, type PairSource } from './fields.js';
import { parseMultipart } from './multipart.js';
import { decodePathItems, isPathList, templateQuery } from './path.js';
import { MULTIPART, URLENCODED, acceptsEssence, mediaEssence } from './request.js';
import { parseUrlencoded, type InPair } from './urlencoded.js';
import { bodyOfType, notJsonText } from '../validation-words.js';

const utf8 = new TextDecoder('utf-8');

export function decodeRequest(
  op: WireOperation,
  raw: RawRequest,
  opts: DecodeOptions = {},
): DecodeResult {
  try {
    return decodeSafely(op, raw, opts);
  } catch (error) {
    // Only a bug gets here; the promise not to throw on input still holds.
    const message = `the request could not be read: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, errors: [{ field: null, location: 'body', message }] };
  }
}

function decodeSafely(op: WireOperation, raw: RawRequest, opts: DecodeOptions): DecodeResult {
  const errors: DecodeError[] = [];
  const groups = opts.fieldIndexes ? opts.fieldIndexes(op) : indexFields(op.fields);
  const value: DecodedRequest = { path: {}, query: {}, body: undefined, headers: {} };

  for (const field of groups.path) {
    const text = Object.prototype.hasOwnProperty.call(raw.pathParams, field.name)
      ? raw.pathParams[field.name]
      : undefined;
    if (text === undefined) {
      errors.push({
        field: field.name,
        location: 'path',
        message: `\`${field.name}\` is missing from the path`,
      });
      continue;
    }
    const coerced =
      field.encoding === 'json' ? coerceText(field, text) : coercePathText(field, text);
    if (coerced.ok) value.path[field.name] = coerced.value;
    else
      errors.push({
        field: field.name,
        location: 'path',
        message: `\`${field.name}\` ${coerced.message}`,
      });
  }

  decodeHeaders(groups.header, raw.headers ?? {}, value, errors);

  const query: PairSource = {
    location: 'query',
    pairs: parseUrlencoded(typeof raw.query === 'string' ? raw.query : ''),
    used: new Set(),
  };
  markFixedQuery(op.path, query);
  const body = readBody(op, raw, errors);
  const form: PairSource | undefined = body.pairs
    ? { location: 'body', pairs: body.pairs, used: new Set() }
    : undefined;
  const lenient = opts.lenientLocation === true;

  const queryFields = decodeFields(groups.query, lenient && form ? [query, form] : [query]);
  value.query = queryFields.values;
  for (const error of queryFields.errors) errors.push({ ...error, location: 'query' });

  if (op.body?.kind === 'form') {
    const formFields = decodeFields(
      groups.body,
      lenient ? (form ? [form, query] : [query]) : form ? [form] : [],
    );
    // Always an object for form operations, so handlers need not tell "no body" from "no fields".
    value.body = formFields.values;
    for (const error of formFields.errors) errors.push({ ...error, location: 'body' });
  } else if (body.document !== undefined) {
    value.body = body.document;
  }

  if (errors.length > 0) return { ok: false, errors };
  const unknown: string[] = [];
  const unknownValues: Record<string, Array<string | Blob>> = {};
  for (const source of form ? [query, form] : [query]) {
    if (source.used.size === source.pairs.length) continue; // every pair was a field's
    for (let index = 0; index < source.pairs.length; index++) {
      if (source.used.has(index)) continue;
      const pair = source.pairs[index];
      if (!Object.prototype.hasOwnProperty.call(unknownValues, pair.name)) {
        unknown.push(pair.name);
        Object.defineProperty(unknownValues, pair.name, {
          value: [],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      unknownValues[pair.name].push(pair.value);
    }
  }
  return { ok: true, value, unknown, unknownValues };
}

/**
 * A path parameter as OpenAPI's default path style (`simple`) writes it: an array parameter is
 * its items joined with commas (`/Line/victoria,circle`, TfL's), read back item by item.
 */
function coercePathText(field: WireField, text: string): ReturnType<typeof coercePlain> {
  if (!isPathList(field)) return coercePlain(text, field.types);
  return decodeItems(decodePathItems(text), field.itemTypes ?? ['string']);
}

/** The fixed query of the path template (`/rest?method=…`) is the route's, not unknown. */
function markFixedQuery(template: string, query: PairSource): void {
  const fixed = templateQuery(template);
  if (fixed === '') return;
  for (const pair of parseUrlencoded(fixed)) {
    const index = query.pairs.findIndex(
      (p, i) => !query.used.has(i) && p.name === pair.name && p.value === pair.value,
    );
    if (index !== -1) query.used.add(index);
  }
}

function decodeHeaders(
  fields: WireField[],
  headers: Record<string, string | string[] | undefined>,
  value: DecodedRequest,
  errors: DecodeError[],
): void {
  if (fields.length === 0) return;
  const byLowerName = new Map(
    Object.entries(headers).map(([name, text]) => [name.toLowerCase(), text]),
  );
  for (const field of fields) {
    const received = byLowerName.get(field.name.toLowerCase());
    // Repeated headers arrive as a list; HTTP reads them as one comma-joined value.
    const text = Array.isArray(received) ? received.join(', ') : received;
    if (text === undefined) {
      if (field.required)
        errors.push({
          field: field.name,
          location: 'header',
          message: `header \`${field.name}\` is required`,
        });
      continue;
    }
    const coerced = coerceText(field, text);
    if (coerced.ok) value.headers[field.name] = coerced.value;
    else
      errors.push({
        field: field.name,
        location: 'header',
        message: `header \`${field.name}\` ${coerced.message}`,
      });
  }
}

interface BodyRead {
  /** the fields of a urlencoded or multipart body */
  pairs?: InPair[];
  /** a JSON document, or the raw body of an `other` body */
  document?: unknown;
}

function readBody(op: WireOperation, raw: RawRequest, errors: DecodeError[]): BodyRead {
  const bytes = typeof raw.body === 'string' ? new TextEncoder().encode(raw.body) : raw.body;
  const present = bytes !== undefined && bytes.length > 0;
  const spec = op.body;
  if (!present) {
    if (spec?.required && spec.kind !== 'form')
      errors.push({ field: null, location: 'body', message: 'a request body is required' });
    return {};
  }
  const essence = mediaEssence(raw.contentType ?? '');
  const isForm = essence === URLENCODED || essence === MULTIPART;
  // A form body on an operation without one is still read: its fields are reported as unknown
  // (or, under lenientLocation, taken as query parameters).
  if (spec === undefined || spec.kind === 'form') {
    if (!isForm) {
      if (spec === undefined) return {};
      errors.push({
        field: null,
        location: 'body',
        message: unsupported(raw.contentType, spec.mediaTypes),
      });
      return {};
    }
    if (spec !== undefined && !acceptsEssence(spec, essence)) {
      errors.push({
        field: null,
        location: 'body',
        message: unsupported(raw.contentType, spec.mediaTypes),
      });
      return {};
    }
    if (essence === URLENCODED) return { pairs: parseUrlencoded(utf8.decode(bytes)) };
    const parsed = parseMultipart(bytes, raw.contentType ?? '');
    if (parsed.ok) return { pairs: parsed.pairs };
    errors.push({ field: null, location: 'body', message: parsed.message });
    return {};
  }
  if (!acceptsEssence(spec, essence)) {
    errors.push({
      field: null,
      location: 'body',
      message: unsupported(raw.contentType, spec.mediaTypes),
    });
    return {};
  }
  if (spec.kind === 'other') return { document: raw.body };
  const parsed = parseJson(utf8.decode(bytes));
  if (parsed.ok) return { document: parsed.value };
  errors.push({
    field: null,
    location: 'body',
    message: notJsonText('the request body', parsed.message),
  });
  return {};
}

function unsupported(contentType: string | undefined, accepted: string[]): string {
  const sent = contentType
    ? bodyOfType(mediaEssence(contentType))
    : 'a body without a Content-Type';
  return `${sent} is not accepted here; send ${accepted.join(' or ')}`;
}
