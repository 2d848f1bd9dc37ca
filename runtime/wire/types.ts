/**
 * The wire model's types (runtime/wire.ts re-exports them): the per-parameter data the generator
 * computes and what encoding and decoding give back. Types only, so every file of runtime/wire/
 * can import them without importing the functions that runtime/wire.ts gathers.
 */
import type { AuthScheme } from '../auth-scheme.js';

/** The top-level JSON types a schema admits; an empty list admits every type. */
export type ScalarType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';

/** How a parameter's value travels as text (same meanings as generator/model/types.ts). */
export type WireEncoding = 'plain' | 'json' | 'explode' | 'comma' | 'deepObject';

export type WireLocation = 'path' | 'query' | 'header' | 'body';

export interface WireField {
  name: string;
  in: WireLocation;
  required: boolean;
  encoding: WireEncoding;
  /** top-level JSON types the schema admits */
  types: ScalarType[];
  /**
   * For `explode`/`comma` arrays and `deepObject`/`comma` objects: the types an item (or a
   * property value) admits, so `a=1&a=2` can come back as numbers. Absent means strings, as
   * OpenAPI tools do without a schema.
   */
  itemTypes?: ScalarType[];
  /** For `comma` fields: the delimiter between items when not `,` (spaceDelimited, pipeDelimited) */
  delimiter?: ' ' | '|';
  /**
   * For `deepObject` fields: the types at each level of the value (runtime/wire/deep-object.ts),
   * so `a[0][n]=1` comes back as an array of objects holding a number. Absent: strings.
   */
  shape?: WireShape;
  /**
   * For a `deepObject` field: the names spelled under its own that belong to other fields of
   * its place (`filter[record_type]` beside `filter`), as the generator decided
   * (model/wire-collisions.ts). Pairs of those names are theirs, never this field's.
   */
  leaves?: string[];
  /**
   * For a path parameter that meets another in one segment with nothing between
   * (`{pageName}{extension}`): the values its enum allows, as text, so a router can tell where
   * one ends. Absent otherwise.
   */
  values?: string[];
}

/** The JSON types a schema admits at each level of a nested value. */
export interface WireShape {
  types: ScalarType[];
  /** an array's items */
  items?: WireShape;
  /** an object's declared properties */
  properties?: Record<string, WireShape>;
  /** an object's other properties (`additionalProperties`) */
  additional?: WireShape;
}

export type WireMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE';

export interface WireBody {
  /** `form`: fields travel as urlencoded or multipart fields; `json`: one JSON document */
  kind: 'form' | 'json' | 'other';
  /** the media types the operation accepts; the first is the default */
  mediaTypes: string[];
  required: boolean;
}

export interface WireOperation {
  operationId: string;
  method: WireMethod;
  /** path template, e.g. `/messages/{message_id}` */
  path: string;
  fields: WireField[];
  body?: WireBody;
}

/** What a caller hands to `encodeRequest`: values by location, keys in the order to send. */
export interface RequestInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** form fields by name for `form` bodies; the document itself for `json`; text/bytes/Blob for `other` */
  body?: unknown;
  headers?: Record<string, unknown>;
}

export interface EncodeOptions {
  /** which of the operation's media types to send; defaults to the first (multipart if a Blob is sent) */
  mediaType?: string;
  /** a fixed multipart boundary (tests, docs); otherwise a random one */
  boundary?: string;
  /** the caller's field indexes (createFieldIndexes), so fields are grouped once per operation */
  fieldIndexes?: FieldIndexes;
}

export interface EncodedBody {
  /** the Content-Type header to send, boundary included */
  contentType: string;
  /** set for urlencoded, JSON and text bodies */
  text?: string;
  /** set for multipart bodies without files and for byte bodies (typed so fetch takes it as is) */
  bytes?: Uint8Array<ArrayBuffer>;
  /** set for multipart bodies with file parts (a Blob can be built without reading the files) */
  blob?: Blob;
}

export interface EncodedRequest {
  method: WireMethod;
  /** the path with parameters filled in, without the query */
  path: string;
  /** the query string without `?`; empty when there is none */
  query: string;
  /** header parameters as text (the body's content type is in `body.contentType`) */
  headers: Record<string, string>;
  body?: EncodedBody;
}

export interface RawRequest {
  /**
   * path parameters as matched by `matchPath` with the operation's fields: percent-decoded, but
   * for a list parameter (isPathList) still encoded, so its items split on the literal commas
   */
  pathParams: Record<string, string>;
  /** the raw query string, with or without a leading `?` */
  query: string;
  contentType?: string;
  body?: Uint8Array | string;
  /** request headers (names in any case), e.g. node's `IncomingHttpHeaders` */
  headers?: Record<string, string | string[] | undefined>;
}

export interface DecodeOptions {
  /**
   * Accept a body field found in the query string, and a query field found in a form body, as if
   * it were in its declared place: real clients send PATCH and DELETE parameters either way.
   * When a field is in both places the declared place wins.
   */
  lenientLocation?: boolean;
  /** the caller's field indexes (createFieldIndexes), so fields are grouped once per operation */
  fieldIndexes?: FieldIndexes;
}

export interface DecodedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** form fields by name for `form` bodies; the parsed document for `json`; raw for `other` */
  body: unknown;
  headers: Record<string, unknown>;
}

export interface DecodeError {
  /** the parameter at fault; null when the whole body is (bad JSON document, unknown media type) */
  field: string | null;
  location: WireLocation;
  message: string;
}

export type DecodeResult =
  | {
      ok: true;
      value: DecodedRequest;
      /** names sent that the operation does not have, in order of first appearance */
      unknown: string[];
      /** their raw values, for logging or `ignored_parameters_unsupported` */
      unknownValues: Record<string, Array<string | Blob>>;
    }
  | { ok: false; errors: DecodeError[] };

/** One scheme's credential in a curl sample: how it travels and the text sent (or a placeholder). */
export interface CurlCredential {
  send: AuthScheme;
  value: string;
}

export interface CurlOptions {
  /** e.g. `https://chat.example.com/api/v1` */
  baseUrl: string;
  /**
   * HTTP Basic credentials, `placeholder` for `<EMAIL>:<API_KEY>`, or the credentials of the
   * operation's security schemes, each as it travels (Basic `user:password`, a Bearer token, an
   * API key in a header, the query or a cookie)
   */
  auth?: { email: string; apiKey: string } | 'placeholder' | CurlCredential[];
  mediaType?: string;
  /** passed to encodeRequest so samples are stable */
  boundary?: string;
}

export type FieldsByLocation = Record<WireField['in'], WireField[]> & { count: number };

/** An operation's fields indexed for encoding and decoding: by location, and by name. */
export interface FieldIndex extends FieldsByLocation {
  /** every field by name; with two fields of one name (query and body), the first wins */
  byName: Map<string, WireField>;
  /** the fields of each location by name */
  namedIn: Record<WireField['in'], Map<string, WireField>>;
}

/** Looks up (and builds on first use) the field index of an operation. */
export type FieldIndexes = (op: { fields: readonly WireField[] }) => FieldIndex;
