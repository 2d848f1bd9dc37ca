/**
 * Is a change breaking, and for whom? A change is breaking for clients when a program written
 * against the base contract can fail against a server of the new one; breaking for servers when
 * a server that was correct under the base is wrong under the new contract. Additions the API
 * makes at a new feature level (an operation, an optional parameter, a value a request may use)
 * are not breaking: a server of an older level is still right for its level, and clients learn
 * the level (`service_feature_level`). One rule per kind of fact and side, in one table.
 */
import type { FactKind, Side } from './facts.js';

export type ChangeType = 'added' | 'removed' | 'changed';

export interface Impact {
  clients: boolean;
  servers: boolean;
}

const NONE: Impact = { clients: false, servers: false };
const CLIENTS: Impact = { clients: true, servers: false };
const SERVERS: Impact = { clients: false, servers: true };
const BOTH: Impact = { clients: true, servers: true };

export interface ChangeFacts {
  type: ChangeType;
  kind: FactKind;
  side: Side;
  before?: string;
  after?: string;
  /** the status of the response the fact is under, when it is under one */
  status?: string;
  /** the last segment of the fact's key (a constraint's keyword, for one) */
  segment: string;
}

/** The impact of one change on one side (request, response, or the operation itself). */
export function classify(c: ChangeFacts): Impact {
  const request = c.side === 'request';
  const { type } = c;
  switch (c.kind) {
    case 'operation':
      return type === 'removed' ? CLIENTS : NONE;
    case 'operation-id':
      // The wire is unchanged, but every generated client's method name changes.
      return CLIENTS;
    case 'deprecated':
    case 'schema':
    case 'error-code':
      // Deprecation warns; a named schema matters only through its uses (ref facts); generated
      // clients keep an undocumented error code a string.
      return NONE;
    case 'security':
      return securityImpact(c.before, c.after);
    case 'parameter':
    case 'field':
      return presence(c, request);
    case 'body':
      if (type === 'removed') return CLIENTS;
      return c.after === 'required' ? CLIENTS : type === 'changed' ? SERVERS : NONE;
    case 'media-type':
      if (request) return type === 'removed' ? CLIENTS : NONE;
      if (type === 'added') return isSuccess(c.status) ? CLIENTS : NONE;
      return type === 'removed' ? SERVERS : BOTH;
    case 'status':
      if (type === 'added') return isSuccess(c.status) ? CLIENTS : NONE;
      return SERVERS;
    case 'encoding':
    case 'ref':
    case 'format':
      // The bytes or the shape of a value change: neither side keeps understanding the other.
      return type === 'added' && c.kind === 'format' ? (request ? CLIENTS : NONE) : BOTH;
    case 'type':
      return typeImpact(c, request);
    case 'constraint':
      return constraintImpact(c, request);
    case 'enum-value':
      // Added to a request: a new capability. Added to an answer: a value clients may not know.
      if (type === 'added') return request ? NONE : CLIENTS;
      return request ? CLIENTS : SERVERS;
    case 'additional-properties':
      if (type === 'added') return request ? CLIENTS : NONE;
      return request ? NONE : CLIENTS;
  }
}

/** Parameters and fields: their value is `required` or `optional`. */
function presence(c: ChangeFacts, request: boolean): Impact {
  if (c.type === 'added') return request && c.after === 'required' ? CLIENTS : NONE;
  if (c.type === 'removed') return CLIENTS;
  const nowRequired = c.after === 'required';
  if (request) return nowRequired ? CLIENTS : SERVERS;
  return nowRequired ? SERVERS : CLIENTS;
}

function typeImpact(c: ChangeFacts, request: boolean): Impact {
  if (c.type === 'added') return request ? CLIENTS : SERVERS;
  if (c.type === 'removed') return request ? NONE : CLIENTS;
  const before = typeSet(c.before);
  const after = typeSet(c.after);
  const covers = (big: Set<string>, small: Set<string>) =>
    [...small].every((t) => big.has(t) || big.has('any') || (t === 'integer' && big.has('number')));
  const widened = covers(after, before);
  const narrowed = covers(before, after);
  if (widened && !narrowed) return request ? NONE : CLIENTS;
  if (narrowed && !widened) return request ? CLIENTS : SERVERS;
  return BOTH;
}

function typeSet(text = ''): Set<string> {
  return new Set(text.split(/[|&]/).map((t) => t.trim()));
}

const UPPER = new Set(['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties']);
const LOWER = new Set(['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties']);

/**
 * A tighter rule on a request refuses what clients sent; on an answer it is a promise servers
 * may not keep. A looser rule on an answer lets through what clients did not expect.
 */
function constraintImpact(c: ChangeFacts, request: boolean): Impact {
  const name = c.segment;
  let tighter: boolean | undefined;
  if (c.type === 'added') tighter = true;
  else if (c.type === 'removed') tighter = false;
  else if (UPPER.has(name)) tighter = Number(c.after) < Number(c.before);
  else if (LOWER.has(name)) tighter = Number(c.after) > Number(c.before);
  if (tighter === undefined) return BOTH;
  if (request) return tighter ? CLIENTS : NONE;
  return tighter ? SERVERS : CLIENTS;
}

/** Alternatives dropped: some client's way in is gone. Added: servers must accept them. */
function securityImpact(before = '', after = ''): Impact {
  const b = new Set(before.split(' | '));
  const a = new Set(after.split(' | '));
  return { clients: [...b].some((x) => !a.has(x)), servers: false };
}

function isSuccess(status: string | undefined): boolean {
  return status !== undefined && /^[123]/.test(status);
}

export function either(a: Impact, b: Impact): Impact {
  return { clients: a.clients || b.clients, servers: a.servers || b.servers };
}
