// runtime/wire/multipart.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * multipart/form-data (RFC 7578), written and read here so the bytes are ours to pin.
 *
 * Each field is one part with `Content-Disposition: form-data; name="..."` and its text as the
 * body, with no part Content-Type: exactly what `curl --form-string` and browsers send for text.
 * Quotes and line breaks in names are percent-escaped as the WHATWG HTML standard (and curl)
 * do. A Blob or File becomes a file part; with files the body is a Blob, which needs no reading.
 *
 * The reader is a small byte scanner: it never throws, runs in time linear in the body (times the
 * boundary's length at worst) and reports a clear message for a missing boundary or a cut body.
 */
import type { InPair, OutPair } from './urlencoded.js';
export declare function randomBoundary(): string;
export interface MultipartBody {
    contentType: string;
    bytes?: Uint8Array<ArrayBuffer>;
    blob?: Blob;
}
export declare function serializeMultipart(pairs: OutPair[], boundary?: string): MultipartBody;
/** The boundary parameter of a multipart Content-Type, or null. */
export declare function boundaryOf(contentType: string): string | null;
export type MultipartParsed = {
    ok: true;
    pairs: InPair[];
} | {
    ok: false;
    message: string;
};
export declare function parseMultipart(body: Uint8Array, contentType: string): MultipartParsed;
