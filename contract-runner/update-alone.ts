/**
 * An update's parameters, each alone, read back: for an update (PUT, PATCH) whose read-back held
 * (scenario/execute.ts `UpdateReadBack`), every optional parameter that the record read shows
 * under its own name, and whose other values the contract lists (a boolean's other value, each
 * other enum value) or that is plain text (its value with the run's tag added), is written alone
 * (the required parameters beside it) and must read back.
 * A server that drops the field, then answers "no new values" (a refusal) or leaves the record
 * unchanged (a success that did nothing), is a violation naming the parameter. Sending each
 * other enum value is also what exercises them (Schemathesis's coverage phase draws each once).
 *
 * Requests are few: the writes of a round change each parameter once, one read checks them all
 * (each write still sends one parameter: a dropped one stays unchanged in that read); rounds are
 * as many as a parameter has other values. Then one write puts every changed value back, as
 * the record was before (alone, parameter by parameter, if the server refuses them together).
 */
import { isDeepStrictEqual } from 'node:util';
import { combinationRule } from '../generator/model/conditional.js';
import { enumValuesAt, existsAtLevel } from '../generator/model/at-level.js';
import type { Parameter } from '../generator/model/types.js';
import { requiredOnly, where, type AloneOptions, type ProbeResult } from './alone.js';
import type { Finding } from './findings.js';
import { judge } from './judge.js';
import { curlOf, sendValidRequest, type Answer, type PlannedRequest } from './request.js';
import { resolveValue } from './scenario/expressions.js';
import type { UpdateReadBack } from './scenario/execute.js';
import { isObject } from '../runtime/is-object.js';

type Obj = Record<string, unknown>;
const show = (v: unknown) => JSON.stringify(v) ?? 'nothing';

interface Varied {
  name: string;
  /** the record showed the parameter before (else: a sparse record, nothing to put back) */
  shown: boolean;
  before: unknown;
  values: unknown[];
}

/**
 * The values of a parameter the contract lists (each enum value the server's level has, a
 * boolean's two) other than the record's `current`; all of them when the record does not show
 * the parameter (`shown`). A deprecated enum value is valid but not written: the record may read
 * back what replaces it (`private` as `direct`), which is no dropped parameter.
 */
export function otherValues(
  param: Parameter,
  current: unknown,
  shown: boolean,
  level: { level: number | undefined; newest: number },
  tag: string,
): unknown[] {
  const text = changedText(param, current, tag);
  if (text !== undefined) return [text];
  const all =
    param.enum && param.enum.length > 0
      ? enumValuesAt(param, level.level, level.newest)
          .filter((e) => !e.lifecycle.deprecated)
          .map((e) => e.value)
      : param.types.length === 1 && param.types[0] === 'boolean'
        ? [true, false]
        : [];
  return shown ? all.filter((v) => !isDeepStrictEqual(v, current)) : all;
}

/**
 * Free text the record shows, changed: `<before> (<run tag>)`, for a plain string parameter (no
 * enum, format or pattern) where it stays within the documented length.
 */
function changedText(param: Parameter, current: unknown, tag: string): string | undefined {
  const s = param.schema as Record<string, unknown>;
  if (typeof current !== 'string' || param.enum || s.format !== undefined) return undefined;
  if (s.pattern !== undefined || param.types.length !== 1 || param.types[0] !== 'string')
    return undefined;
  const text = `${current} (${tag})`;
  return param.limits.maxLength !== undefined && text.length > param.limits.maxLength
    ? undefined
    : text;
}

/**
 * The parameters to vary, with the record's value before; those the scenario keeps as they are
 * (`unvaried`: a name, or `name=value` for one value) said with why.
 */
export function readBackPlan(
  update: UpdateReadBack,
  parameters: Parameter[],
  record: Obj,
  level: { level: number | undefined; newest: number },
): { varied: Varied[]; unvaried: string[] } {
  const varied: Varied[] = [];
  const kept = update.spec.unvaried ?? {};
  const unvaried = Object.entries(kept).map(([name, why]) => `${name} (${why})`);
  for (const field of update.write.op.fields) {
    const param = parameters.find((p) => p.name === field.name);
    if (!param || field.required || field.in === 'path' || field.in === 'header') continue;
    const shown = Object.hasOwn(record, field.name);
    if (
      Object.hasOwn(kept, field.name) ||
      param.lifecycle.deprecated ||
      combinationRule(param) !== undefined ||
      !existsAtLevel(param, level.level, level.newest) ||
      (!shown && !update.spec.sparse)
    )
      continue;
    const tag = String(update.ctx.inputs.tag ?? 'contract run');
    const values = otherValues(param, record[field.name], shown, level, tag).filter(
      (v) => !Object.hasOwn(kept, `${field.name}=${String(v)}`),
    );
    if (values.length > 0)
      varied.push({ name: field.name, shown, before: record[field.name], values });
  }
  return { varied, unvaried };
}

export async function updateAloneProbes(
  update: UpdateReadBack,
  parameters: Parameter[],
  options: AloneOptions,
): Promise<ProbeResult> {
  const op = update.write.op;
  const out: ProbeResult = { findings: [], notes: [], requests: 0 };
  const sendOne = async (request: PlannedRequest) => {
    out.requests++;
    return sendValidRequest(request, options.transport, options.sendValid);
  };
  const finding = (request: PlannedRequest, f: Omit<Finding, 'operationId' | 'curl'>) =>
    out.findings.push({
      operationId: op.operationId,
      curl: curlOf(request, options.transport),
      ...f,
    });
  const readRecord = async (): Promise<Obj | string> => {
    const answer = await sendOne(update.read);
    const judged = judge(update.read.op, answer, 'success', options.validator, options.rules);
    if (!judged.success) return `the read answered ${judged.status ?? answer.failure}`;
    const current = { status: judged.status, body: judged.body, request: update.read.input };
    const found = resolveValue(update.spec.record, { ...update.ctx, current });
    if (!found.ok) return found.missing;
    return isObject(found.value) ? found.value : 'the record read is not an object';
  };
  const first = await readRecord();
  if (typeof first === 'string') {
    out.notes.push(`optional parameters alone, read back: not run (${first})`);
    return out;
  }
  const { varied, unvaried } = readBackPlan(update, parameters, first, {
    level: options.featureLevel,
    newest: options.newestLevel,
  });
  const bare = requiredOnly(update.write, parameters);
  const withValues = (values: Obj): PlannedRequest => {
    const input = { ...bare.input, query: { ...bare.input.query }, body: { ...bare.input.body } };
    for (const [name, value] of Object.entries(values)) {
      const field = op.fields.find((f) => f.name === name)!;
      input[where(bare, field)][name] = value;
    }
    return { ...bare, input };
  };
  const changed = new Set<string>();
  let checked = 0;
  const rounds = Math.max(0, ...varied.map((v) => v.values.length));
  for (let round = 0; round < rounds; round++) {
    const written: { v: Varied; value: unknown; request: PlannedRequest }[] = [];
    for (const v of varied) {
      if (round >= v.values.length) continue;
      const value = v.values[round];
      const request = withValues({ [v.name]: value });
      const answer = await sendOne(request);
      const judged = judge(op, answer, 'any', options.validator, options.rules);
      const was = v.shown ? show(v.before) : 'not shown';
      const source = `'${v.name}'=${show(value)} alone, to change it (it was ${was})`;
      for (const p of judged.problems) finding(request, { ...p, source, status: judged.status });
      if (judged.success) {
        written.push({ v, value, request });
        changed.add(v.name);
      } else if (judged.status !== undefined)
        finding(request, {
          kind: 'refused-alone',
          source,
          status: judged.status,
          message: `optional '${v.name}' sent alone to change it from ${was} to ${show(value)} was refused: ${judged.status} ${judged.code ?? ''}: ${judged.msg ?? ''}`,
        });
    }
    if (written.length === 0) continue;
    const record = await readRecord();
    for (const { v, value, request } of written) {
      checked++;
      const got = typeof record === 'string' ? undefined : record[v.name];
      if (typeof record !== 'string' && isDeepStrictEqual(got, value)) continue;
      const reads =
        typeof record !== 'string' && !Object.hasOwn(record, v.name)
          ? `the record has no '${v.name}'`
          : `reads ${show(got)}`;
      finding(request, {
        kind: 'read-back',
        source: `'${v.name}'=${show(value)} alone, then ${update.read.op.operationId}`,
        message:
          typeof record === 'string'
            ? `optional '${v.name}' sent alone (${show(value)}) could not be read back: ${record}`
            : `optional '${v.name}' sent alone does not read back: sent ${show(value)}, ${reads}`,
      });
    }
  }
  const unshown = varied.filter((v) => changed.has(v.name) && !v.shown).map((v) => v.name);
  if (unshown.length > 0)
    out.notes.push(
      `${op.operationId}: left as written (the read did not show them before): ${unshown.join(', ')}`,
    );
  await putBack(
    varied.filter((v) => changed.has(v.name) && v.shown),
    withValues,
    sendOne,
    op.operationId,
    out,
  );
  out.notes.push(
    `optional parameters alone, read back: ${varied.length} varied, ${checked} values written and read${
      unvaried.length > 0 ? `; not varied: ${unvaried.join(', ')}` : ''
    }`,
  );
  return out;
}

/** Every changed value back as it was: together, else one by one; a note when one stays. */
async function putBack(
  changed: Varied[],
  withValues: (values: Obj) => PlannedRequest,
  sendOne: (request: PlannedRequest) => Promise<Answer>,
  operationId: string,
  out: ProbeResult,
): Promise<void> {
  if (changed.length === 0) return;
  const ok = (a: Answer) => a.status !== undefined && a.status >= 200 && a.status < 300;
  const all = Object.fromEntries(changed.map((v) => [v.name, v.before]));
  if (ok(await sendOne(withValues(all)))) return;
  const stayed: string[] = [];
  for (const v of changed)
    if (!ok(await sendOne(withValues({ [v.name]: v.before })))) stayed.push(v.name);
  if (stayed.length > 0)
    out.notes.push(`${operationId}: could not put back ${stayed.join(', ')} as they were`);
}
