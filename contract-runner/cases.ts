/**
 * What the runner sends for one operation: valid requests built from the contract's examples
 * (request-body examples, parameter examples, a value built from the schema where the contract
 * has none), and negative probes, each a change to a valid request's wire form that any
 * conforming server must refuse with the error envelope.
 */
import type { Operation, Parameter } from '../generator/model/types.js';
import { sampleInputs } from '../generator/model/samples.js';

export interface RequestInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

export interface ValidCase {
  /** `example <name>` or `built from the schema` */
  name: string;
  input: RequestInput;
}

/** A wire-level request, as text, that a probe may change before it is sent. */
export interface WireRequest {
  method: string;
  /** path relative to the base URL, parameters substituted */
  path: string;
  query: URLSearchParams;
  /** urlencoded form fields, when the operation has a form body */
  form?: URLSearchParams;
  /** `valid` (the runner's credentials), `none`, or `wrong` (the email with an empty API key) */
  auth: 'valid' | 'none' | 'wrong';
}

export type ProbeKind =
  'missing-required' | 'wrong-type' | 'malformed-json' | 'no-credentials' | 'wrong-credentials';

export type Probe =
  | {
      kind: ProbeKind;
      applies: true;
      description: string;
      mutate(request: WireRequest): WireRequest;
    }
  | { kind: ProbeKind; applies: false; reason: string };

type Obj = Record<string, unknown>;

/**
 * One valid request per named body example (else one from the parameters' examples, or built
 * from the schema): the same samples the docs show (generator/model/samples.ts).
 */
export function validCases(op: Operation, document: Obj): ValidCase[] {
  const fromExamples = op.parameters.some((p) => p.examples.length > 0);
  return sampleInputs(op, document, { max: Infinity }).map((sample) => ({
    name: sample.name
      ? `example ${sample.name}`
      : fromExamples
        ? 'parameter examples'
        : 'built from the schema',
    input: { path: sample.path, query: sample.query, body: (sample.body ?? {}) as Obj },
  }));
}

export function probes(op: Operation): Probe[] {
  return [
    missingRequired(op),
    wrongType(op),
    malformedJson(op),
    noCredentials(op),
    wrongCredentials(op),
  ];
}

const fieldsOf = (op: Operation) =>
  op.parameters.filter((p) => p.in === 'query' || p.in === 'body');

function setField(request: WireRequest, p: Parameter, text: string | undefined): WireRequest {
  const query = new URLSearchParams(request.query);
  const form = request.form ? new URLSearchParams(request.form) : undefined;
  const target = p.in === 'body' && form ? form : query;
  target.delete(p.name);
  if (text !== undefined) target.set(p.name, text);
  return { ...request, query, form };
}

function missingRequired(op: Operation): Probe {
  const p = fieldsOf(op).find((f) => f.required);
  if (!p)
    return {
      kind: 'missing-required',
      applies: false,
      reason: 'no required parameter outside the path',
    };
  return {
    kind: 'missing-required',
    applies: true,
    description: `without required '${p.name}'`,
    mutate: (r) => setField(r, p, undefined),
  };
}

/** Text no schema of the parameter's types accepts. */
function wrongTypeText(p: Parameter): string | undefined {
  const types = new Set(p.types);
  if (types.has('string')) return undefined;
  if (p.encoding === 'json') {
    if (!types.has('object')) return '{"not":"this type"}';
    if (!types.has('array')) return '["not this type"]';
    return undefined;
  }
  if (types.has('integer') || types.has('number')) return 'not-a-number';
  if (types.has('boolean')) return 'not-a-boolean';
  return undefined;
}

function wrongType(op: Operation): Probe {
  const candidates = fieldsOf(op).filter((f) => wrongTypeText(f) !== undefined);
  // A plain scalar is the clearest case; prefer a required one.
  const p =
    candidates.find((f) => f.encoding === 'plain' && f.required) ??
    candidates.find((f) => f.encoding === 'plain') ??
    candidates[0];
  if (!p) return { kind: 'wrong-type', applies: false, reason: 'every parameter accepts a string' };
  const text = wrongTypeText(p)!;
  return {
    kind: 'wrong-type',
    applies: true,
    description: `'${p.name}'=${text}`,
    mutate: (r) => setField(r, p, text),
  };
}

function malformedJson(op: Operation): Probe {
  // Only a field that cannot be a bare string: where a string is allowed (`to` may be a channel
  // name), text that is not JSON is read as that string, and the request is valid.
  const json = fieldsOf(op).filter((f) => f.encoding === 'json');
  const p = json.find((f) => !f.types.includes('string'));
  if (!p)
    return {
      kind: 'malformed-json',
      applies: false,
      reason:
        json.length > 0
          ? 'every JSON-encoded parameter also accepts a plain string'
          : 'no JSON-encoded parameter',
    };
  const text =
    p.types.includes('object') && !p.types.includes('array') ? '{"unterminated": ' : '[1, 2';
  return {
    kind: 'malformed-json',
    applies: true,
    description: `'${p.name}'=${text}`,
    mutate: (r) => setField(r, p, text),
  };
}

function noCredentials(op: Operation): Probe {
  if (op.auth !== 'required')
    return { kind: 'no-credentials', applies: false, reason: `auth is ${op.auth}` };
  return {
    kind: 'no-credentials',
    applies: true,
    description: 'no Authorization header',
    mutate: (r) => ({ ...r, auth: 'none' }),
  };
}

function wrongCredentials(op: Operation): Probe {
  if (op.auth === 'none')
    return { kind: 'wrong-credentials', applies: false, reason: 'auth is none' };
  return {
    kind: 'wrong-credentials',
    applies: true,
    description: 'the email with an empty API key',
    mutate: (r) => ({ ...r, auth: 'wrong' }),
  };
}
