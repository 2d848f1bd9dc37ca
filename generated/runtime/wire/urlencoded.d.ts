// runtime/wire/urlencoded.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * application/x-www-form-urlencoded, as used by query strings and urlencoded bodies.
 *
 * Encoding keeps only RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) and writes space as
 * `+`. That is byte for byte what `curl --data-urlencode` sends (checked against curl 7.88 in
 * test/wire/curl.test.ts), so the docs' curl samples and the client agree; every form decoder
 * (WHATWG, Django, PHP, ...) reads it back the same. Brackets, commas, quotes and colons are
 * percent-encoded: `to=%5B1%2C2%5D`.
 *
 * Decoding is lenient, as servers are: `+` and `%20` are both space, hex may be either case, a
 * malformed `%` escape stays as text and invalid UTF-8 becomes U+FFFD. It never throws.
 */
export declare function encodeFormComponent(text: string): string;
export declare function decodeFormComponent(raw: string): string;
/** One `name=value` of a form as sent: `encodedValue`, when set, is already percent-encoded. */
export interface OutPair {
    name: string;
    value: string | Blob;
    /** for `comma` values: items encoded one by one, joined by a literal `,` (RFC 6570) */
    encodedValue?: string;
}
/** One `name=value` as received: `raw` is the value before percent-decoding (urlencoded only). */
export interface InPair {
    name: string;
    value: string | Blob;
    raw?: string;
}
export declare function serializeUrlencoded(pairs: OutPair[]): string;
export declare function parseUrlencoded(text: string): InPair[];
