/**
 * Every optional parameter accepted alone: for an operation whose success path was reached,
 * the request again with its required parameters and one optional parameter only, for each
 * optional parameter it can give a valid value to — the scenario's own value, or the
 * parameter's documented default (sending the default must mean the same as leaving it out).
 * Parameters with a combination rule in words (`x-conditional`) stay as the scenario sent them
 * and are not varied. Each must be accepted: a server that takes a parameter only in company (`fetch_event_types`
 * only beside `event_types`) is refused-alone. Other documented enum values of the parameter
 * go out alone too and are judged against the contract (a documented error is fine): they are
 * what exercises enum values the scenarios never send.
 */
import { combinationRule } from '../generator/model/conditional.js';
import { enumValuesAt, existsAtLevel } from '../generator/model/at-level.js';
import type { Parameter } from '../generator/model/types.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import type { Finding } from './findings.js';
import { judge, type JudgeRules, type ResponseValidator } from './judge.js';
import {
  curlOf,
  sendValidRequest,
  type PlannedRequest,
  type SendValid,
  type Transport,
} from './request.js';

type Field = OperationInfo['fields'][number];

export interface AloneOptions {
  transport: Transport;
  validator: ResponseValidator;
  rules: JudgeRules;
  featureLevel?: number;
  /** the contract's newest feature level (the model's `newestLevel`): a server of today */
  newestLevel: number;
  sendValid?: SendValid;
}

/** What a family of probes found, noted and sent. */
export interface ProbeResult {
  findings: Finding[];
  notes: string[];
  requests: number;
}

export interface Variant {
  field: Field;
  value: unknown;
  /** `accepted`: a value known valid (must succeed); `any`: judged against the contract only */
  expect: 'accepted' | 'any';
  why: string;
  /** sent in the scenario's whole request, only this value changed (not alone) */
  inPlace?: boolean;
}

export const where = (request: PlannedRequest, field: Field): 'path' | 'query' | 'body' =>
  field.in === 'path' ? 'path' : field.in === 'body' && request.op.body ? 'body' : 'query';

/**
 * The base with only its required parameters, and those with a combination rule (`x-conditional`
 * prose, the model's `combinationRule`: "Required when …", "Not allowed with …") where it has
 * them: whether they may go without is stated only in words.
 */
export function requiredOnly(base: PlannedRequest, parameters: Parameter[]): PlannedRequest {
  const required = new Set([
    ...base.op.fields.filter((f) => f.required).map((f) => f.name),
    ...parameters.filter((p) => combinationRule(p) !== undefined).map((p) => p.name),
  ]);
  const keep = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([k]) => required.has(k)));
  return {
    ...base,
    input: { path: base.input.path, query: keep(base.input.query), body: keep(base.input.body) },
  };
}

/** What `aloneProbes` sends, in order (exported for the unit test of the level rule). */
export function aloneVariants(
  base: PlannedRequest,
  parameters: Parameter[],
  level: number | undefined,
  newest: number,
): Variant[] {
  const out: Variant[] = [];
  for (const field of base.op.fields) {
    const param = parameters.find((p) => p.name === field.name);
    if (field.required || field.in === 'path') continue;
    if (param && !existsAtLevel(param, level, newest)) continue;
    if (param && combinationRule(param) !== undefined) continue;
    const given = base.input[where(base, field)][field.name];
    const sent = new Set<string>();
    if (given !== undefined) {
      out.push({ field, value: given, expect: 'accepted', why: 'its value in the scenario' });
      sent.add(JSON.stringify(given));
    } else if (param?.default !== undefined) {
      out.push({ field, value: param.default, expect: 'accepted', why: 'its documented default' });
      sent.add(JSON.stringify(param.default));
    }
    for (const { value } of param ? enumValuesAt(param, level, newest) : [])
      if (!sent.has(JSON.stringify(value)))
        out.push({ field, value, expect: 'any', why: 'a documented enum value' });
  }
  return [...out, ...inPlace(base, parameters, level, newest)];
}

/**
 * Each other documented enum value of a parameter the request must keep (a required one, or one
 * with a combination rule the scenario sent), in the scenario's request with only that value
 * changed: every enum value drawn once, as Schemathesis's coverage phase does.
 */
function inPlace(
  base: PlannedRequest,
  parameters: Parameter[],
  level: number | undefined,
  newest: number,
): Variant[] {
  const out: Variant[] = [];
  for (const field of base.op.fields) {
    const param = parameters.find((p) => p.name === field.name);
    const given = base.input[where(base, field)][field.name];
    if (!param?.enum || field.in === 'path' || given === undefined) continue;
    if (!field.required && combinationRule(param) === undefined) continue;
    if (param && !existsAtLevel(param, level, newest)) continue;
    for (const { value } of enumValuesAt(param, level, newest))
      if (JSON.stringify(value) !== JSON.stringify(given))
        out.push({ field, value, expect: 'any', why: 'a documented enum value', inPlace: true });
  }
  return out;
}

/** Sends each variant; returns the findings, notes and the number of requests. */
export async function aloneProbes(
  base: PlannedRequest,
  parameters: Parameter[],
  options: AloneOptions,
): Promise<ProbeResult> {
  const bare = requiredOnly(base, parameters);
  const findings: Finding[] = [];
  let requests = 0;
  let accepted = 0;
  const all = aloneVariants(base, parameters, options.featureLevel, options.newestLevel);
  for (const v of all) {
    const from = v.inPlace ? base : bare;
    const at = where(from, v.field);
    const request: PlannedRequest = {
      ...from,
      input: { ...from.input, [at]: { ...from.input[at], [v.field.name]: v.value } },
    };
    const answer = await sendValidRequest(request, options.transport, options.sendValid);
    requests++;
    const judged = judge(base.op, answer, 'any', options.validator, options.rules);
    const source = `'${v.field.name}'=${JSON.stringify(v.value)} ${v.inPlace ? 'in the scenario’s request' : 'alone'} (${v.why})`;
    const curl = curlOf(request, options.transport);
    const found = (f: Pick<Finding, 'kind' | 'message'>) =>
      findings.push({
        operationId: base.op.operationId,
        source,
        status: judged.status,
        curl,
        ...f,
      });
    for (const p of judged.problems) found(p);
    if (v.expect === 'accepted' && judged.status !== undefined && !judged.success)
      found({
        kind: 'refused-alone',
        message: `optional '${v.field.name}' sent alone with the required parameters was refused: ${judged.status} ${judged.code ?? ''}: ${judged.msg ?? ''}`,
      });
    else if (v.expect === 'accepted' && judged.success) accepted++;
  }
  const notes =
    all.length > 0
      ? [
          `optional parameters alone and enum values: ${requests} requests, ${accepted} known-valid values accepted`,
        ]
      : [];
  return { findings, notes, requests };
}
