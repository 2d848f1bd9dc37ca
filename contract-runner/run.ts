/**
 * One run of the contract tests against a live server: the scenarios (every operation's
 * success path, semantic checks, cleanup), then per operation the negative probes and the
 * generated (fast-check) probes, then a verdict per operation. Requests go one at a time:
 * the server under test may be a real one.
 *
 * Verdict: an operation passes only when a scenario step reached a documented success with a
 * valid body and nothing was found wrong; it is skipped only with a reason (the user skipped
 * it, the server's feature level, safety, missing credentials or data); anything else fails.
 */
import { errorStatusesOf } from '../generator/model/error-statuses.js';
import type { ApiModel } from '../generator/model/types.js';
import { levelView, type LevelTable } from '../runtime/feature-levels.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import type { Finding, Outcome } from './findings.js';
import { judge, type JudgeRules, type ResponseValidator } from './judge.js';
import { probes } from './probes.js';
import { aloneProbes, type ProbeResult } from './alone.js';
import { updateAloneProbes } from './update-alone.js';
import { propertyProbes, type RequestValidator } from './properties.js';
import {
  curlOf,
  send,
  type Credentials,
  type PlannedRequest,
  type SendValid,
  type Transport,
} from './request.js';
import { runScenarios, type OperationState } from './scenario/execute.js';
import { referencedSteps } from './scenario/expressions.js';
import type { Workflow } from './scenario/format.js';
import type { LinkPlan } from './scenario/from-model.js';
import type { CredentialNames } from '../generator/model/security.js';
import { basicNamesOf, inputOf, secretsOf, type Schemes } from './credentials.js';
import { serverUrl } from './base-url.js';
import { redactMessage } from './redact.js';
import { linksRun, type LinkRun } from './links-run.js';
import { coverage, coverageRecorder, type Coverage, type MinCoverage } from './coverage.js';

/** The contract's security schemes by name, as the model decided how each travels. */
export function schemesOf(model: Pick<ApiModel, 'securitySchemes'>): Schemes {
  return Object.fromEntries(model.securitySchemes.map((s) => [s.name, s.send]));
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

export interface RunOptions {
  baseUrl: string;
  credentials?: Credentials;
  /** a second user, for the privacy checks */
  other?: Credentials;
  password?: string;
  /** values scenarios ask for (`--input draft_id=4`) */
  inputs?: Record<string, string>;
  /** operations to report on (their scenarios and what those depend on still run) */
  only?: string[];
  /** operations skipped by name: reported skipped */
  skip?: string[];
  readOnly?: boolean;
  allowDestructive?: boolean;
  unauthenticatedOnly?: boolean;
  /** the server keeps no state (a mock answering examples): semantic checks are skipped */
  stateless?: boolean;
  seed: number;
  /** generated valid and invalid requests per operation, each */
  maxExamples: number;
  timeoutMs?: number;
  /** judging rules; `errors` defaults to the model's `errorConventions` */
  rules?: Partial<JudgeRules>;
  /** how valid scenario requests are sent (the generated client); default: wire model + fetch */
  sendValid?: SendValid;
  /** sees every request sent */
  onSend?: (line: string) => void;
  /** `--min-coverage`: below it, the run fails (coverage.ts) */
  minCoverage?: MinCoverage;
  progress?: (line: string) => void;
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  outcome: Outcome;
  /** why it was skipped, or what passed */
  reasons: string[];
  findings: Finding[];
  notes: string[];
  requests: number;
}

export interface RunReport {
  baseUrl: string;
  seed: number;
  maxExamples: number;
  featureLevel?: number;
  flags: string[];
  durationMs: number;
  operations: OperationReport[];
  /** what the run exercised out of what the contract documents */
  coverage: Coverage;
  /**
   * links found between operations, and whether a chain ran through each (a contract run
   * without scenarios); `atRunTime`: a `Location` header the contract does not document
   */
  links?: LinkRun[];
  summary: {
    operations: number;
    passed: number;
    failed: number;
    skipped: number;
    requests: number;
    violations: number;
  };
}

export interface RunInputs {
  model: ApiModel;
  operations: Record<string, OperationInfo>;
  /** the generated level table (what exists at each feature level) */
  levels?: LevelTable;
  validator: ResponseValidator & RequestValidator;
  workflows: Workflow[];
  /** the links the workflows were chained by (a contract without scenarios: `linkPlan`) */
  links?: LinkPlan;
}

function runTag(seed: number): string {
  return `t${(seed >>> 0).toString(36)}`;
}

/** What every operation's probes share in one run. */
interface RunContext {
  inputs: RunInputs;
  options: RunOptions;
  transport: Transport;
  tag: string;
  schemes: Schemes;
  basicNames: CredentialNames;
  /** the judging rules at the server's feature level */
  levelRules: JudgeRules;
  /** the operation table at the server's feature level */
  atLevel: Record<string, OperationInfo>;
  featureLevel?: number;
}

export async function runContract(inputs: RunInputs, options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const ids = Object.keys(inputs.operations);
  const basicNames = basicNamesOf(inputs.model);
  const unknown = [...(options.only ?? []), ...(options.skip ?? [])].filter(
    (id) => !ids.includes(id),
  );
  if (unknown.length > 0)
    throw new Error(`no operation of the contract is named ${unknown.join(', ')}`);
  const reported = options.only ? ids.filter((id) => options.only!.includes(id)) : ids;
  const baseUrl = serverUrl(options.baseUrl, inputs.model);
  const recorder = coverageRecorder(inputs.model.errorConventions.shape);
  if (baseUrl !== options.baseUrl.replace(/\/+$/, ''))
    options.progress?.(`requests go to ${baseUrl} (the contract's server path added)`);
  const transport: Transport = {
    baseUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    onSend: options.onSend,
    observe: recorder.observe,
    secrets: {
      ...secretsOf(options.credentials, '', basicNames),
      ...secretsOf(options.other, 'OTHER_', basicNames),
      ...(options.password ? { [options.password]: '<PASSWORD>' } : {}),
    },
  };
  const schemes = schemesOf(inputs.model);
  const rules = rulesOf(inputs.model, options);
  const tag = runTag(options.seed);
  const scenario = await runScenarios(
    workflowsFor(inputs.workflows, options.only),
    inputs.operations,
    inputs.validator,
    {
      credentials: options.unauthenticatedOnly ? undefined : options.credentials,
      other: options.other,
      inputs: scenarioInputsOf(options, basicNames, tag),
      readOnly: options.readOnly ?? false,
      allowDestructive: options.allowDestructive ?? false,
      unauthenticatedOnly: options.unauthenticatedOnly ?? false,
      stateless: options.stateless ?? false,
      skipped: new Set(options.skip ?? []),
      schemes,
      basicNames,
      rules,
      levels: inputs.levels,
      transport,
      sendValid: options.sendValid,
      progress: options.progress,
    },
  );
  // A server older than the contract: probes change only parameters it has, and its answers may
  // lack fields newer than it.
  const level = scenario.featureLevel;
  const known = level !== undefined && inputs.levels;
  const context: RunContext = {
    inputs,
    options,
    transport,
    tag,
    schemes,
    basicNames,
    featureLevel: level,
    atLevel: known
      ? levelView(inputs.levels!, level).operationsAt(inputs.operations)
      : inputs.operations,
    levelRules: known ? { ...rules, level: { level, table: inputs.levels! } } : rules,
  };
  const operations: OperationReport[] = [];
  for (const id of reported) operations.push(await reportOperation(context, scenario, id));
  for (const op of operations)
    for (const f of op.findings) f.message = redactMessage(f.message, transport.secrets ?? {});
  return {
    baseUrl,
    seed: options.seed,
    maxExamples: options.maxExamples,
    featureLevel: scenario.featureLevel,
    flags: [
      ...(options.readOnly ? ['--read-only'] : []),
      ...(options.allowDestructive ? ['--allow-destructive'] : []),
      ...(options.unauthenticatedOnly ? ['--unauthenticated-only'] : []),
      ...(options.stateless ? ['--stateless'] : []),
    ],
    durationMs: Date.now() - started,
    operations,
    links: inputs.links ? linksRun(inputs.links, scenario.records) : undefined,
    coverage: coverage(
      inputs.model,
      inputs.operations,
      reported,
      recorder.seen(),
      scenario.featureLevel,
      options.minCoverage,
    ),
    summary: summarize(operations),
  };
}

/** The judging rules: the model's error conventions and statuses, then the caller's. */
function rulesOf(model: ApiModel, options: RunOptions): JudgeRules {
  return {
    errors: model.errorConventions,
    codeStatuses: Object.fromEntries(
      model.operations.map((op) => [op.id, errorStatusesOf(op, model.errorConventions.shape)]),
    ),
    ...options.rules,
  };
}

/**
 * The values scenarios read as `$inputs`: the run tag and the pair by the contract's names
 * (ours `$inputs.email`, `$inputs.api_key`, `$inputs.other_email`...; another document
 * `$inputs.username`...), then the user's `--input`s.
 */
function scenarioInputsOf(
  options: RunOptions,
  basicNames: CredentialNames,
  tag: string,
): Record<string, unknown> {
  const user = inputOf(basicNames.user);
  const password = inputOf(basicNames.password);
  return {
    tag,
    ...definedOnly({
      [user]: options.credentials?.basic?.user,
      [password]: options.credentials?.basic?.password,
      [`other_${user}`]: options.other?.basic?.user,
      [`other_${password}`]: options.other?.basic?.password,
    }),
    ...(options.password !== undefined ? { password: options.password } : {}),
    ...(options.inputs ?? {}),
  };
}

/** One operation's report: what its scenarios found, then its probes, then the verdict. */
async function reportOperation(
  context: RunContext,
  scenario: Awaited<ReturnType<typeof runScenarios>>,
  id: string,
): Promise<OperationReport> {
  const { inputs, options, transport, levelRules } = context;
  const op = inputs.operations[id];
  const state: OperationState = scenario.states.get(id) ?? {
    successes: [],
    skips: [],
    blocked: [],
    findings: [],
    requests: 0,
    notes: [],
  };
  const report: OperationReport = {
    operationId: id,
    method: op.method,
    path: op.path,
    outcome: 'pass',
    reasons: [],
    findings: [...state.findings],
    notes: [...state.notes],
    requests: state.requests,
  };
  if (options.skip?.includes(id)) {
    report.outcome = 'skip';
    report.reasons.push('skipped by --skip');
    report.findings = [];
    return report;
  }
  const parameters = inputs.model.operations.find((o) => o.id === id)?.parameters ?? [];
  // Both "each optional parameter alone" families send and judge alike.
  const aloneOptions = {
    transport,
    validator: inputs.validator,
    rules: levelRules,
    featureLevel: context.featureLevel,
    newestLevel: inputs.model.newestLevel,
    sendValid: options.sendValid,
  };
  if (state.base) {
    options.progress?.(`${id}: probes`);
    const base = context.atLevel[id] ? { ...state.base, op: context.atLevel[id] } : state.base;
    await runProbes(base, report, options, transport, levelRules, inputs.validator, {
      tag: context.tag,
      schemes: context.schemes,
      basicNames: context.basicNames,
    });
    const generated = await propertyProbes(base, parameters, {
      seed: options.seed,
      maxExamples: options.maxExamples,
      transport,
      validator: inputs.validator,
      rules: levelRules,
      featureLevel: context.featureLevel,
      newestLevel: inputs.model.newestLevel,
      valid: !state.baseDestructive,
    });
    addProbed(report, generated);
    // Each optional parameter alone writes again: not to data that existed before the run.
    if (!state.baseDestructive) {
      addProbed(report, await aloneProbes(base, parameters, aloneOptions));
    }
  }
  // An update that read back as sent: each optional parameter alone must read back too.
  for (const update of scenario.updates.filter((u) => u.write.op.operationId === id)) {
    options.progress?.(`${id}: optional parameters alone, read back`);
    addProbed(report, await updateAloneProbes(update, parameters, aloneOptions));
  }
  verdict(report, state);
  return report;
}

/**
 * The verdict: a finding fails; a success reached passes; a blocked success path fails; skipped
 * steps alone skip; an operation no step reaches fails.
 */
function verdict(report: OperationReport, state: OperationState): void {
  const id = report.operationId;
  if (report.findings.length > 0) report.outcome = 'fail';
  else if (state.successes.length > 0) {
    report.outcome = 'pass';
    report.reasons.push(`success reached by ${state.successes.join(', ')}`);
    report.notes.push(...state.skips.map((why) => `step skipped: ${why}`));
  } else if (state.blocked.length > 0) {
    report.outcome = 'fail';
    for (const why of state.blocked)
      report.findings.push({
        operationId: id,
        kind: 'success-not-reached',
        message: `its success path could not be reached: ${why}`,
        source: 'scenarios',
      });
  } else if (state.skips.length > 0) {
    report.outcome = 'skip';
    report.reasons.push(...state.skips);
  } else {
    report.outcome = 'fail';
    report.findings.push({
      operationId: id,
      kind: 'success-not-reached',
      message: 'no scenario step reaches this operation',
      source: 'scenarios',
    });
  }
}

async function runProbes(
  base: PlannedRequest,
  report: OperationReport,
  options: RunOptions,
  transport: Transport,
  rules: JudgeRules,
  validator: ResponseValidator,
  context: { tag: string; schemes: Schemes; basicNames: CredentialNames },
): Promise<void> {
  const credentials = options.unauthenticatedOnly ? undefined : options.credentials;
  const stateless = options.stateless ?? false;
  for (const probe of probes(base, credentials, { stateless, ...context })) {
    if (!probe.applies) {
      report.notes.push(`probe ${probe.kind} not applicable: ${probe.reason}`);
      continue;
    }
    const request = probe.request;
    const answer = await send(request, transport);
    report.requests++;
    const judged = judge(base.op, answer, probe.expect, validator, rules);
    for (const p of judged.problems)
      report.findings.push({
        operationId: base.op.operationId,
        kind: p.kind,
        message: p.message,
        source: `probe ${probe.kind}: ${probe.description}`,
        status: judged.status,
        curl: curlOf(request, transport),
      });
  }
}

/**
 * With --only: the first workflow (discovery), the workflows that involve those operations,
 * and the ones they take values from.
 */
function workflowsFor(workflows: Workflow[], only: string[] | undefined): Workflow[] {
  if (!only) return workflows;
  const stepHome = new Map<string, Workflow>();
  for (const w of workflows) for (const s of w.steps) stepHome.set(s.stepId, w);
  const wanted = new Set(
    workflows.filter((w) =>
      w.steps.some(
        (s) =>
          only.includes(s.operationId) || s.checks.some((c) => c.about && only.includes(c.about)),
      ),
    ),
  );
  // The first file discovers the server (its feature level) and the user: it always runs.
  if (workflows[0]) wanted.add(workflows[0]);
  const queue = [...wanted];
  while (queue.length > 0) {
    const w = queue.pop()!;
    for (const s of w.steps) {
      const refs = referencedSteps([
        s.parameters,
        s.payload,
        s.when?.condition,
        s.checks,
        s.outputs,
        s.readBack,
      ]);
      for (const ref of refs) {
        const home = stepHome.get(ref);
        if (home && !wanted.has(home)) {
          wanted.add(home);
          queue.push(home);
        }
      }
    }
  }
  return workflows.filter((w) => wanted.has(w));
}

/** What a family of probes found and sent, added to the operation's report. */
function addProbed(report: OperationReport, probed: ProbeResult): void {
  report.findings.push(...probed.findings);
  report.notes.push(...probed.notes);
  report.requests += probed.requests;
}

function summarize(operations: OperationReport[]): RunReport['summary'] {
  const count = (o: Outcome) => operations.filter((op) => op.outcome === o).length;
  return {
    operations: operations.length,
    passed: count('pass'),
    failed: count('fail'),
    skipped: count('skip'),
    requests: operations.reduce((n, op) => n + op.requests, 0),
    violations: operations.reduce((n, op) => n + op.findings.length, 0),
  };
}
