/**
 * Running the scenarios' steps: each step is skipped with its reason, or sent, judged against
 * the contract (judge.ts), and its semantic checks evaluated; its outputs feed later steps.
 * What a step found is recorded for the operation it is about; the first request of an
 * operation that succeeded is kept as the base of the negative and generated probes.
 */
import { reportedLevel } from '../../runtime/feature-levels.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import type { Finding } from '../findings.js';
import { judge, type Judged, type ResponseValidator } from '../judge.js';
import { curlOf, sendValidRequest, type Answer, type PlannedRequest } from '../request.js';
import {
  condition,
  referencedSteps,
  resolveValue,
  type ExpressionContext,
  type StepRecord,
} from './expressions.js';
import type { ReadBack, Step, Workflow } from './format.js';
import { readBackDifferences } from './read-back.js';
import { evaluateCheck } from './checks.js';
import { authFor, resolveRequest, skipReason } from './plan.js';
import type { ScenarioOptions } from './options.js';

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

/** What every step of a scenario run shares. */
interface Runner {
  operations: Record<string, OperationInfo>;
  validator: ResponseValidator;
  options: ScenarioOptions;
  ctx: ExpressionContext;
  run: ScenarioRun;
  /** the request each step that ran sent, by step ID */
  planned: Map<string, PlannedRequest>;
  stateOf(operationId: string): OperationState;
}

/** What the steps of one workflow did so far. */
interface WorkflowProgress {
  wroteSomething: boolean;
  /** operations that succeeded in this workflow: a check about one checks what it did here */
  succeeded: Set<string>;
}

type Found = (operationId: string, f: Omit<Finding, 'operationId' | 'source' | 'curl'>) => void;

export async function runScenarios(
  workflows: Workflow[],
  operations: Record<string, OperationInfo>,
  validator: ResponseValidator,
  options: ScenarioOptions,
): Promise<ScenarioRun> {
  const states = new Map<string, OperationState>();
  const ctx: ExpressionContext = {
    inputs: options.inputs,
    steps: new Map(),
    stateless: options.stateless,
  };
  const runner: Runner = {
    operations,
    validator,
    options,
    ctx,
    run: { states, records: ctx.steps, updates: [] },
    planned: new Map(),
    stateOf: (id) => {
      let s = states.get(id);
      if (!s) {
        s = { successes: [], skips: [], blocked: [], findings: [], requests: 0, notes: [] };
        states.set(id, s);
      }
      return s;
    },
  };
  for (const workflow of workflows) {
    const progress: WorkflowProgress = { wroteSomething: false, succeeded: new Set() };
    for (const step of workflow.steps) await runStep(runner, progress, step);
  }
  return runner.run;
}

/** The request a step sends, or undefined when it is skipped (recorded with its reason). */
function planStep(
  runner: Runner,
  progress: WorkflowProgress,
  step: Step,
): { request: PlannedRequest } | undefined {
  const { operations, options, ctx, run } = runner;
  const op = operations[step.operationId];
  const state = runner.stateOf(step.operationId);
  const skip = (reason: string, blocked = false) => {
    ctx.steps.set(step.stepId, {
      ok: false,
      why: blocked ? `could not run (${reason})` : `was skipped (${reason})`,
      blocked,
      outputs: {},
    });
    (blocked ? state.blocked : state.skips).push(`${step.stepId}: ${reason}`);
    return undefined;
  };
  if (step.cleanup && !progress.wroteSomething) return skip('nothing of this workflow to put back');
  // A value missing from a step that failed, or answered against the contract, blocks.
  const needsFaulty = [...referencedSteps([step.parameters, step.payload, step.when])].some(
    (id) => ctx.steps.get(id)?.blocked,
  );
  const reason = skipReason(step, op, options, run.featureLevel, ctx);
  if (reason) return skip(reason.why, reason.blocked || (needsFaulty && !reason.legitimate));
  const resolved = resolveRequest(step, op, ctx, run.featureLevel);
  if ('skip' in resolved) return skip(resolved.skip, resolved.blocked || needsFaulty);
  return { request: { op, input: resolved.input, auth: authFor(step, op, options) } };
}

/** One step: planned, sent, judged, recorded; then what its success lets it check. */
async function runStep(runner: Runner, progress: WorkflowProgress, step: Step): Promise<void> {
  const planned = planStep(runner, progress, step);
  if (!planned) return;
  const { request } = planned;
  const { options, ctx, run } = runner;
  const op = request.op;
  const state = runner.stateOf(step.operationId);
  runner.planned.set(step.stepId, request);
  options.progress?.(`${step.where}: ${op.method} ${op.path}`);
  const answer = await sendValidRequest(request, options.transport, options.sendValid);
  state.requests++;
  if (op.method !== 'GET' && !step.changesNothing && !step.cleanup) progress.wroteSomething = true;
  const curl = curlOf(request, options.transport);
  const found: Found = (operationId, f) =>
    runner.stateOf(operationId).findings.push({ operationId, source: step.where, curl, ...f });

  // The server's feature level: the operation the table says reports it (`reportsLevel`, the
  // model's: ours POST /register, which the first file asks first); that answer itself is
  // judged at that level.
  const levelField = op.reportsLevel;
  if (run.featureLevel === undefined && levelField !== undefined)
    run.featureLevel = featureLevelOf(answer, levelField);
  const judged = judge(op, answer, step.expect ? 'any' : 'success', runner.validator, {
    ...options.rules,
    tolerated: step.skipOn.map((s) => s.code),
    ...(run.featureLevel !== undefined && options.levels
      ? { level: { level: run.featureLevel, table: options.levels } }
      : {}),
  });
  for (const p of judged.problems) found(step.operationId, { ...p, status: judged.status });
  const record: StepRecord = {
    ok: false,
    operationId: step.operationId,
    outputs: {},
    response: {
      status: judged.status,
      body: judged.body,
      ...(answer.location !== undefined ? { headers: { location: answer.location } } : {}),
    },
    request: request.input,
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
    return;
  }
  if (!judged.success) return refused(runner, step, judged, answer, record, found);
  record.ok = true;
  record.blocked = judged.problems.length > 0;
  progress.succeeded.add(step.operationId);
  state.successes.push(step.stepId);
  if (!state.base && step.as === 'user') {
    state.base = request;
    state.baseDestructive = step.destructive !== undefined;
  }
  afterSuccess(runner, progress, step, { request, judged, record, found });
}

/** A valid request refused: a skip the step allows (`x-skip-on`), else a finding that blocks. */
function refused(
  runner: Runner,
  step: Step,
  judged: Judged,
  answer: Answer,
  record: StepRecord,
  found: Found,
): void {
  const known = step.skipOn.find((s) => s.code === judged.code);
  if (known && judged.problems.length === 0) {
    record.why = `was skipped (${known.reason})`;
    runner
      .stateOf(step.operationId)
      .skips.push(`${step.stepId}: ${known.reason} (${judged.status} ${judged.code})`);
    return;
  }
  if (judged.status !== undefined)
    found(step.operationId, {
      kind: 'success-not-reached',
      message: `a valid request was refused: ${judged.status} ${judged.code ?? ''}: ${judged.msg ?? ''}`,
      status: judged.status,
    });
  record.why = `did not succeed (${judged.status ?? answer.failure})`;
  record.blocked = true;
}

/** A step that succeeded: its outputs, success criteria, semantic checks and read-back. */
function afterSuccess(
  runner: Runner,
  progress: WorkflowProgress,
  step: Step,
  done: { request: PlannedRequest; judged: Judged; record: StepRecord; found: Found },
): void {
  const { options, ctx } = runner;
  const { request, judged, record, found } = done;
  const current = { status: judged.status, body: judged.body, request: request.input };
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
    const skipped = uncheckable(runner, progress, check, about);
    if (skipped) {
      runner.stateOf(about).notes.push(`not checked (${skipped}): ${check.says}`);
      continue;
    }
    const failure = evaluateCheck(check, here);
    if (failure)
      found(about, {
        kind: 'semantic',
        message: `${check.says}: ${failure}`,
        status: judged.status,
      });
    else runner.stateOf(about).notes.push(`checked: ${check.says}`);
  }
  if (
    step.readBack &&
    readBack(step.readBack, here, progress.succeeded, options.stateless, runner.stateOf, found)
  ) {
    const write = runner.planned.get(step.readBack.of);
    if (write && UPDATES.has(write.op.method.toLowerCase()))
      runner.run.updates.push({ write, read: request, spec: step.readBack, ctx });
  }
}

/** Why a semantic check cannot be evaluated here, or undefined when it can. */
function uncheckable(
  { options, ctx }: Runner,
  progress: WorkflowProgress,
  check: Step['checks'][number],
  about: string,
): string | undefined {
  if (options.stateless) return 'stateless server';
  if (!progress.succeeded.has(about)) return `${about} did not succeed in this workflow`;
  const absentInput = [...JSON.stringify(check).matchAll(/\$inputs\.([A-Za-z0-9_]+)/g)]
    .map((m) => m[1])
    .find((name) => options.inputs[name] === undefined);
  if (absentInput) return `no ${absentInput} given`;
  const unmet = [...referencedSteps(check)].find((id) => !ctx.steps.get(id)?.ok);
  if (unmet) return `step '${unmet}' did not succeed`;
  return undefined;
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
  found: Found,
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
