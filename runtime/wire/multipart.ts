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

const utf8 = new TextEncoder();

/** RFC 2046 boundary characters, 1 to 70 of them, not ending with a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

export function randomBoundary(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return '----tms-form-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function escapeHeaderValue(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export interface MultipartBody {
  contentType: string;
  bytes?: Uint8Array<ArrayBuffer>;
  blob?: Blob;
}

export function serializeMultipart(
  pairs: OutPair[],
  boundary: string = randomBoundary(),
): MultipartBody {
  if (!BOUNDARY.test(boundary))
    throw new TypeError(`invalid multipart boundary ${JSON.stringify(boundary)}`);
  const delimiter = `--${boundary}`;
  const chunks: Array<string | Blob> = [];
  for (const { name, value } of pairs) {
    let head = `${delimiter}\r\nContent-Disposition: form-data; name="${escapeHeaderValue(name)}"`;
    if (typeof value === 'string') {
      if (value.includes(delimiter))
        throw new TypeError(`\`${name}\` contains the multipart boundary; use another`);
      chunks.push(head + '\r\n\r\n' + value + '\r\n');
    } else {
      const fileName = typeof File !== 'undefined' && value instanceof File ? value.name : 'blob';
      head += `; filename="${escapeHeaderValue(fileName)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}`;
      chunks.push(head + '\r\n\r\n', value, '\r\n');
    }
  }
  chunks.push(`${delimiter}--\r\n`);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  if (chunks.some((chunk) => typeof chunk !== 'string'))
    return { contentType, blob: new Blob(chunks, { type: contentType }) };
  return { contentType, bytes: utf8.encode(chunks.join('')) };
}

/** The boundary parameter of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

export type MultipartParsed = { ok: true; pairs: InPair[] } | { ok: false; message: string };

export function parseMultipart(body: Uint8Array, contentType: string): MultipartParsed {
  const boundary = boundaryOf(contentType);
  if (boundary === null)
    return { ok: false, message: 'multipart body without a boundary in its Content-Type' };
  const delimiter = utf8.encode(`--${boundary}`);
  const crlfDelimiter = utf8.encode(`\r\n--${boundary}`);
  // The first delimiter may follow a preamble; later ones always follow CRLF.
  let at =
    body.length >= delimiter.length && startsWithAt(body, delimiter, 0)
      ? 0
      : indexOfBytes(body, crlfDelimiter, 0);
  if (at === -1) return { ok: false, message: 'multipart body does not contain its boundary' };
  at += at === 0 ? delimiter.length : crlfDelimiter.length;
  const pairs: InPair[] = [];
  for (;;) {
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return { ok: true, pairs }; // `--`: the end
    const lineEnd = indexOfBytes(body, CRLF, at);
    if (lineEnd === -1) return { ok: false, message: 'multipart body is cut short' };
    const headEnd = indexOfBytes(body, CRLFCRLF, lineEnd);
    // A part with no headers has its blank line right after the delimiter line.
    const headersEnd = startsWithAt(body, CRLFCRLF, lineEnd) ? lineEnd : headEnd;
    if (headersEnd === -1)
      return { ok: false, message: 'multipart part without the blank line after its headers' };
    const next = nextDelimiter(body, crlfDelimiter, headersEnd + 4);
    if (next === -1)
      return { ok: false, message: 'multipart body is cut short (no closing boundary)' };
    const headers = parseHeaders(decoder.decode(body.subarray(lineEnd + 2, headersEnd)));
    const content = body.slice(headersEnd + 4, next);
    const disposition = headers.get('content-disposition');
    const params = disposition ? dispositionParams(disposition) : undefined;
    const name = params?.get('name');
    if (name === undefined)
      return { ok: false, message: 'multipart part without a Content-Disposition name' };
    const fileName = params?.get('filename');
    const value =
      fileName === undefined
        ? decoder.decode(content)
        : new File([content], fileName, {
            type: headers.get('content-type') ?? 'application/octet-stream',
          });
    pairs.push({ name, value });
    at = next + crlfDelimiter.length;
  }
}

// Pure: a bundle that only encodes (the browser client) drops the decoder's constants.
const CRLF = /* @__PURE__ */ utf8.encode('\r\n');
const CRLFCRLF = /* @__PURE__ */ utf8.encode('\r\n\r\n');
const decoder = /* @__PURE__ */ new TextDecoder('utf-8');

function startsWithAt(haystack: Uint8Array, needle: Uint8Array, at: number): boolean {
  if (at + needle.length > haystack.length) return false;
  for (let i = 0; i < needle.length; i++) if (haystack[at + i] !== needle[i]) return false;
  return true;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  let at = haystack.indexOf(needle[0], from);
  while (at !== -1) {
    if (startsWithAt(haystack, needle, at)) return at;
    at = haystack.indexOf(needle[0], at + 1);
  }
  return -1;
}

/** The next `CRLF--boundary` that really is one: followed by `--`, CRLF or padding. */
function nextDelimiter(body: Uint8Array, crlfDelimiter: Uint8Array, from: number): number {
  let at = indexOfBytes(body, crlfDelimiter, from);
  while (at !== -1) {
    const after = body[at + crlfDelimiter.length];
    if (after === undefined || after === 0x2d || after === 0x0d || after === 0x20 || after === 0x09)
      return at;
    at = indexOfBytes(body, crlfDelimiter, at + 1);
  }
  return -1;
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `form-data; name="a"; filename="b"` → name, filename (quoted or bare). */
function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  // No backslash escapes: WHATWG writers (browsers, curl since 7.81, us) send `\` as itself and
  // escape only `"`, CR and LF, so reading `\"` as a quote would break names ending in `\`.
  const param = /;\s*([^=;\s]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g;
  for (let match = param.exec(value); match !== null; match = param.exec(value)) {
    const raw = match[2] !== undefined ? match[2] : match[3].trim();
    // Undo the WHATWG escapes the writer (ours, browsers', curl's) applies to names.
    params.set(
      match[1].toLowerCase(),
      raw.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n'),
    );
  }
  return params;
}
