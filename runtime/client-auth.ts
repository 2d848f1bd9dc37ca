/**
 * The client's credentials, shaped by the contract's security schemes (the table's
 * `authSchemes`, decided by the generator): given once per client by scheme name, turned once
 * into what each scheme adds to a request, and applied per call to the first of the operation's
 * alternatives the client holds every credential of. Operations that take no credentials get
 * none; an operation whose alternatives the client cannot satisfy goes out without any (the
 * server then says what it wants).
 */
import type { AuthScheme } from './operation-info.js';
import { sentCredentials } from './wire/credentials.js';
import { encodeFormComponent } from './wire/urlencoded.js';

/** One scheme's credential: `{ username, password }` for HTTP Basic, else the token or key. */
export type Credential = string | { username: string; password: string };

/** What one scheme adds: a header (Authorization, an API key's, a cookie) or a query pair. */
type Addition = { header: string; value: string } | { query: string; value: string };

/** What the credentials add to one call. */
export interface AuthParts {
  headers: Record<string, string>;
  /** `name=value` pairs, already encoded, for the query string */
  query: string;
}

/** Per operation's alternatives, what to add; `undefined` when nothing can be sent. */
export type AuthFor = (alternatives: string[][] | undefined) => AuthParts | undefined;

/** An HTTP Basic `Authorization` value (RFC 7617, UTF-8), the one encoder every sender uses. */
export function basicAuthorization(username: string, password: string): string {
  return basicOfPair(`${username}:${password}`);
}

/** `Basic` and the `user:password` pair in base64 of its UTF-8 bytes. */
function basicOfPair(pair: string): string {
  // btoa takes Latin-1 only; UTF-8 first so that any name encodes (RFC 7617 charset=UTF-8).
  let binary = '';
  for (const b of new TextEncoder().encode(pair)) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

/**
 * What a scheme's credential adds, as the wire model says how each scheme travels
 * (wire/credentials.ts, which the docs' samples and curl read too); here the Basic pair is
 * encoded and a query pair written with the query encoder.
 */
function additionOf(name: string, scheme: AuthScheme, credential: unknown): Addition | undefined {
  const c = credential as { username?: unknown; password?: unknown } | string | null;
  const basic = scheme.type === 'basic';
  if (
    basic
      ? typeof c !== 'object' || typeof c?.username !== 'string' || typeof c.password !== 'string'
      : typeof c !== 'string' || c === ''
  )
    throw new TypeError(`auth.${name}: ${basic ? '{ username, password }' : 'a non-empty string'}`);
  const value = basic
    ? `${(c as { username: string }).username}:${(c as { password: string }).password}`
    : (c as string);
  const [sent] = sentCredentials([{ send: scheme, value }]);
  if (!sent) return undefined;
  if (sent.in === 'basic') return { header: 'Authorization', value: basicOfPair(sent.value) };
  if (sent.in === 'header') return { header: sent.name, value: sent.value };
  if (sent.in === 'cookie') return { header: 'Cookie', value: sent.text };
  // The wire model's query encoder: the same bytes as every other query field, and a lone
  // surrogate in a key becomes U+FFFD instead of a URIError.
  return {
    query: encodeFormComponent(sent.pair.name),
    value: encodeFormComponent(value),
  };
}

/**
 * `auth` by scheme name, plus `email` + `apiKey`: HTTP Basic username and password for the
 * contract's Basic scheme(s) (our API's credentials; kept for every client written so far).
 * Misuse (an unknown scheme name, a credential of the wrong shape, half of a Basic pair)
 * throws at creation, never at a call.
 */
export function createAuth(
  schemes: { readonly [name: string]: AuthScheme },
  auth: Record<string, unknown> | undefined,
  email: unknown,
  apiKey: unknown,
): AuthFor {
  const given: Record<string, unknown> = {};
  for (const name in auth) {
    if (!Object.hasOwn(schemes, name)) throw new TypeError(`auth.${name}: no such security scheme`);
    // `{ token: process.env.TOKEN }` with the variable unset: that scheme is not given
    if (auth[name] !== undefined) given[name] = auth[name];
  }
  if (email !== undefined || apiKey !== undefined) {
    if (typeof email !== 'string' || typeof apiKey !== 'string' || email === '' || apiKey === '')
      throw new TypeError('email and apiKey go together: pass both (non-empty) or neither');
    let basics = 0;
    for (const n in schemes)
      if (schemes[n].type === 'basic') {
        basics++;
        given[n] ??= { username: email, password: apiKey };
      }
    if (!basics) throw new TypeError('email and apiKey: no HTTP Basic scheme');
  }
  const additions = new Map<string, Addition>();
  for (const name in given) {
    const a = additionOf(name, schemes[name], given[name]);
    if (a) additions.set(name, a);
  }
  return (alternatives) => {
    const chosen = alternatives?.find((names) => names.every((n) => additions.has(n)));
    if (!chosen) return undefined;
    const parts: AuthParts = { headers: {}, query: '' };
    for (const n of chosen) {
      const a = additions.get(n)!;
      if ('query' in a) parts.query += `${parts.query && '&'}${a.query}=${a.value}`;
      else
        parts.headers[a.header] =
          a.header === 'Cookie' && parts.headers.Cookie
            ? `${parts.headers.Cookie}; ${a.value}`
            : a.value;
    }
    return parts;
  };
}
