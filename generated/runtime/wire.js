// runtime/wire.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * The one wire model of the API: how parameters travel as text (query strings, urlencoded and
 * multipart forms, JSON-encoded fields) and back. The client encodes with it, the server listener
 * and the mock front decode with it, and the docs' curl samples are built from it, so all of them
 * agree byte for byte. It is driven by per-parameter data the generator computes
 * (`WireOperation`), never by the contract itself, and has no dependencies: it runs on Node 20 and
 * in browsers.
 *
 * The pieces live in runtime/wire/ (one file per concern); this file holds the shared types and
 * re-exports the public functions.
 */
export { encodeRequest, splitInput } from './wire/request.js';
export { decodeRequest } from './wire/decode.js';
export { matchPath, fillPath } from './wire/path.js';
export { curlCommand, shellQuote } from './wire/curl.js';
export { encodeFormComponent, decodeFormComponent } from './wire/urlencoded.js';
export { fieldText, coerceText } from './wire/coerce.js';
