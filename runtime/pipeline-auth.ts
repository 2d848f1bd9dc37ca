/**
 * Credentials as the contract's security schemes carry them (the table's `authSchemes`, decided
 * by the generator: generator/model/security.ts), read from a request without node's Buffer so
 * the pipeline runs in browsers and service workers too: HTTP Basic and Bearer from
 * Authorization, API keys from a header, the query or a cookie.
 */
import type { AuthScheme } from './operation-info.js';
import { decodeFormComponent } from './wire/urlencoded.js';

/** HTTP Basic credentials. */
export interface BasicCredentials {
  type: 'basic';
  /** the security scheme's name in the contract */
  scheme: string;
  username: string;
  password: string;
  /** the username under our API's name for it (the user's email address); same as `username` */
  email: string;
  /** the password under our API's name for it (the API key); same as `password` */
  apiKey: string;
}

/** A Bearer token (HTTP bearer, OAuth 2 and OpenID Connect schemes). */
export interface TokenCredentials {
  type: 'bearer';
  scheme: string;
  token: string;
}

/** An API key from its header, query parameter or cookie. */
export interface KeyCredentials {
  type: 'apiKey';
  scheme: string;
  key: string;
}

/** A scheme no stored credential produces (mutual TLS, HTTP Digest, signatures): the hook reads the request. */
export interface OtherCredentials {
  type: 'other';
  scheme: string;
}

export type SchemeCredentials =
  BasicCredentials | TokenCredentials | KeyCredentials | OtherCredentials;

/**
 * What `authenticate` gets: the credentials of the first scheme of the alternative the request
 * satisfied, and those of the schemes sent with it (an alternative of several) in `also`.
 */
export type Credentials = SchemeCredentials & { also?: SchemeCredentials[] };

/** Where a request's credentials can come from. */
export interface AuthSource {
  header(name: string): string | undefined;
  /** the raw query string without `?` */
  query: string;
}

const BASIC = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i;
const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;
const utf8 = new TextDecoder('utf-8');

/** The one scheme the table names when it names none: our API's, HTTP Basic. */
const BASIC_SCHEME: AuthScheme = { type: 'basic' };

/**
 * Basic credentials from the Authorization header; `undefined` when absent, `null` when
 * malformed. Parsed on every request, on purpose: a library that servers embed keeps no
 * process-wide table of API keys (a base64 decode costs about a microsecond).
 */
export function parseBasicAuth(
  header: string | undefined,
  scheme = 'basic',
): BasicCredentials | null | undefined {
  if (header === undefined || header === '') return undefined;
  const match = BASIC.exec(header);
  if (!match) return null;
  const text = base64Text(match[1]);
  if (text === null) return null;
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const username = text.slice(0, colon);
  const password = text.slice(colon + 1);
  return { type: 'basic', scheme, username, password, email: username, apiKey: password };
}

/** One scheme's credentials: `undefined` when the request carries none, `null` when malformed. */
function schemeCredentials(
  name: string,
  scheme: AuthScheme,
  source: AuthSource,
): SchemeCredentials | null | undefined {
  switch (scheme.type) {
    // An Authorization header this scheme cannot read is malformed for it; the request still
    // passes when another alternative reads it (Basic or Bearer, for an operation taking both).
    case 'basic':
      return parseBasicAuth(source.header('authorization'), name);
    case 'bearer': {
      const header = source.header('authorization');
      if (header === undefined || header === '') return undefined;
      const match = BEARER.exec(header);
      return match ? { type: 'bearer', scheme: name, token: match[1] } : null;
    }
    case 'apiKey': {
      const key =
        scheme.in === 'header'
          ? source.header(scheme.name.toLowerCase())
          : scheme.in === 'query'
            ? queryValue(source.query, scheme.name)
            : cookieValue(source.header('cookie'), scheme.name);
      return key === undefined || key === '' ? undefined : { type: 'apiKey', scheme: name, key };
    }
    default:
      return { type: 'other', scheme: name };
  }
}

export type AuthVerdict =
  { kind: 'found'; credentials: Credentials } | { kind: 'absent' } | { kind: 'malformed' };

/**
 * The credentials of the first alternative (`security`, scheme names sent together) the request
 * carries completely. Without the table's schemes, a name means HTTP Basic (tables written
 * before schemes were carried) and no `security` means one Basic alternative.
 */
export function readCredentials(
  security: string[][] | undefined,
  schemes: { readonly [name: string]: AuthScheme } | undefined,
  source: AuthSource,
): AuthVerdict {
  let malformed = false;
  for (const names of security ?? [['basic']]) {
    const found: SchemeCredentials[] = [];
    for (const name of names) {
      const scheme =
        (schemes && Object.hasOwn(schemes, name) ? schemes[name] : undefined) ?? BASIC_SCHEME;
      const credentials = schemeCredentials(name, scheme, source);
      if (credentials === null) malformed = true;
      if (!credentials) break;
      found.push(credentials);
    }
    if (found.length === names.length && found.length > 0) {
      const [first, ...also] = found;
      return { kind: 'found', credentials: also.length > 0 ? { ...first, also } : first };
    }
  }
  return malformed ? { kind: 'malformed' } : { kind: 'absent' };
}

/**
 * The query string without the API key parameters of `schemes` (they are credentials, not
 * parameters: the wire model would report them as unknown).
 */
export function withoutQueryKeys(
  query: string,
  security: string[][] | undefined,
  schemes: { readonly [name: string]: AuthScheme } | undefined,
): string {
  if (query === '' || !schemes || !security) return query;
  const keys = new Set<string>();
  for (const names of security)
    for (const n of names) {
      const s = Object.hasOwn(schemes, n) ? schemes[n] : undefined;
      if (s?.type === 'apiKey' && s.in === 'query') keys.add(s.name);
    }
  if (keys.size === 0) return query;
  return query
    .split('&')
    .filter((pair) => !keys.has(decodeFormComponent(pair.split('=')[0])))
    .join('&');
}

/** The challenge (`WWW-Authenticate`) and the words of a 401 for an operation's first alternative. */
export function challengeOf(
  security: string[][] | undefined,
  schemes: { readonly [name: string]: AuthScheme } | undefined,
): { challenge?: string; wanted: string } {
  const names = security?.[0] ?? ['basic'];
  const wanted = names.map((n) => {
    const s = (schemes && Object.hasOwn(schemes, n) ? schemes[n] : undefined) ?? BASIC_SCHEME;
    if (s.type === 'basic') return 'HTTP Basic credentials';
    if (s.type === 'bearer') return 'a Bearer token';
    if (s.type === 'apiKey') return `an API key in the ${s.in} '${s.name}'`;
    return `the '${n}' credentials`;
  });
  const first =
    (schemes && Object.hasOwn(schemes, names[0] ?? '') ? schemes[names[0]] : undefined) ??
    (names.length > 0 ? BASIC_SCHEME : undefined);
  const challenge =
    first?.type === 'basic'
      ? 'Basic realm="api"'
      : first?.type === 'bearer'
        ? 'Bearer realm="api"'
        : undefined;
  return { challenge, wanted: wanted.join(' and ') || 'credentials this server cannot accept' };
}

function queryValue(query: string, name: string): string | undefined {
  if (query === '') return undefined;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const key = decodeFormComponent(eq < 0 ? pair : pair.slice(0, eq));
    if (key === name) return eq < 0 ? '' : decodeFormComponent(pair.slice(eq + 1));
  }
  return undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** base64 (or base64url, padded or not) to UTF-8 text; null when it is not base64. */
function base64Text(encoded: string): string | null {
  let b64 = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (b64.length % 4 === 1) return null;
  b64 += '='.repeat((4 - (b64.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(b64);
  } catch {
    return null;
  }
  // ASCII (the usual case) needs no UTF-8 decoding.
  if (!/[\u0080-\u00ff]/.test(binary)) return binary;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return utf8.decode(bytes);
}
