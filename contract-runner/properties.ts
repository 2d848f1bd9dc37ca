/**
 * Property-based probes (fast-check), per operation, from the scenario's base request:
 * generated valid requests (the base plus optional parameters drawn from their schemas: every
 * answer documented and valid, never a 5xx) and generated invalid ones (a parameter dropped or
 * given text its schema refuses, checked invalid with the wire decoder and the generated
 * request validators before it is sent: refused with a 4xx envelope, never a 5xx or a hang).
 * Seeded: the same --seed sends the same requests. A failure is shrunk by fast-check and
 * printed as a curl command made by the wire model.
 */
import fc from 'fast-check';
import { enumValuesAt, existsAtLevel } from '../generator/model/at-level.js';
import type { Parameter } from '../generator/model/types.js';
import { decodeRequest, encodeRequest } from '../runtime/wire.js';
import type { Finding } from './findings.js';
import { judge, type Expectation, type JudgeRules, type ResponseValidator } from './judge.js';
import { asTexts, withField } from './probes.js';
import { curlOf, send, type PlannedRequest, type Transport } from './request.js';

export interface RequestValidator {
  validateRequest(
    operationId: string,
    input: { path?: unknown; query?: unknown; body?: unknown },
  ): { valid: boolean };
}

export interface PropertyOptions {
  seed: number;
  maxExamples: number;
  transport: Transport;
  validator: ResponseValidator & RequestValidator;
  rules: JudgeRules;
  featureLevel?: number;
  /** the contract's newest feature level (the model's `newestLevel`): a server of today */
  newestLevel: number;
  /** generated valid requests are sent (not for steps that write to pre-existing data) */
  valid: boolean;
}

export interface PropertyResult {
  findings: Finding[];
  requests: number;
  notes: string[];
}

const JUNK = [
  'not-a-number',
  '1.5',
  '-1',
  'truthy',
  '[1,',
  '{"a":',
  '',
  'null',
  '99999999999999999999',
];

export async function propertyProbes(
  base: PlannedRequest,
  parameters: Parameter[],
  options: PropertyOptions,
): Promise<PropertyResult> {
  const result: PropertyResult = { findings: [], requests: 0, notes: [] };
  const op = base.op;
  const seed = seedFor(options.seed, op.operationId);
  if (options.valid) {
    const arbitraries = optionalArbitraries(base, parameters, options);
    if (Object.keys(arbitraries).length === 0)
      result.notes.push('generated valid requests: no optional parameter to vary');
    else {
      const arb = fc.record(arbitraries, { requiredKeys: [] });
      const build = (extra: Record<string, unknown>): PlannedRequest => {
        const input = {
          path: { ...base.input.path },
          query: { ...base.input.query },
          body: { ...base.input.body },
        };
        for (const [name, value] of Object.entries(extra)) {
          const field = op.fields.find((f) => f.name === name)!;
          (field.in === 'body' ? input.body : input.query)[name] = value;
        }
        return { ...base, input };
      };
      await checkProperty(arb, build, 'any', 'generated valid request', seed, options, result);
    }
  }
  const texts = asTexts(base);
  const mutable = op.fields.filter((f) => f.in === 'query' || f.in === 'body' || f.in === 'path');
  if (mutable.length === 0) result.notes.push('generated invalid requests: no parameter to change');
  else {
    const arb = fc.record({
      field: fc.constantFrom(...mutable.map((f) => f.name)),
      drop: fc.boolean(),
      text: fc.oneof(fc.constantFrom(...JUNK), fc.string({ maxLength: 6 })),
    });
    const build = (m: { field: string; drop: boolean; text: string }): PlannedRequest => {
      const field = op.fields.find((f) => f.name === m.field)!;
      return withField(texts, field, m.drop && field.in !== 'path' ? undefined : m.text);
    };
    const invalid = (r: PlannedRequest) => isInvalid(r, options.validator);
    await checkProperty(
      arb,
      build,
      'invalid',
      'generated invalid request',
      seed + 1,
      options,
      result,
      invalid,
    );
  }
  return result;
}

async function checkProperty<T>(
  arb: fc.Arbitrary<T>,
  build: (sample: T) => PlannedRequest,
  expect: Expectation,
  what: string,
  seed: number,
  options: PropertyOptions,
  result: PropertyResult,
  precondition?: (request: PlannedRequest) => boolean,
): Promise<void> {
  const problemsOf = new Map<string, ReturnType<typeof judge>['problems']>();
  let hung: ReturnType<typeof judge>['problems'] | undefined;
  const property = fc.asyncProperty(arb, async (sample) => {
    const request = build(sample);
    if (precondition) fc.pre(precondition(request));
    // A server that does not answer at all is not worth shrinking against: one timeout is the finding.
    if (hung) {
      problemsOf.set(JSON.stringify(sample), hung);
      return false;
    }
    const answer = await send(request, options.transport);
    result.requests++;
    const judged = judge(request.op, answer, expect, options.validator, options.rules);
    problemsOf.set(JSON.stringify(sample), judged.problems);
    if (judged.problems.some((p) => p.kind === 'no-answer')) hung = judged.problems;
    return judged.problems.length === 0;
  });
  const out = await fc.check(property, {
    seed,
    numRuns: options.maxExamples,
    maxSkipsPerRun: 200,
    interruptAfterTimeLimit: Math.max(10_000, options.maxExamples * options.transport.timeoutMs),
    markInterruptAsFailure: false,
  });
  if (!out.failed) {
    result.notes.push(`${what}s: ${out.numRuns} passed (seed ${seed})`);
    return;
  }
  if (!out.counterexample) {
    result.notes.push(
      `${what}s: none could be generated (${out.errorInstance ?? 'preconditions'})`,
    );
    return;
  }
  const [sample] = out.counterexample as [T];
  const request = build(sample);
  const problems = problemsOf.get(JSON.stringify(sample)) ?? [];
  const curl = curlOf(request, options.transport);
  for (const p of problems)
    result.findings.push({
      operationId: request.op.operationId,
      kind: p.kind,
      message: p.message,
      source: `${what} (fast-check seed ${seed}, shrunk ${out.numShrinks} times: ${JSON.stringify(sample)})`,
      curl,
    });
}

/** Stable per operation, so --only does not change another operation's requests. */
function seedFor(seed: number, operationId: string): number {
  let h = seed | 0;
  for (const c of operationId) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** What the server will read from these texts, judged by the wire decoder and the validators. */
function isInvalid(request: PlannedRequest, validator: RequestValidator): boolean {
  const op = request.op;
  const textOp = {
    ...op,
    fields: op.fields.map((f) => ({
      ...f,
      encoding: 'plain' as const,
      types: ['string' as const],
    })),
  };
  const hasBody = op.body !== undefined;
  let wire;
  try {
    wire = encodeRequest(
      textOp,
      {
        path: request.input.path,
        query: hasBody ? request.input.query : { ...request.input.query, ...request.input.body },
        body: hasBody ? request.input.body : undefined,
      },
      { mediaType: 'application/x-www-form-urlencoded' },
    );
  } catch {
    return false;
  }
  // The path's texts as a router would match them (the wire model percent-encodes them).
  const pathParams = Object.fromEntries(
    Object.entries(request.input.path).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.map((item) => encodeURIComponent(String(item))).join(',') : String(v),
    ]),
  );
  if (Object.values(pathParams).some((v) => v === '' || v.includes('/'))) return false;
  const decoded = decodeRequest(
    op,
    { pathParams, query: wire.query, contentType: wire.body?.contentType, body: wire.body?.text },
    { lenientLocation: op.method === 'PATCH' || op.method === 'DELETE' },
  );
  if (!decoded.ok) return true;
  return !validator.validateRequest(op.operationId, decoded.value).valid;
}

/** What generated valid requests may add to the base: the optional parameters the server has. */
export function optionalArbitraries(
  base: PlannedRequest,
  parameters: Parameter[],
  options: Pick<PropertyOptions, 'featureLevel' | 'newestLevel'>,
): Record<string, fc.Arbitrary<unknown>> {
  const out: Record<string, fc.Arbitrary<unknown>> = {};
  const given = new Set([...Object.keys(base.input.query), ...Object.keys(base.input.body)]);
  const byName = new Map(base.op.fields.map((f) => [f.name, f]));
  for (const p of parameters) {
    const field = byName.get(p.name);
    if (!field || p.required || given.has(p.name) || (p.in !== 'query' && p.in !== 'body'))
      continue;
    if (p.lifecycle.deprecated || field.encoding !== 'plain') continue;
    if (!existsAtLevel(p, options.featureLevel, options.newestLevel)) continue;
    const arb = arbitraryOf(p, options.featureLevel, options.newestLevel);
    if (arb) out[p.name] = arb;
  }
  return out;
}

/** What generated valid requests draw for an optional parameter (exported for its unit test). */
export function arbitraryOf(
  p: Parameter,
  level: number | undefined,
  newest: number,
): fc.Arbitrary<unknown> | undefined {
  if (p.enum && p.enum.length > 0) {
    const values = enumValuesAt(p, level, newest).map((e) => e.value);
    return values.length > 0 ? fc.constantFrom(...values) : undefined;
  }
  if (p.types.length === 1 && p.types[0] === 'boolean') return fc.boolean();
  if (p.types.length === 1 && p.types[0] === 'integer') {
    const min = p.limits.minimum ?? 0;
    const max = p.limits.maximum ?? min + 100;
    return fc.integer({ min, max: Math.min(max, min + 1000) });
  }
  return undefined;
}
