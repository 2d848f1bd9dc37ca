/**
 * The one wire model of the API: how parameters travel as text (query strings, urlencoded and
 * multipart forms, JSON-encoded fields) and back. The client encodes with it, the server listener
 * and the mock front decode with it, and the docs' curl samples are built from it, so all of them
 * agree byte for byte. It is driven by per-parameter data the generator computes
 * (`WireOperation`), never by the contract itself, and has no dependencies: it runs on Node 20 and
 * in browsers.
 *
 * The pieces live in runtime/wire/ (one file per concern, the shared types in types.ts); this
 * file re-exports the public types and functions.
 */

export type {
  CurlCredential,
  CurlOptions,
  DecodeError,
  DecodeOptions,
  DecodeResult,
  DecodedRequest,
  EncodeOptions,
  EncodedBody,
  EncodedRequest,
  RawRequest,
  RequestInput,
  ScalarType,
  WireBody,
  WireEncoding,
  WireField,
  WireLocation,
  WireMethod,
  WireOperation,
  WireShape,
} from './wire/types.js';
export { encodeRequest, splitInput } from './wire/request.js';
export { createFieldIndexes, type FieldIndexes } from './wire/fields.js';
export { decodeRequest } from './wire/decode.js';
export { compilePath, matchPath, fillPath, routePart } from './wire/path.js';
export { curlCommand, shellQuote } from './wire/curl.js';
export { encodeFormComponent, decodeFormComponent } from './wire/urlencoded.js';
export { fieldText, coerceText } from './wire/coerce.js';
