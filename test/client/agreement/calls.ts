/**
 * One call of an operation: its method's parameters object drawn from the request schemas, and
 * what the listener's decoder must give back for it.
 *
 * Not drawn, because no HTTP request can carry them whatever the wire model does (OpenAPI's
 * styles define them so), each dropped from the draw rather than hidden in the comparison:
 * - a path value that is empty, `.` or `..` (no URL can hold it as a segment), or an item of a
 *   path array holding a comma (the simple style's delimiter; routers decode before splitting);
 * - header values outside visible ASCII, or with spaces at the ends (HTTP trims them);
 * - an empty text body (`""`), which is no body at all to HTTP readers;
 * - a string in a text field that reads as another type the field also admits (`7` where
 *   integers are allowed too): text carries no type, so the reader takes the more specific one.
 * - a deepObject property sent under another parameter's name (`leaves`): the model gives that
 *   name to the parameter called so, and types the property out.
 * And carried as "nothing sent" (the styles send nothing for them): an empty exploded array or
 * deepObject, and null in an optional exploded, comma or deepObject field (a required one is
 * typed without null, model `nullNotSent`, and is not drawn null either).
 */
import fc from 'fast-check';
import type { Operation, Parameter } from '../../../generator/model/types.js';
import type { ScalarType, WireShape } from '../../../runtime/wire.js';
import { encodeDeep } from '../../../runtime/wire/deep-object.js';
import { schemaValues } from './schema-values.js';

export interface Call {
  params: Record<string, unknown>;
  expected: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    headers: Record<string, unknown>;
    body: unknown;
  };
  mediaType?: string;
}

const STRINGS: WireShape = { types: ['string'] };
const ANY: WireShape = { types: [] };
const headerText = fc
  .string({ unit: fc.constantFrom(...Array.from('ab1 -_.,;:=/"\'()')), maxLength: 8 })
  .filter((text) => text.trim() === text);

export function callArb(op: Operation, document: unknown): fc.Arbitrary<Call> {
  const fields = op.names.fieldKeys;
  const formTypes =
    op.requestBody?.kind === 'form' ? op.requestBody.mediaTypes.map((m) => m.type) : [];
  const kind = op.requestBody?.kind;
  const jsonBody =
    kind !== 'form' && op.names.bodyKey !== undefined ? op.requestBody?.representative : undefined;
  const values = fields.map(({ field }) => {
    const value = fieldValues(field, document);
    return field.required ? value : fc.option(value, { nil: undefined });
  });
  const bodyValues = schemaValues(jsonBody?.schema ?? {}, { document, depth: 0 }).filter(
    (value) => kind === 'json' || value !== '',
  );
  const body = jsonBody
    ? op.requestBody!.required
      ? bodyValues
      : fc.option(bodyValues, { nil: undefined })
    : fc.constant(undefined);
  const mediaType = formTypes.length > 1 ? fc.constantFrom(...formTypes) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...values), body, mediaType).map(([drawn, bodyValue, media]) => {
    const call: Call = {
      params: {},
      expected: { path: {}, query: {}, headers: {}, body: undefined },
    };
    if (op.requestBody?.kind === 'form') call.expected.body = {};
    fields.forEach(({ key, field }, index) => {
      const value = drawn[index];
      if (value === undefined) return;
      call.params[key] = value;
      const carried = carriedAs(field, value);
      if (carried === undefined) return;
      const group = field.in === 'header' ? 'headers' : field.in === 'body' ? 'body' : field.in;
      (call.expected[group as 'path'] as Record<string, unknown>)[field.name] = carried;
    });
    if (bodyValue !== undefined) {
      call.params[op.names.bodyKey!] = bodyValue;
      // A body that is not JSON is read back as its bytes: compared as the text sent.
      call.expected.body =
        kind === 'json' || typeof bodyValue === 'string' ? bodyValue : JSON.stringify(bodyValue);
    }
    if (media) call.mediaType = media;
    return call;
  });
}

function fieldValues(field: Parameter, document: unknown): fc.Arbitrary<unknown> {
  if (field.in === 'header' && field.encoding === 'plain' && field.types.includes('string'))
    return headerText.filter((text) => fits(text, field.types));
  // A required parameter whose style cannot write null is typed without it (`nullNotSent`).
  return schemaValues(field.schema, { document, depth: 0 }).filter(
    (value) =>
      drawable(field, value) && !(field.nullNotSent && value === null) && !leftOut(field, value),
  );
}

/**
 * A deepObject value with a property sent under another parameter's name (`leaves`): that name
 * is the other parameter's on the wire, and the property is typed out.
 */
function leftOut(field: Parameter, value: unknown): boolean {
  const leaves = field.leaves;
  if (leaves === undefined || value === null || typeof value !== 'object') return false;
  return encodeDeep(field.name, value).some((pair) => leaves.includes(pair.name));
}

/** Whether a value is one an HTTP request can carry in this field (see the header comment). */
function drawable(field: Parameter, value: unknown): boolean {
  if (field.in === 'path') {
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text === '' || text === '.' || text === '..') return false;
    // the simple style's delimiter inside an item: routers decode the segment before splitting
    if (Array.isArray(value) && value.some((item) => String(item).includes(','))) return false;
  }
  if (field.encoding === 'json') return true;
  return textsFit(field, value);
}

/** Every string inside a text-carried value reads back as a string. */
function textsFit(field: Parameter, value: unknown): boolean {
  if (field.encoding === 'deepObject' || field.shape)
    return deepFits(value, field.shape ?? { types: field.types });
  if (typeof value === 'string') return fits(value, field.types);
  if (Array.isArray(value))
    return value.every((item) => typeof item !== 'string' || fits(item, field.itemTypes ?? []));
  return true;
}

function deepFits(value: unknown, shape: WireShape): boolean {
  if (typeof value === 'string') return fits(value, shape.types);
  const below = shape.types.length === 0 || shape.types.length >= 7 ? ANY : STRINGS;
  if (Array.isArray(value)) return value.every((item) => deepFits(item, shape.items ?? below));
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(([key, item]) =>
    deepFits(item, shape.properties?.[key] ?? shape.additional ?? below),
  );
}

function fits(text: string, types: ScalarType[]): boolean {
  const all = types.length === 0;
  const numeric = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(text);
  if (numeric && (all || types.includes('integer') || types.includes('number'))) return false;
  if ((text === 'true' || text === 'false') && (all || types.includes('boolean'))) return false;
  if (text === 'null' && (all || types.includes('null'))) return false;
  if (/^[[{]/.test(text) && (all || types.includes('array') || types.includes('object')))
    return false;
  return true;
}

/** What the decoder gives back for a value sent in `field`; undefined when nothing is sent. */
function carriedAs(field: Parameter, value: unknown): unknown {
  // `a=` is an empty list to every reader of the comma style.
  if (field.encoding === 'comma' && Array.isArray(value) && value.length === 1 && value[0] === '')
    return [];
  const structured = field.encoding !== 'plain' && field.encoding !== 'json';
  if (structured && value === null) return undefined;
  const carried = field.encoding === 'deepObject' ? carriedDeep(value) : value;
  const empty =
    carried === undefined ||
    (field.encoding === 'explode' && typeof value === 'object' && Object.keys(value!).length === 0);
  if (empty) return field.required ? (Array.isArray(value) ? [] : {}) : undefined;
  return carried;
}

/** A deepObject value as it travels: empty arrays and objects inside send nothing. */
function carriedDeep(value: unknown): unknown {
  if (Array.isArray(value)) {
    const scalars = value.every((item) => typeof item !== 'object' || item === null);
    const items = scalars ? value : value.map(carriedDeep).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .map(([key, item]) => [key, carriedDeep(item)] as const)
    .filter(([, item]) => item !== undefined);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
