// runtime/wire/curl.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * curl samples for the docs, built from encodeRequest so that running one sends the very bytes
 * the client sends. What curl 7.88 does, checked by test/wire/curl.test.ts against a local server:
 *
 * - `--data-urlencode name=value` encodes the value as our urlencoded writer does (space as `+`,
 *   `-._~` kept) but sends the name as given, so names go in already encoded.
 * - `-G` moves that data to the query string; curl then writes the escapes' hex digits in lower
 *   case (`%5b`), which every decoder reads the same (RFC 3986 §2.1). That is the one byte
 *   difference from the client, accepted for samples people can read (`narrow=[...]`).
 * - `-F` parses its value (`;type=`, a leading `@` or `<`, quotes, trailing blanks) so only
 *   values free of those use it; `--form-string` sends any other value as is.
 */
import type { CurlOptions, RequestInput, WireOperation } from '../wire.js';
/** POSIX shell single-quoting: the only special character inside '...' is the quote itself. */
export declare function shellQuote(text: string): string;
export declare function curlCommand(op: WireOperation, input: RequestInput, opts: CurlOptions): string;
