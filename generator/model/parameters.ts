/**
 * Parameters of an operation, wherever they travel: path, query, header, and the fields of a
 * form body (flattened with `in: 'body'`). Each gets the wire encoding the runtime will use.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer } from '../common/pointer.js';
import { readLifecycle } from './lifecycle.js';
import type { ParameterObject } from './document.js';
import { isJsonMediaType } from './media.js';
import { realPointer } from './real-pointer.js';
import { wireShape } from './wire-shape.js';
import { isExplodedObject } from './wire-collisions.js';
import { admitsEveryType } from '../../runtime/wire/coerce.js';
import {
  admittedTypes,
  collectProperties,
  deref,
  enumValues,
  limitsOf,
  schemaOf,
} from './schema-facts.js';
import type { Example, MediaType, Parameter, ParameterLocation, WireEncoding } from './types.js';

export function extensionsOf(node: object | undefined): Record<string, unknown> {
  if (!node) return {};
  return Object.fromEntries(Object.entries(node).filter(([k]) => k.startsWith('x-')));
}

export function examplesOf(
  examplesNode: object | undefined,
  at: string,
  document: unknown,
): Example[] {
  if (!examplesNode) return [];
  const node = examplesNode as { examples?: unknown; example?: unknown };
  const out: Example[] = [];
  if (node.examples && typeof node.examples === 'object' && !Array.isArray(node.examples)) {
    for (const [name, raw] of Object.entries(node.examples as Record<string, unknown>)) {
      const ex = deref(document, raw) ?? {};
      const item: Example = { name, value: ex.value, pointer: childPointer(at, 'examples', name) };
      if (typeof ex.summary === 'string') item.summary = ex.summary;
      if (typeof ex.description === 'string') item.description = ex.description;
      out.push(item);
    }
  }
  if (node.example !== undefined)
    out.push({ name: 'default', value: node.example, pointer: childPointer(at, 'example') });
  return out;
}

/**
 * A path, query, header or cookie parameter object (already dereferenced). The one place that
 * decides a parameter is `content:`-encoded: its value is the media type's schema, JSON text on
 * the wire when that media type is JSON (`narrow=[...]`), plain text otherwise.
 */
export function readParameter(
  raw: ParameterObject,
  at: string,
  document: unknown,
  problems: ContractProblem[],
): Parameter {
  const location = raw.in as ParameterLocation;
  let schema = schemaOf(raw.schema);
  let encoding: WireEncoding = 'plain';
  let examples = examplesOf(raw, at, document);
  let mediaType: string | undefined;
  let schemaAt = childPointer(at, 'schema');
  let delimiter: Parameter['delimiter'];
  if (raw.content && typeof raw.content === 'object') {
    // OpenAPI allows exactly one entry in a parameter's `content`.
    const [type, media] = Object.entries(raw.content)[0] ?? [];
    schema = schemaOf(media?.schema);
    mediaType = type;
    encoding = type && isJsonMediaType(type) ? 'json' : 'plain';
    if (type) schemaAt = childPointer(at, 'content', type, 'schema');
    if (examples.length === 0 && type)
      examples = examplesOf(media, childPointer(at, 'content', type), document);
  } else if (location === 'query' || location === 'cookie') {
    const types = admittedTypes(document, schema);
    const structured =
      types.length > 0 && types.every((t) => t === 'array' || t === 'object' || t === 'null');
    const style = raw.style ?? 'form';
    const explode = raw.explode ?? style === 'form';
    if (style === 'deepObject' || (explode && structured && freeFormObject(document, schema)))
      encoding = 'deepObject';
    else if (structured) encoding = explode ? 'explode' : 'comma';
    if (encoding === 'comma') delimiter = DELIMITERS[String(style)];
  }
  if (examples.length === 0)
    examples = examplesOf(deref(document, schema), childPointer(at, 'schema'), document);
  return finishParameter({
    name: String(raw.name),
    location,
    required: raw.required === true || location === 'path',
    description: raw.description,
    schema,
    encoding,
    examples,
    node: raw,
    at,
    schemaAt,
    mediaType,
    document,
    problems,
    delimiter,
  });
}

/**
 * An object parameter with no declared properties: exploded in OpenAPI's form style its keys
 * would be any names in the query, which nothing can tell from other parameters (two such
 * parameters, or an unknown one); it is sent as a deepObject (`sort_by[name]=asc`), as the
 * APIs that declare such parameters read them (Rails, PHP, `qs`).
 */
function freeFormObject(document: unknown, schema: unknown): boolean {
  const types = admittedTypes(document, schema);
  if (!types.includes('object') || types.includes('array')) return false;
  const resolved = deref(document, schema);
  return !resolved || Object.keys(collectProperties(document, resolved).properties).length === 0;
}

/** The item delimiters of OpenAPI's array styles other than `form`. */
const DELIMITERS: Record<string, Parameter['delimiter']> = {
  spaceDelimited: ' ',
  pipeDelimited: '|',
};

/**
 * The fields of a form body, one parameter each. The body's representative media type decides
 * (urlencoded before multipart): real clients send either, and the contract declares the same
 * schema and encoding for both.
 */
export function readBodyFields(
  media: MediaType,
  document: unknown,
  problems: ContractProblem[],
): Parameter[] {
  const root = deref(document, media.schema);
  if (!root) return [];
  const { properties, required } = collectProperties(document, root);
  return Object.entries(properties).map(([name, propSchema]) => {
    const enc = media.encoding[name];
    const types = admittedTypes(document, propSchema);
    let encoding: WireEncoding = 'plain';
    if (enc?.contentType && isJsonMediaType(enc.contentType)) encoding = 'json';
    else if (enc?.style === 'deepObject') encoding = 'deepObject';
    else if (
      types.length > 0 &&
      types.every((t) => t === 'array' || t === 'object' || t === 'null')
    ) {
      // OpenAPI's default for form bodies: arrays explode into repeated keys. An object field
      // of a form OpenAPI would flatten into its properties (`form`, explode), which no server
      // framework reads back; the ecosystem (Rails, PHP, qs, Stripe) writes `a[k]=v`.
      const arrays = types.includes('array');
      encoding = !arrays ? 'deepObject' : enc?.explode === false ? 'comma' : 'explode';
    }
    const resolved = deref(document, propSchema);
    const at = childPointer(media.pointer, 'schema', 'properties', name);
    return finishParameter({
      name,
      location: 'body',
      required: required.has(name),
      description: resolved?.description,
      schema: schemaOf(propSchema),
      encoding,
      examples: examplesOf(resolved, at, document),
      node: resolved,
      at,
      schemaAt: at,
      document,
      problems,
    });
  });
}

function finishParameter(p: {
  name: string;
  location: ParameterLocation;
  required: boolean;
  description: unknown;
  schema: Parameter['schema'];
  encoding: WireEncoding;
  examples: Example[];
  /** the contract node the parameter is read from (its `x-` data counts) */
  node: object | undefined;
  at: string;
  /** where the value's schema is written (followed through `$ref`s for `schemaPointer`) */
  schemaAt: string;
  /** the media type of a `content:` parameter */
  mediaType?: string;
  document: unknown;
  problems: ContractProblem[];
  delimiter?: Parameter['delimiter'];
}): Parameter {
  const resolved = deref(p.document, p.schema);
  // Feature-level data may sit on the parameter object or on its schema; both count.
  const own = readLifecycle(p.node, p.at, p.problems);
  const fromSchema =
    p.node === resolved ? own : readLifecycle(resolved, childPointer(p.at, 'schema'), p.problems);
  const lifecycle = own.history.length > 0 || own.deprecated ? own : fromSchema;
  const param: Parameter = {
    name: p.name,
    in: p.location,
    required: p.required,
    schema: p.schema,
    types: admittedTypes(p.document, p.schema),
    encoding: p.encoding,
    limits: limitsOf(p.document, p.schema),
    examples: p.examples,
    lifecycle,
    pointer: p.at,
    extensions: { ...extensionsOf(resolved), ...extensionsOf(p.node) },
  };
  if (typeof p.description === 'string') param.description = p.description;
  const real = realPointer(p.document, p.schemaAt);
  if (real) param.schemaPointer = real;
  if (p.mediaType !== undefined) param.mediaType = p.mediaType;
  const listed = p.encoding === 'explode' || p.encoding === 'comma' || p.location === 'path';
  if (listed && resolved?.items !== undefined) {
    param.itemTypes = admittedTypes(p.document, resolved.items);
  }
  if (p.delimiter) param.delimiter = p.delimiter;
  // (a schema admitting every type is free-form, typed `unknown`: nothing to leave out)
  const explicitNull = param.types.includes('null') && !admitsEveryType(param.types);
  // A form body's fields are written as the query's are (runtime/wire/fields.ts): the same rule.
  const styled = p.encoding !== 'plain' && p.encoding !== 'json';
  if (p.required && styled && explicitNull) param.nullNotSent = true;
  if (p.encoding === 'deepObject' || isExplodedObject(param))
    param.shape = wireShape(p.document, p.schema);
  if (resolved && resolved.default !== undefined) param.default = resolved.default;
  const values = enumValues(p.document, p.schema, p.at, p.problems);
  if (values) param.enum = values;
  return param;
}
