/**
 * Negative probes: one wire-level change of a request that succeeded (the scenario's base), so
 * the one thing wrong is the probe's. Each must be refused with a 4xx in the envelope:
 * a missing required parameter, a value of the wrong type, malformed JSON in a JSON-encoded
 * field; no credentials, a wrong non-empty API key, an unknown email, a malformed
 * Authorization header.
 */
import type { OperationInfo } from '../runtime/operation-info.js';
import { fieldText } from '../runtime/wire.js';
import type { Expectation } from './judge.js';
import type { Credentials, PlannedRequest } from './request.js';

export type ProbeKind =
  | 'missing-required'
  | 'wrong-type'
  | 'malformed-json'
  | 'no-credentials'
  | 'wrong-api-key'
  | 'unknown-email'
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
export function wrongTypeText(field: Field): string | undefined {
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
  options: { stateless: boolean; tag: string },
): Probe[] {
  const op = base.op;
  const texts = asTexts(base);
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

  const authProbe = (
    kind: ProbeKind,
    description: string,
    auth: PlannedRequest['auth'] | string,
  ): Probe =>
    typeof auth === 'string'
      ? { kind, applies: false, reason: auth }
      : { kind, applies: true, description, expect: 'credentials', request: { ...texts, auth } };
  const noAuth = op.auth === 'none' ? 'the operation takes no credentials' : undefined;
  out.push(
    authProbe(
      'no-credentials',
      'no Authorization header',
      noAuth ?? (op.auth === 'optional' ? 'credentials are optional here' : { kind: 'none' }),
    ),
  );
  const needs = credentials ? undefined : 'needs credentials (--email, --api-key) to change';
  const stateless = options.stateless
    ? 'a stateless server cannot tell a right key from a wrong one (--stateless)'
    : undefined;
  out.push(
    authProbe(
      'wrong-api-key',
      'the right email with a wrong non-empty API key',
      noAuth ??
        needs ??
        stateless ?? {
          kind: 'basic',
          email: credentials!.email,
          apiKey: wrongKey(credentials!.apiKey),
        },
    ),
  );
  out.push(
    authProbe(
      'unknown-email',
      'an unknown email with the right API key',
      noAuth ??
        needs ??
        stateless ?? {
          kind: 'basic',
          email: `nobody-${options.tag}@example.invalid`,
          apiKey: credentials!.apiKey,
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

/** A key of the same length that differs in every character. */
function wrongKey(key: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...key]
    .map((c) => alphabet[(alphabet.indexOf(c) + 7 + alphabet.length) % alphabet.length])
    .join('');
}
