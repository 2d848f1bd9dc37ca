/**
 * Who may call an operation and with what, decided once from the document's `securitySchemes`
 * and `security` (global, or the operation's own, where `security: []` means no credentials).
 * The client, the server listener, the mocks and the docs' samples all read these decisions
 * from the model (and from the runtime table built from it), never from the raw document.
 *
 * How each scheme travels (OpenAPI 3.1.0 §4.8.27 Security Scheme Object):
 * - `http` + `basic` → HTTP Basic (RFC 7617);
 * - `http` + `bearer`, `oauth2`, `openIdConnect` → a token in `Authorization: Bearer` (RFC 6750):
 *   what a client holds once it went through the flow, whichever flow it was;
 * - `apiKey` → the key in the header, query parameter or cookie the scheme names;
 * - anything else (`mutualTLS`, HTTP schemes such as Digest or an HMAC signature) → `other`:
 *   the client cannot produce it from a stored credential, so it sends nothing for it and the
 *   server hands the request to its `authenticate` hook as is.
 */
import type { AuthScheme } from '../../runtime/operation-info.js';
import type { CredentialNames, SecurityRequirement, SecurityScheme } from './types.js';

/** The one scheme object as written (after `$ref`), loosely: documents get these wrong. */
export interface RawScheme {
  type?: unknown;
  scheme?: unknown;
  in?: unknown;
  name?: unknown;
  description?: unknown;
  bearerFormat?: unknown;
  'x-placeholder'?: unknown;
  'x-credential-names'?: unknown;
}

/** How a scheme's credential travels (see the header comment). */
export function authSchemeOf(raw: RawScheme): AuthScheme {
  const type = typeof raw.type === 'string' ? raw.type : '';
  if (type === 'http') {
    // RFC 7235: auth-scheme names compare without case.
    const scheme = typeof raw.scheme === 'string' ? raw.scheme.toLowerCase() : '';
    if (scheme === 'basic') return { type: 'basic' };
    if (scheme === 'bearer') return { type: 'bearer' };
    return { type: 'other' };
  }
  if (type === 'oauth2' || type === 'openIdConnect') return { type: 'bearer' };
  if (type === 'apiKey') {
    const where = raw.in;
    if (
      (where === 'header' || where === 'query' || where === 'cookie') &&
      typeof raw.name === 'string' &&
      raw.name !== ''
    )
      return { type: 'apiKey', in: where, name: raw.name };
    return { type: 'other' };
  }
  return { type: 'other' };
}

/** What samples show in place of a credential: `x-placeholder` of the scheme, else by type. */
export function placeholderOf(raw: RawScheme, send: AuthScheme): string {
  if (typeof raw['x-placeholder'] === 'string' && raw['x-placeholder'] !== '')
    return raw['x-placeholder'];
  switch (send.type) {
    case 'basic':
      return '<USERNAME>:<PASSWORD>';
    case 'bearer':
      return '<TOKEN>';
    case 'apiKey':
      return '<API_KEY>';
    default:
      return '<CREDENTIALS>';
  }
}

// CredentialNames is a model type (types.ts), named here too for the callers of this module
export type { CredentialNames };

export const BASIC_NAMES: CredentialNames = { user: 'username', password: 'password' };

/** What a well-formed `x-credential-names` is, for the refusal of one that is not. */
export const CREDENTIAL_NAMES_RULE =
  'x-credential-names must be {user, password} on an HTTP Basic scheme: two different labels of at most 32 characters (letters and digits, words joined by a space, - or _)';

/** A label short and plain enough to become an option name (contract text is untrusted). */
const LABEL = /^[A-Za-z][A-Za-z0-9]*(?:[ _-][A-Za-z0-9]+)*$/;

/**
 * The names an HTTP Basic scheme gives its pair (`x-credential-names: {user, password}`, two
 * distinct labels of at most 32 characters), else undefined (RFC 7617's terms apply). Not a
 * Basic scheme: undefined.
 */
export function credentialNamesOf(raw: RawScheme, send: AuthScheme): CredentialNames | undefined {
  if (send.type !== 'basic') return undefined;
  const names = raw['x-credential-names'];
  if (typeof names !== 'object' || names === null) return undefined;
  const { user, password } = names as Record<string, unknown>;
  const fit = (v: unknown): v is string => typeof v === 'string' && v.length <= 32 && LABEL.test(v);
  if (!fit(user) || !fit(password)) return undefined;
  if (user.toLowerCase() === password.toLowerCase()) return undefined;
  return { user, password };
}

export interface OperationAuth {
  /** `none`: no credentials; `optional`: `{}` is one of the alternatives; `required` otherwise */
  auth: 'none' | 'optional' | 'required';
  /**
   * The alternatives a caller may satisfy, each the names of the schemes sent together, in the
   * document's order; the anonymous alternative (`{}`) is left out (`auth` says it). An
   * alternative naming a scheme the document does not declare cannot be satisfied and is left
   * out too (the loader warns about it).
   */
  alternatives: string[][];
}

/**
 * The operation's auth from its effective `security` (the operation's own, else the
 * document's). No alternative left and no anonymous one: the document asks for credentials it
 * never says how to send; such an operation is `required` with no alternatives, which every
 * consumer reads as "send nothing, expect a refusal" rather than silently as "no auth".
 */
export function operationAuth(
  security: SecurityRequirement[],
  declared: ReadonlySet<string>,
): OperationAuth {
  if (security.length === 0) return { auth: 'none', alternatives: [] };
  let anonymous = false;
  const alternatives: string[][] = [];
  for (const requirement of security) {
    const names = Object.keys(requirement ?? {});
    if (names.length === 0) anonymous = true;
    else if (names.every((n) => declared.has(n))) alternatives.push(names);
  }
  if (anonymous) return { auth: alternatives.length > 0 ? 'optional' : 'none', alternatives };
  return { auth: 'required', alternatives };
}

/** The schemes operations use, by name: what the runtime table carries. */
export function schemesInUse(
  schemes: SecurityScheme[],
  alternatives: Iterable<string[][]>,
): Record<string, AuthScheme> {
  const used = new Set<string>();
  for (const list of alternatives) for (const names of list) for (const n of names) used.add(n);
  const out: Record<string, AuthScheme> = {};
  for (const s of schemes) if (used.has(s.name)) out[s.name] = s.send;
  return out;
}

/** One credential a request sample shows: the scheme, how it travels, its placeholder. */
export interface SampleCredential {
  scheme: string;
  send: AuthScheme;
  placeholder: string;
  /**
   * A lone HTTP Basic scheme the contract calls an email and an API key (ours): samples show
   * the client's `email` / `apiKey` options; any other goes by scheme in `auth`.
   */
  emailAndKey?: boolean;
}

/**
 * A label's words in lower case, `separator` apart: `API key`, `api-key`, `Api_Key` → `api key`
 * (the contract runner spells its options and inputs with it: `api-key`, `api_key`).
 */
export const labelWords = (label: string, separator = ' ') =>
  label.toLowerCase().replace(/[^a-z0-9]+/g, separator);

/**
 * The one decision that a Basic pair's names are an email and an API key (ours,
 * `x-credential-names`), without regard to case or to how the words are joined. The model
 * records it on the scheme (`SecurityScheme.emailAndKey`), which the client, the package README
 * and the docs' samples read; the runner, holding the names, asks this for its `--email` /
 * `--api-key` options.
 */
export function namesEmailAndKey(names: CredentialNames | undefined): boolean {
  return (
    names !== undefined &&
    labelWords(names.user) === 'email' &&
    labelWords(names.password) === 'api key'
  );
}

/** A sample's credentials are the lone email + API key pair: the client's `email` / `apiKey`. */
export function usesEmailKey(credentials: SampleCredential[]): boolean {
  return credentials.length === 1 && credentials[0].emailAndKey === true;
}

/**
 * What an operation's samples authenticate with: its first alternative (the contract's order
 * is its preference), schemes a sample cannot spell (`other`) left out; none for an operation
 * that takes no credentials.
 */
export function sampleCredentials(
  schemes: SecurityScheme[],
  op: { auth: OperationAuth['auth']; authAlternatives: string[][] },
): SampleCredential[] {
  if (op.auth === 'none') return [];
  const names = op.authAlternatives[0] ?? [];
  return names.flatMap((name) => {
    const s = schemes.find((x) => x.name === name);
    return s && s.send.type !== 'other'
      ? [
          {
            scheme: name,
            send: s.send,
            placeholder: s.placeholder,
            ...(s.emailAndKey ? { emailAndKey: true } : {}),
          },
        ]
      : [];
  });
}
