/**
 * Negative probes: one wire-level change of a request that succeeded (the scenario's base), so
 * the one thing wrong is the probe's. Each must be refused with a 4xx in the envelope:
 * a missing required parameter, a value of the wrong type, malformed JSON in a JSON-encoded
 * field; then by the operation's security scheme: no credentials, and for HTTP Basic a wrong
 * non-empty password, an unknown user, a malformed Authorization header (named as the contract
 * names the pair: ours says a wrong API key, an unknown email); for a Bearer
 * token or an API key, a wrong one where the scheme puts it (and a malformed Bearer header).
 */
import type { OperationInfo } from '../runtime/operation-info.js';
import { fieldText } from '../runtime/wire.js';
import type { Expectation } from './judge.js';
import { BASIC_NAMES, type CredentialNames } from '../generator/model/security.js';
import {
  authOf,
  basicFlags,
  neededFlags,
  schemeOf,
  wrongSecret,
  type Schemes,
} from './credentials.js';
import type { Credentials, PlannedRequest } from './request.js';

export type ProbeKind =
  | 'missing-required'
  | 'wrong-type'
  | 'malformed-json'
  | 'no-credentials'
  | 'wrong-password'
  | 'wrong-token'
  | 'wrong-key'
  | 'unknown-user'
  | 'malformed-authorization';

export type Probe =
  | {
      kind: ProbeKind;
      applies: true;
      description: string;
      expect: Expectation;
      request: PlannedRequest;
    }
  | { kind: ProbeKind; applies: false; reason: string };

type Field = OperationInfo['fields'][number];

/** The base request with every value as the wire text the wire model would send. */
export function asTexts(base: PlannedRequest): PlannedRequest {
  if (base.asText) return base;
  const byName = new Map(base.op.fields.map((f) => [f.name, f]));
  const texts = (values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => {
        const field = byName.get(k);
        return [k, field ? fieldText(field, v) : String(v)];
      }),
    );
  return {
    ...base,
    asText: true,
    input: {
      path: texts(base.input.path),
      query: texts(base.input.query),
      body: texts(base.input.body),
    },
  };
}

export function withField(
  request: PlannedRequest,
  field: Field,
  text: string | undefined,
): PlannedRequest {
  const where =
    field.in === 'body' && request.op.body ? 'body' : field.in === 'path' ? 'path' : 'query';
  const values = { ...request.input[where] };
  if (text === undefined) delete values[field.name];
  else values[field.name] = text;
  return { ...request, input: { ...request.input, [where]: values } };
}

const outsidePath = (op: OperationInfo) =>
  op.fields.filter((f) => f.in === 'query' || f.in === 'body');

/** Text no schema of the field's types accepts, or undefined when a string is acceptable. */
function wrongTypeText(field: Field): string | undefined {
  const types = new Set(field.types);
  if (types.has('string')) return undefined;
  if (field.encoding === 'json') {
    if (!types.has('object')) return '{"not":"this type"}';
    if (!types.has('array')) return '["not this type"]';
    return undefined;
  }
  if (types.has('integer') || types.has('number')) return 'not-a-number';
  if (types.has('boolean')) return 'not-a-boolean';
  return undefined;
}

export function probes(
  base: PlannedRequest,
  credentials: Credentials | undefined,
  options: {
    stateless: boolean;
    tag: string;
    schemes?: Schemes;
    /** what the contract calls the HTTP Basic pair (the model's; default: RFC 7617's terms) */
    basicNames?: CredentialNames;
  },
): Probe[] {
  const texts = asTexts(base);
  return [...requestProbes(texts), ...credentialProbes(texts, credentials, options)];
}

/** Invalid requests: a required parameter left out, a wrong type, malformed JSON. */
function requestProbes(texts: PlannedRequest): Probe[] {
  const op = texts.op;
  const out: Probe[] = [];
  const required = outsidePath(op).find((f) => f.required);
  out.push(
    required
      ? {
          kind: 'missing-required',
          applies: true,
          description: `without required '${required.name}'`,
          expect: 'invalid',
          request: withField(texts, required, undefined),
        }
      : {
          kind: 'missing-required',
          applies: false,
          reason: 'no required parameter outside the path',
        },
  );
  const candidates = outsidePath(op).filter((f) => wrongTypeText(f) !== undefined);
  const typed =
    candidates.find((f) => f.encoding === 'plain' && f.required) ??
    candidates.find((f) => f.encoding === 'plain') ??
    candidates[0];
  out.push(
    typed
      ? {
          kind: 'wrong-type',
          applies: true,
          description: `'${typed.name}'=${wrongTypeText(typed)}`,
          expect: 'invalid',
          request: withField(texts, typed, wrongTypeText(typed)),
        }
      : { kind: 'wrong-type', applies: false, reason: 'every parameter accepts a string' },
  );
  const json = outsidePath(op).filter((f) => f.encoding === 'json' && !f.types.includes('string'));
  const jf = json[0];
  const broken =
    jf && jf.types.includes('object') && !jf.types.includes('array')
      ? '{"unterminated": '
      : '[1, 2';
  out.push(
    jf
      ? {
          kind: 'malformed-json',
          applies: true,
          description: `'${jf.name}'=${broken}`,
          expect: 'invalid',
          request: withField(texts, jf, broken),
        }
      : {
          kind: 'malformed-json',
          applies: false,
          reason: 'no JSON-encoded parameter that must be JSON',
        },
  );
  return out;
}

/** Missing, wrong and malformed credentials, as the operation's first way in takes them. */
function credentialProbes(
  texts: PlannedRequest,
  credentials: Credentials | undefined,
  options: Parameters<typeof probes>[2],
): Probe[] {
  const names = options.basicNames ?? BASIC_NAMES;
  const op = texts.op;
  const out: Probe[] = [];
  const authProbe = (
    kind: ProbeKind,
    description: string,
    auth: PlannedRequest['auth'] | string,
  ): Probe =>
    typeof auth === 'string'
      ? { kind, applies: false, reason: auth }
      : { kind, applies: true, description, expect: 'credentials', request: { ...texts, auth } };
  const noAuth = op.auth === 'none' ? 'the operation takes no credentials' : undefined;
  const stateless = options.stateless
    ? 'a stateless server cannot tell a right key from a wrong one (--stateless)'
    : undefined;
  const auth = authOf(op, options.schemes, credentials);
  const firstNames = op.security?.[0] ?? ['basic'];
  const basicAlone =
    auth.kind === 'basic' ||
    (auth.kind === 'none' &&
      firstNames.length === 1 &&
      schemeOf(options.schemes, firstNames[0]).type === 'basic');
  if (!basicAlone) {
    out.push(
      ...schemeProbes(op, auth, authProbe, {
        noAuth,
        stateless,
        schemes: options.schemes,
        basicNames: options.basicNames,
      }),
    );
    return out;
  }
  out.push(
    authProbe(
      'no-credentials',
      'no Authorization header',
      noAuth ?? (op.auth === 'optional' ? 'credentials are optional here' : { kind: 'none' }),
    ),
  );
  const basic = credentials?.basic;
  const needs = basic ? undefined : `needs credentials (${basicFlags(names)}) to change`;
  out.push(
    authProbe(
      'wrong-password',
      `the right ${names.user} with a wrong non-empty ${names.password}`,
      noAuth ??
        needs ??
        stateless ?? { kind: 'basic', user: basic!.user, password: wrongSecret(basic!.password) },
    ),
  );
  out.push(
    authProbe(
      'unknown-user',
      `an unknown ${names.user} with the right ${names.password}`,
      noAuth ??
        needs ??
        // Shaped as an address: a server that checks the user's form still refuses it for
        // being unknown (RFC 2606 reserves .invalid).
        stateless ?? {
          kind: 'basic',
          user: `nobody-${options.tag}@example.invalid`,
          password: basic!.password,
        },
    ),
  );
  out.push(
    authProbe(
      'malformed-authorization',
      "'Authorization: Basic %%%' (not base64)",
      noAuth ?? {
        kind: 'header',
        value: 'Basic %%%',
      },
    ),
  );
  return out;
}

/**
 * The credential probes of an operation whose first way in is not HTTP Basic alone: no
 * credentials; the run's credentials with the first one wrong (a wrong Bearer token, a wrong
 * API key where the scheme puts it); a malformed `Authorization: Bearer`. Each must be refused.
 */
function schemeProbes(
  op: OperationInfo,
  auth: PlannedRequest['auth'],
  authProbe: (kind: ProbeKind, description: string, auth: PlannedRequest['auth'] | string) => Probe,
  why: { noAuth?: string; stateless?: string; schemes?: Schemes; basicNames?: CredentialNames },
): Probe[] {
  const names = op.security?.[0] ?? [];
  const items = auth.kind === 'schemes' ? auth.items : undefined;
  const firstName = items?.[0].scheme ?? names[0] ?? '';
  const first = items?.[0].send ?? schemeOf(why.schemes, firstName);
  const needs = items
    ? undefined
    : `needs credentials (${neededFlags(op, why.schemes, why.basicNames)}) to change`;
  const out: Probe[] = [
    authProbe(
      'no-credentials',
      'no credentials',
      why.noAuth ??
        (op.auth === 'optional'
          ? 'credentials are optional here'
          : names.length === 0
            ? 'the contract names no scheme it declares: nothing can be sent'
            : { kind: 'none' }),
    ),
  ];
  const wrong = (kind: ProbeKind, description: string) =>
    authProbe(
      kind,
      description,
      why.noAuth ??
        needs ??
        why.stateless ?? {
          kind: 'schemes',
          items: items!.map((i, n) => (n === 0 ? { ...i, value: wrongSecret(i.value) } : i)),
        },
    );
  if (first.type === 'bearer') out.push(wrong('wrong-token', 'a wrong Bearer token'));
  else if (first.type === 'apiKey')
    out.push(wrong('wrong-key', `a wrong API key in the ${first.in} '${first.name}'`));
  else if (first.type === 'basic')
    out.push(wrong('wrong-password', 'the right user name with a wrong password'));
  out.push(
    authProbe('unknown-user', '', why.noAuth ?? 'the scheme has no user name (HTTP Basic only)'),
  );
  out.push(
    first.type === 'bearer'
      ? authProbe(
          'malformed-authorization',
          "'Authorization: Bearer %%%' (not a token)",
          why.noAuth ?? { kind: 'header', value: 'Bearer %%%' },
        )
      : authProbe(
          'malformed-authorization',
          '',
          why.noAuth ??
            `the scheme '${firstName}' sends no Authorization header of its own to malform`,
        ),
  );
  return out;
}
