/**
 * Running the scenarios' steps: each step is skipped with its reason, or sent, judged against
 * the contract (judge.ts), and its semantic checks evaluated; its outputs feed later steps.
 * What a step found is recorded for the operation it is about; the first request of an
 * operation that succeeded is kept as the base of the negative and generated probes.
 */
import { isDeepStrictEqual } from 'node:util';
import { reportedLevel, type LevelTable } from '../../runtime/feature-levels.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import { fieldText } from '../../runtime/wire.js';
import type { Finding } from '../findings.js';
import { judge, type JudgeRules, type ResponseValidator } from '../judge.js';
import {
  curlOf,
  send,
  type Answer,
  type Credentials,
  type PlannedRequest,
  type Transport,
} from '../request.js';
import { authOf, credentialsFor, neededFlags, type Schemes } from '../credentials.js';
import type { CredentialNames } from '../../generator/model/security.js';
import {
  condition,
  referencedInputs,
  referencedSteps,
  resolveValue,
  type ExpressionContext,
  type Resolved,
  type StepRecord,
} from './expressions.js';
import type { Check, ReadBack, Step, Workflow } from './format.js';
import { readBackDifferences } from './read-back.js';

export interface ScenarioOptions {
  credentials?: Credentials;
  other?: Credentials;
  inputs: Record<string, unknown>;
  readOnly: boolean;
  allowDestructive: boolean;
  unauthenticatedOnly: boolean;
  stateless: boolean;
  /** operations skipped by name (--skip) */
  skipped: Set<string>;
  /** the contract's security schemes by name (how each credential travels); absent: Basic */
  schemes?: Schemes;
  /** what the contract calls the HTTP Basic pair (the model's), for messages */
  basicNames?: CredentialNames;
  rules: JudgeRules;
  /** the generated level table: answers of an older server may lack newer fields */
  levels?: LevelTable;
  transport: Transport;
  /** how valid requests are sent (the generated client); default: the wire model + fetch */
  sendValid?: (request: PlannedRequest, transport: Transport) => Promise<Answer>;
  progress?: (line: string) => void;
}

/** What the scenarios established about one operation. */
export interface OperationState {
  /** steps of the operation that reached a documented success */
  successes: string[];
  /** why steps of the operation were skipped */
  skips: string[];
  /** steps of the operation that could not run because a step they need failed */
  blocked: string[];
  findings: Finding[];
  /** the first valid request that succeeded: probes change it */
  base?: PlannedRequest;
  /** the step that gave the base writes to pre-existing data */
  baseDestructive?: boolean;
  requests: number;
  /** semantic checks that passed, and those not evaluated (stateless) */
  notes: string[];
}

export interface ScenarioRun {
  states: Map<string, OperationState>;
  /** every step that ran or was skipped, by ID: what it sent and what came back */
  records: Map<string, StepRecord>;
  featureLevel?: number;
  /** updates (PUT, PATCH) that read back as sent: how to write again and read again */
  updates: UpdateReadBack[];
}

/**
 * An update whose read-back held: the request that wrote, the request that read, and the
 * read-back that finds the record in the read's answer. Each optional parameter can then be
 * written alone and read back (update-alone.ts).
 */
export interface UpdateReadBack {
  write: PlannedRequest;
  read: PlannedRequest;
  spec: ReadBack;
  /** the scenario's values (`$steps…` of the read-back's record selection) */
  ctx: ExpressionContext;
}

export async function runScenarios(
  workflows: Workflow[],
  operations: Record<string, OperationInfo>,
  validator: ResponseValidator,
  options: ScenarioOptions,
): Promise<ScenarioRun> {
  const states = new Map<string, OperationState>();
  const stateOf = (id: string) => {
    let s = states.get(id);
    if (!s) {
      s = { successes: [], skips: [], blocked: [], findings: [], requests: 0, notes: [] };
      states.set(id, s);
    }
    return s;
  };
  const ctx: ExpressionContext = {
    inputs: options.inputs,
    steps: new Map(),
    stateless: options.stateless,
  };
  const run: ScenarioRun = { states, records: ctx.steps, updates: [] };
  const planned = new Map<string, PlannedRequest>();

  for (const workflow of workflows) {
    let wroteSomething = false;
    /** operations that succeeded in this workflow: a check about one checks what it did here */
    const succeeded = new Set<string>();
    for (const step of workflow.steps) {
      const op = operations[step.operationId];
      const state = stateOf(step.operationId);
      const skip = (reason: string, blocked = false) => {
        ctx.steps.set(step.stepId, {
          ok: false,
          why: blocked ? `could not run (${reason})` : `was skipped (${reason})`,
          blocked,
          outputs: {},
        });
        (blocked ? state.blocked : state.skips).push(`${step.stepId}: ${reason}`);
      };
      if (step.cleanup && !wroteSomething) {
        skip('nothing of this workflow to put back');
        continue;
      }
      // A value missing from a step that failed, or answered against the contract, blocks.
      const needsFaulty = [...referencedSteps([step.parameters, step.payload, step.when])].some(
        (id) => ctx.steps.get(id)?.blocked,
      );
      const reason = skipReason(step, op, options, run.featureLevel, ctx);
      if (reason) {
        skip(reason.why, reason.blocked || (needsFaulty && !reason.legitimate));
        continue;
      }
      const resolved = resolveRequest(step, op, ctx, run.featureLevel);
      if ('skip' in resolved) {
        skip(resolved.skip, resolved.blocked || needsFaulty);
        continue;
      }
      const request: PlannedRequest = {
        op,
        input: resolved.input,
        auth: authFor(step, op, options),
      };
      planned.set(step.stepId, request);
      options.progress?.(`${step.where}: ${op.method} ${op.path}`);
      const answer =
        options.sendValid && request.auth.kind !== 'header'
          ? await options.sendValid(request, options.transport)
          : await send(request, options.transport);
      state.requests++;
      if (op.method !== 'GET' && !step.changesNothing && !step.cleanup) wroteSomething = true;
      const curl = curlOf(request, options.transport);
      const found = (operationId: string, f: Omit<Finding, 'operationId' | 'source' | 'curl'>) =>
        stateOf(operationId).findings.push({ operationId, source: step.where, curl, ...f });

      // The server's feature level: the operation the table says reports it (`reportsLevel`, the
      // model's: ours POST /register, which the first file asks first); that answer itself is
      // judged at that level.
      const levelField = op.reportsLevel;
      if (run.featureLevel === undefined && levelField !== undefined)
        run.featureLevel = featureLevelOf(answer, levelField);
      const judged = judge(op, answer, step.expect ? 'any' : 'success', validator, {
        ...options.rules,
        tolerated: step.skipOn.map((s) => s.code),
        ...(run.featureLevel !== undefined && options.levels
          ? { level: { level: run.featureLevel, table: options.levels } }
          : {}),
      });
      for (const p of judged.problems) found(step.operationId, { ...p, status: judged.status });
      const current = { status: judged.status, body: judged.body, request: resolved.input };
      const record: StepRecord = {
        ok: false,
        operationId: step.operationId,
        outputs: {},
        response: {
          status: judged.status,
          body: judged.body,
          ...(answer.location !== undefined ? { headers: { location: answer.location } } : {}),
        },
        request: resolved.input,
      };
      ctx.steps.set(step.stepId, record);

      if (step.expect) {
        if (judged.success)
          found(step.expect.about ?? step.operationId, {
            kind:
              step.expect.refusal === 'privacy'
                ? 'privacy'
                : step.expect.refusal === 'deleted'
                  ? 'semantic'
                  : 'accepted-invalid',
            message: `${step.expect.says}: answered ${judged.status}`,
            status: judged.status,
          });
        record.ok = !judged.success;
        continue;
      }
      if (!judged.success) {
        const known = step.skipOn.find((s) => s.code === judged.code);
        if (known && judged.problems.length === 0) {
          record.why = `was skipped (${known.reason})`;
          state.skips.push(`${step.stepId}: ${known.reason} (${judged.status} ${judged.code})`);
          continue;
        }
        if (judged.status !== undefined)
          found(step.operationId, {
            kind: 'success-not-reached',
            message: `a valid request was refused: ${judged.status} ${judged.code ?? ''}: ${judged.msg ?? ''}`,
            status: judged.status,
          });
        record.why = `did not succeed (${judged.status ?? answer.failure})`;
        record.blocked = true;
        continue;
      }
      record.ok = true;
      record.blocked = judged.problems.length > 0;
      succeeded.add(step.operationId);
      state.successes.push(step.stepId);
      if (!state.base && step.as === 'user') {
        state.base = request;
        state.baseDestructive = step.destructive !== undefined;
      }
      const here: ExpressionContext = { ...ctx, current };
      for (const [name, spec] of Object.entries(step.outputs)) {
        const r = resolveValue(spec, here);
        if (r.ok) record.outputs[name] = r.value;
      }
      for (const criterion of step.successCriteria) {
        const r = condition(criterion.condition, here);
        if (!r.ok || r.value !== true)
          found(step.operationId, {
            kind: 'semantic',
            message: `success criterion '${criterion.condition}' does not hold${r.ok ? '' : ` (${r.missing})`}`,
            status: judged.status,
          });
      }
      for (const check of step.checks) {
        const about = check.about ?? step.operationId;
        if (options.stateless) {
          stateOf(about).notes.push(`not checked (stateless server): ${check.says}`);
          continue;
        }
        if (!succeeded.has(about)) {
          stateOf(about).notes.push(
            `not checked (${about} did not succeed in this workflow): ${check.says}`,
          );
          continue;
        }
        const absentInput = [...JSON.stringify(check).matchAll(/\$inputs\.([A-Za-z0-9_]+)/g)]
          .map((m) => m[1])
          .find((name) => options.inputs[name] === undefined);
        if (absentInput) {
          stateOf(about).notes.push(`not checked (no ${absentInput} given): ${check.says}`);
          continue;
        }
        const unmet = [...referencedSteps(check)].find((id) => !ctx.steps.get(id)?.ok);
        if (unmet) {
          stateOf(about).notes.push(`not checked (step '${unmet}' did not succeed): ${check.says}`);
          continue;
        }
        const failure = evaluateCheck(check, here);
        if (failure)
          found(about, {
            kind: 'semantic',
            message: `${check.says}: ${failure}`,
            status: judged.status,
          });
        else stateOf(about).notes.push(`checked: ${check.says}`);
      }
      if (
        step.readBack &&
        readBack(step.readBack, here, succeeded, options.stateless, stateOf, found)
      ) {
        const write = planned.get(step.readBack.of);
        if (write && UPDATES.has(write.op.method.toLowerCase()))
          run.updates.push({ write, read: request, spec: step.readBack, ctx });
      }
    }
  }
  return run;
}

const UPDATES = new Set(['put', 'patch']);

/**
 * The read-back of a write (read-back.ts): a note when it holds, a finding per difference;
 * true when it was compared and held.
 */
function readBack(
  spec: ReadBack,
  ctx: ExpressionContext,
  succeeded: Set<string>,
  stateless: boolean,
  stateOf: (id: string) => OperationState,
  found: (operationId: string, f: Omit<Finding, 'operationId' | 'source' | 'curl'>) => void,
): boolean {
  const write = ctx.steps.get(spec.of);
  const about = write?.operationId;
  if (!write || !about || !write.ok || !succeeded.has(about)) return false;
  if (stateless) {
    stateOf(about).notes.push(`not read back (stateless server): ${spec.says}`);
    return false;
  }
  const differences = readBackDifferences(spec, write, ctx);
  for (const difference of differences)
    found(about, { kind: 'read-back', message: `${spec.says}: ${difference}` });
  if (differences.length === 0) stateOf(about).notes.push(`read back: ${spec.says}`);
  return differences.length === 0;
}

/** The level a success answer reports in `field`, if it is an integer there. */
function featureLevelOf(answer: Answer, field: string): number | undefined {
  if (answer.status === undefined || answer.status < 200 || answer.status >= 300) return undefined;
  try {
    return reportedLevel(JSON.parse(answer.text ?? '') as unknown, field);
  } catch {
    return undefined;
  }
}

function skipReason(
  step: Step,
  op: OperationInfo,
  options: ScenarioOptions,
  level: number | undefined,
  ctx: ExpressionContext,
): { why: string; blocked?: boolean; legitimate?: boolean } | undefined {
  const why = legitimateSkip(step, op, options, level);
  if (why) return { why, legitimate: true };
  if (step.when) {
    const r = condition(step.when.condition, ctx);
    // Undecided (discovery failed: the role is unknown): a skip with its reason, not a failure
    // of this operation; the step that could not run fails on its own.
    if (!r.ok)
      return {
        why: `unknown whether it applies (${step.when.condition}: ${r.missing}); when not: ${step.when.otherwise}`,
        legitimate: true,
      };
    if (r.value !== true) return { why: step.when.otherwise };
  }
  return undefined;
}

function legitimateSkip(
  step: Step,
  op: OperationInfo,
  options: ScenarioOptions,
  level: number | undefined,
): string | undefined {
  if (options.skipped.has(step.operationId)) return `${step.operationId} skipped by --skip`;
  for (const [name, reason] of Object.entries(step.needs))
    if (options.inputs[name] === undefined) return reason;
  const inputs = referencedInputs([step.parameters, step.payload]);
  for (const name of inputs)
    if (options.inputs[name] === undefined) return `needs --input ${name}=VALUE`;
  if (step.as === 'other' && !options.other)
    // The second user's options are the first's with `--other-` (`--other-email`, ...).
    return `needs a second user's credentials (${neededFlags(op, options.schemes, options.basicNames, 'other-')})`;
  if (step.expect?.refusal === 'deleted' && options.stateless)
    return 'a stateless server keeps nothing that a delete could remove (--stateless)';
  if ((step.as === 'other' || step.expect) && options.stateless)
    return "a stateless server cannot keep one user's data from another (--stateless)";
  if (options.readOnly && op.method !== 'GET' && !step.changesNothing)
    return '--read-only: the step changes data';
  if (step.destructive && !options.allowDestructive)
    return `destructive: ${step.destructive} (--allow-destructive runs it)`;
  if (options.unauthenticatedOnly && op.auth === 'required')
    return '--unauthenticated-only: the operation needs credentials';
  if (!options.unauthenticatedOnly && op.auth === 'required') {
    const who = step.as === 'other' ? options.other : options.credentials;
    if (!credentialsFor(op, options.schemes, who))
      return `needs credentials (${neededFlags(op, options.schemes, options.basicNames)})`;
  }
  if (level !== undefined && op.since !== undefined && op.since > level)
    return `added at feature level ${op.since}; the server is at ${level}`;
  return undefined;
}

function resolveRequest(
  step: Step,
  op: OperationInfo,
  ctx: ExpressionContext,
  level: number | undefined,
): { input: PlannedRequest['input'] } | { skip: string; blocked?: boolean } {
  const input: PlannedRequest['input'] = { path: {}, query: {}, body: {} };
  const fields = new Map(op.fields.map((f) => [f.name, f]));
  const put = (name: string, value: unknown): string | undefined => {
    const field = fields.get(name);
    if (!field) return `the step names '${name}', which ${op.operationId} does not have`;
    if (level !== undefined && field.since !== undefined && field.since > level)
      return `'${name}' was added at feature level ${field.since}; the server is at ${level}`;
    const since = field.valuesSince?.[fieldTextSafe(field, value)];
    if (level !== undefined && since !== undefined && since > level)
      return `${name}=${JSON.stringify(value)} was added at feature level ${since}; the server is at ${level}`;
    const where = field.in === 'path' ? input.path : field.in === 'body' ? input.body : input.query;
    where[name] = value;
    return undefined;
  };
  for (const p of step.parameters) {
    const r: Resolved = resolveValue(p.value, ctx);
    if (!r.ok) return { skip: r.missing, blocked: r.blocked };
    const problem = put(p.name, r.value);
    if (problem) return { skip: problem };
  }
  // A JSON body is the payload as a whole (Arazzo's `payload`); a form body's fields go by name.
  const whole = op.body !== undefined && op.body.kind !== 'form';
  for (const [name, spec] of Object.entries(step.payload ?? {})) {
    const r = resolveValue(spec, ctx);
    if (!r.ok) return { skip: r.missing, blocked: r.blocked };
    if (whole) {
      input.body[name] = r.value;
      continue;
    }
    const problem = put(name, r.value);
    if (problem) return { skip: problem };
  }
  return { input };
}

function fieldTextSafe(field: OperationInfo['fields'][number], value: unknown): string {
  try {
    return fieldText(field, value);
  } catch {
    return '';
  }
}

function authFor(step: Step, op: OperationInfo, options: ScenarioOptions): PlannedRequest['auth'] {
  if (op.auth === 'none' || options.unauthenticatedOnly) return { kind: 'none' };
  const who = step.as === 'other' ? options.other : options.credentials;
  return authOf(op, options.schemes, who);
}

/** Undefined when the check holds, else what was seen. */
function evaluateCheck(check: Check, ctx: ExpressionContext): string | undefined {
  const actual = resolveValue(check.actual, ctx);
  if (check.absent) return actual.ok ? `found ${JSON.stringify(actual.value)}` : undefined;
  if (!actual.ok) return actual.missing;
  const expected = (spec: unknown) => resolveValue(spec, ctx);
  const values = check.each ? actual.value : [actual.value];
  if (!Array.isArray(values)) return `expected a list, got ${show(actual.value)}`;
  if (check.each && values.length === 0) return 'the list is empty';
  for (const value of values) {
    const failure = compareOne(check, value, expected);
    if (failure) return failure;
  }
  return undefined;
}

function compareOne(
  check: Check,
  value: unknown,
  expected: (spec: unknown) => Resolved,
): string | undefined {
  const want = (spec: unknown) => {
    const r = expected(spec);
    return r.ok ? r.value : undefined;
  };
  if ('equals' in check && check.equals !== undefined) {
    const w = want(check.equals);
    if (!isDeepStrictEqual(value, w)) return `got ${show(value)}, expected ${show(w)}`;
  }
  if (check.notEquals !== undefined) {
    const w = want(check.notEquals);
    if (isDeepStrictEqual(value, w)) return `got ${show(value)}, which it must not be`;
  }
  const has = (w: unknown) =>
    Array.isArray(value)
      ? value.some((v) => isDeepStrictEqual(v, w))
      : typeof value === 'string' && typeof w === 'string' && value.includes(w);
  if (check.contains !== undefined) {
    const w = want(check.contains);
    if (!has(w)) return `${show(value)} does not contain ${show(w)}`;
  }
  if (check.notContains !== undefined) {
    const w = want(check.notContains);
    if (has(w)) return `${show(value)} contains ${show(w)}`;
  }
  return undefined;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
