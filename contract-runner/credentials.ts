/**
 * What the run authenticates with, by how the contract's security schemes carry credentials
 * (the model's `securitySchemes`, generator/model/security.ts): an HTTP Basic pair (named as
 * the contract names it: ours calls it email and API key, another document user name and
 * password), a Bearer token (HTTP bearer, OAuth 2, OpenID Connect), API keys by scheme. Each operation gets the first of its alternatives the run holds every
 * credential of; what goes on the wire is written by the client's own encoder
 * (runtime/client-auth.ts), so the runner sends what the generated client sends.
 */
import { createAuth, type AuthParts } from '../runtime/client-auth.js';
import type { AuthScheme, OperationInfo } from '../runtime/operation-info.js';
import {
  BASIC_NAMES,
  labelWords,
  namesEmailAndKey,
  type CredentialNames,
} from '../generator/model/security.js';
import type { ApiModel } from '../generator/model/types.js';
import { isRunnerOption } from './options.js';

/** One user's credentials. */
export interface Credentials {
  /** the HTTP Basic pair (RFC 7617 user-id and password; ours: the email and the API key) */
  basic?: { user: string; password: string };
  /** the token of Bearer, OAuth 2 and OpenID Connect schemes */
  bearer?: string;
  /** API keys, by scheme name or by the header, query parameter or cookie name they travel in */
  keys?: Record<string, string>;
}

/** The schemes of the contract by name (the model's decisions; absent: our API's Basic). */
export type Schemes = { readonly [name: string]: AuthScheme };

/** One scheme's credential as sent: `value` is the token or key, or the Basic password. */
export interface SentCredential {
  scheme: string;
  send: AuthScheme;
  value: string;
  /** HTTP Basic only */
  username?: string;
}

const BASIC: AuthScheme = { type: 'basic' };

export function schemeOf(schemes: Schemes | undefined, name: string): AuthScheme {
  return (schemes && Object.hasOwn(schemes, name) ? schemes[name] : undefined) ?? BASIC;
}

function keyFor(who: Credentials, name: string, scheme: AuthScheme): string | undefined {
  if (scheme.type !== 'apiKey' || !who.keys) return undefined;
  if (Object.hasOwn(who.keys, name)) return who.keys[name];
  // By where it travels; header names compare without case (RFC 9110 §5.1).
  for (const [given, value] of Object.entries(who.keys))
    if (
      given === scheme.name ||
      (scheme.in === 'header' && given.toLowerCase() === scheme.name.toLowerCase())
    )
      return value;
  return undefined;
}

/** The credential `who` holds for one scheme, or undefined. */
function credentialFor(
  name: string,
  scheme: AuthScheme,
  who: Credentials,
): SentCredential | undefined {
  switch (scheme.type) {
    case 'basic':
      return who.basic !== undefined
        ? { scheme: name, send: scheme, username: who.basic.user, value: who.basic.password }
        : undefined;
    case 'bearer':
      return who.bearer !== undefined
        ? { scheme: name, send: scheme, value: who.bearer }
        : undefined;
    case 'apiKey': {
      const key = keyFor(who, name, scheme);
      return key !== undefined ? { scheme: name, send: scheme, value: key } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The credentials `who` sends to `op`: its first alternative (the contract's order) `who` holds
 * all of; `[]` when the operation takes none, `undefined` when `who` can satisfy none.
 */
export function credentialsFor(
  op: Pick<OperationInfo, 'auth' | 'security'>,
  schemes: Schemes | undefined,
  who: Credentials | undefined,
): SentCredential[] | undefined {
  if (op.auth === 'none') return [];
  if (!who) return undefined;
  for (const names of op.security ?? [['basic']]) {
    const items = names.map((n) => credentialFor(n, schemeOf(schemes, n), who));
    if (items.length > 0 && items.every((i) => i !== undefined)) return items as SentCredential[];
  }
  return undefined;
}

/**
 * How a request of `who` to `op` authenticates: nothing when the operation takes nothing or
 * `who` holds none of its alternatives; a lone HTTP Basic scheme as `basic` (the pair, `-u` in
 * curl); anything else by scheme.
 */
export function authOf(
  op: Pick<OperationInfo, 'auth' | 'security'>,
  schemes: Schemes | undefined,
  who: Credentials | undefined,
): Auth {
  const items = credentialsFor(op, schemes, who);
  if (!items || items.length === 0) return { kind: 'none' };
  const [only] = items;
  if (items.length === 1 && only.send.type === 'basic')
    return { kind: 'basic', user: only.username ?? '', password: only.value };
  return { kind: 'schemes', items };
}

/** What the credentials add to a request: headers and `name=value` query pairs (encoded). */
export function additionsOf(items: SentCredential[]): AuthParts {
  const schemes: Record<string, AuthScheme> = {};
  const given: Record<string, unknown> = {};
  for (const i of items) {
    schemes[i.scheme] = i.send;
    given[i.scheme] =
      i.send.type === 'basic' ? { username: i.username ?? '', password: i.value } : i.value;
  }
  return (
    createAuth(schemes, given, undefined, undefined)([items.map((i) => i.scheme)]) ?? {
      headers: {},
      query: '',
    }
  );
}

/** The client options that send `items`: `auth` by scheme name. */
export function clientAuthOf(items: SentCredential[]): Record<string, unknown> {
  return Object.fromEntries(
    items.map((i) => [
      i.scheme,
      i.send.type === 'basic' ? { username: i.username ?? '', password: i.value } : i.value,
    ]),
  );
}

/**
 * What the contract calls the HTTP Basic pair: the names its first Basic scheme gives
 * (`x-credential-names`, the model's; ours: email and API key), else user name and password
 * (RFC 7617), which are also what a contract gets whose names would take over an option or
 * scenario input of the runner's own (options.ts), or our API's `--email`/`--api-key` for
 * another half.
 */
export function basicNamesOf(model: Pick<ApiModel, 'securitySchemes'>): CredentialNames {
  return basicNaming(model).names;
}

/**
 * `basicNamesOf`, with why the contract's own names were set aside when they were (the CLI
 * says so, so a user typing `--login` learns why it is `--username`).
 */
export function basicNaming(model: Pick<ApiModel, 'securitySchemes'>): {
  names: CredentialNames;
  setAside?: string;
} {
  const names = model.securitySchemes.find(
    (s) => s.send.type === 'basic' && s.credentialNames,
  )?.credentialNames;
  if (!names) return { names: BASIC_NAMES };
  if (namesEmailAndKey(names)) return { names };
  const user = optionOf(names.user);
  const password = optionOf(names.password);
  const taken = (o: string) =>
    isRunnerOption(o) || o.startsWith('other-') || (o === 'password' && o !== password);
  const clash = [user, password].find(taken);
  if (clash === undefined && user !== password) return { names };
  const why =
    clash === undefined
      ? 'both would be the same option'
      : `--${clash} is ${clash.startsWith('other-') ? "the second user's prefix" : isRunnerOption(clash) ? "the runner's own option" : "the scenarios' input"}`;
  return {
    names: BASIC_NAMES,
    setAside: `the contract names its HTTP Basic pair '${names.user}' and '${names.password}', but ${why}: the runner takes ${basicFlags(BASIC_NAMES)} instead`,
  };
}

/** A label as an option name: `API key` → `api-key`. */
export const optionOf = (label: string) => labelWords(label, '-');
/** A label as a scenario input or a variable's tail: `API key` → `api_key`. */
export const inputOf = (label: string) => labelWords(label, '_');
/** A label as a report placeholder: `API key` → `API_KEY`. */
export const placeholderOf = (label: string) => inputOf(label).toUpperCase();

/**
 * The options that give the HTTP Basic pair: `--email, --api-key` (ours); with `prefix`
 * `other-`, the second user's (`--other-email, --other-api-key`).
 */
export function basicFlags(names: CredentialNames, prefix = ''): string {
  return `--${prefix}${optionOf(names.user)}, --${prefix}${optionOf(names.password)}`;
}

/**
 * How a scheme's credential is spelled in the runner's options, for messages; `prefix`
 * `other-` spells the second user's options (`--other-bearer`, ...).
 */
export function flagsFor(
  scheme: AuthScheme,
  name: string,
  names: CredentialNames = BASIC_NAMES,
  prefix = '',
): string {
  if (scheme.type === 'basic') return basicFlags(names, prefix);
  if (scheme.type === 'bearer') return `--${prefix}bearer`;
  if (scheme.type === 'apiKey') return `--${prefix}key ${name}=KEY`;
  return `'${name}' (no credential the runner can send)`;
}

/** The options that would satisfy `op`'s first alternative (`prefix` as `flagsFor`'s), for a skip reason. */
export function neededFlags(
  op: Pick<OperationInfo, 'security'>,
  schemes: Schemes | undefined,
  basicNames: CredentialNames = BASIC_NAMES,
  prefix = '',
): string {
  const names = op.security?.[0] ?? ['basic'];
  return names.map((n) => flagsFor(schemeOf(schemes, n), n, basicNames, prefix)).join(' and ');
}

/** A text of the same length that differs in every character (a wrong key or token). */
export function wrongSecret(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...secret]
    .map((c) => alphabet[(alphabet.indexOf(c) + 7 + alphabet.length) % alphabet.length])
    .join('');
}

/**
 * Secret → placeholder for reports (they end up in CI artifacts): each credential of `who`
 * and the wrong variant the probes derive from it (which would give the secret away).
 */
export function secretsOf(
  who: Credentials | undefined,
  prefix = '',
  basicNames: CredentialNames = BASIC_NAMES,
): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (secret: string | undefined, placeholder: string) => {
    if (!secret) return;
    out[secret] = `<${prefix}${placeholder}>`;
    out[wrongSecret(secret)] = `<WRONG_${prefix}${placeholder}>`;
  };
  add(who?.basic?.password, placeholderOf(basicNames.password));
  add(who?.bearer, 'TOKEN');
  for (const [name, key] of Object.entries(who?.keys ?? {}))
    add(key, `KEY:${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`);
  return out;
}

/** How a request carries its credentials. */
export type Auth =
  | { kind: 'none' }
  /** HTTP Basic alone (RFC 7617; ours: the email and the API key): `-u` in curl */
  | { kind: 'basic'; user: string; password: string }
  /** the credentials of one alternative of the operation, each as its scheme carries it */
  | { kind: 'schemes'; items: SentCredential[] }
  /** an Authorization header sent as is (malformed on purpose) */
  | { kind: 'header'; value: string };
