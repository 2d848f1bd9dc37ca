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
  type Answer,
  type Credentials,
  type PlannedRequest,
  type Transport,
} from './request.js';
import { runScenarios, type OperationState } from './scenario/execute.js';
import {
  lastSegment,
  pointerGet,
  referencedSteps,
  type StepRecord,
} from './scenario/expressions.js';
import type { Workflow } from './scenario/format.js';
import { linkFeeds } from './scenario/from-model.js';
import { locationCandidates, type OperationLink } from '../generator/model/links.js';
import type { CredentialNames } from '../generator/model/security.js';
import { basicNamesOf, inputOf, secretsOf, type Schemes } from './credentials.js';
import { serverUrl } from './base-url.js';
import { redactMessage } from './redact.js';
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
  sendValid?: (request: PlannedRequest, transport: Transport) => Promise<Answer>;
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
  links?: (OperationLink & { exercised: boolean; atRunTime?: boolean })[];
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
  /** links between operations the workflows were chained by (a contract without scenarios) */
  links?: OperationLink[];
}

export function runTag(seed: number): string {
  return `t${(seed >>> 0).toString(36)}`;
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
  const timeoutMs = options.timeoutMs ?? 10_000;
  const recorder = coverageRecorder(inputs.model.errorConventions.shape);
  if (baseUrl !== options.baseUrl.replace(/\/+$/, ''))
    options.progress?.(`requests go to ${baseUrl} (the contract's server path added)`);
  const transport: Transport = {
    baseUrl,
    timeoutMs,
    onSend: options.onSend,
    observe: recorder.observe,
    secrets: {
      ...secretsOf(options.credentials, '', basicNames),
      ...secretsOf(options.other, 'OTHER_', basicNames),
      ...(options.password ? { [options.password]: '<PASSWORD>' } : {}),
    },
  };
  const schemes = schemesOf(inputs.model);
  const rules: JudgeRules = {
    errors: inputs.model.errorConventions,
    codeStatuses: Object.fromEntries(
      inputs.model.operations.map((op) => [
        op.id,
        errorStatusesOf(op, inputs.model.errorConventions.shape),
      ]),
    ),
    ...options.rules,
  };
  const tag = runTag(options.seed);
  // The pair as scenarios ask for it, by the contract's names: ours `$inputs.email`,
  // `$inputs.api_key`, `$inputs.other_email`...; another document `$inputs.username`...
  const user = inputOf(basicNames.user);
  const password = inputOf(basicNames.password);
  const scenarioInputs: Record<string, unknown> = {
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
  const scenario = await runScenarios(
    workflowsFor(inputs.workflows, options.only),
    inputs.operations,
    inputs.validator,
    {
      credentials: options.unauthenticatedOnly ? undefined : options.credentials,
      other: options.other,
      inputs: scenarioInputs,
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
  const atLevel =
    level !== undefined && inputs.levels
      ? levelView(inputs.levels, level).operationsAt(inputs.operations)
      : inputs.operations;
  const levelRules: JudgeRules =
    level !== undefined && inputs.levels
      ? { ...rules, level: { level, table: inputs.levels } }
      : rules;
  // Both "each optional parameter alone" families send and judge alike.
  const aloneOptions = {
    transport,
    validator: inputs.validator,
    rules: levelRules,
    featureLevel: scenario.featureLevel,
    sendValid: options.sendValid,
  };

  const operations: OperationReport[] = [];
  for (const id of reported) {
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
    operations.push(report);
    if (options.skip?.includes(id)) {
      report.outcome = 'skip';
      report.reasons.push('skipped by --skip');
      report.findings = [];
      continue;
    }
    const parameters = inputs.model.operations.find((o) => o.id === id)?.parameters ?? [];
    if (state.base) {
      options.progress?.(`${id}: probes`);
      const base = atLevel[id] ? { ...state.base, op: atLevel[id] } : state.base;
      await runProbes(base, report, options, transport, levelRules, inputs.validator, {
        tag,
        schemes,
        basicNames,
      });
      const generated = await propertyProbes(base, parameters, {
        seed: options.seed,
        maxExamples: options.maxExamples,
        transport,
        validator: inputs.validator,
        rules: levelRules,
        featureLevel: scenario.featureLevel,
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
    links: inputs.links ? linksRun(inputs.model, inputs.links, scenario.records) : undefined,
    coverage: coverage(
      inputs.model,
      inputs.operations,
      reported,
      recorder.seen(),
      options.minCoverage,
    ),
    summary: summarize(operations),
  };
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

/**
 * The links found, each with whether a chain ran through it; a `Location` header no link of
 * the contract documents is listed when an answer had one and a chain followed it.
 */
function linksRun(
  model: ApiModel,
  links: OperationLink[],
  records: Map<string, StepRecord>,
): NonNullable<RunReport['links']> {
  const candidates = locationCandidates(model);
  const feeds = linkFeeds(links, candidates);
  const listed: NonNullable<RunReport['links']> = links.map((link) => ({
    ...link,
    exercised: exercised(link, feeds, records),
  }));
  for (const link of candidates) {
    const documented = links.some(
      (l) =>
        l.from === link.from &&
        l.to === link.to &&
        l.parameter === link.parameter &&
        'header' in l.value,
    );
    if (!documented && exercised(link, feeds, records))
      listed.push({ ...link, exercised: true, atRunTime: true });
  }
  return listed;
}

/**
 * The link fed its consumer's step: both steps succeeded, and the consumer sent in its path
 * what the producer answered where the link points (not the sample value it falls back to).
 */
function exercised(
  link: OperationLink,
  feeds: Map<string, OperationLink[]>,
  records: Map<string, StepRecord>,
): boolean {
  const from = records.get(link.from);
  const to = records.get(link.to);
  const fed = feeds.get(`${link.to} ${link.parameter}`) ?? [];
  if (!fed.some((f) => f.from === link.from && f.source === link.source) || !from?.ok || !to?.ok)
    return false;
  const given =
    'body' in link.value
      ? pointerGet(from.response?.body, link.value.body)
      : lastSegment(from.response?.headers?.[link.value.header] ?? '');
  return given !== undefined && String(to.request?.path?.[link.parameter]) === String(given);
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
