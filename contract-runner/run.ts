/**
 * One run of the contract tests against a live server: for every operation, its valid requests
 * and its negative probes, each answer judged (check.ts). Requests go one at a time: the server
 * under test may be a real one.
 */
import type { ApiModel } from '../generator/model/types.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import { probes, validCases, type ProbeKind, type RequestInput } from './cases.js';
import { judge, type Outcome, type ResponseValidator } from './check.js';
import {
  sendWire,
  wireRequest,
  type Credentials,
  type HttpResult,
  type SendContext,
} from './send.js';

export interface RunOptions {
  baseUrl: string;
  credentials?: Credentials;
  /** operationIds to run (all when absent) */
  only?: string[];
  /** skip operations that change state (every method but GET) */
  readOnly?: boolean;
  timeoutMs?: number;
  /** how valid requests are sent; default: the wire model's encoder + fetch */
  callValid?: (op: OperationInfo, input: RequestInput, ctx: SendContext) => Promise<HttpResult>;
}

export interface CheckRecord {
  /** `valid` or the probe kind */
  kind: 'valid' | ProbeKind;
  /** e.g. `valid: example channel_message`, `wrong-type: 'num_before'=not-a-number` */
  name: string;
  outcome: Outcome;
  notes: string[];
  request?: { method: string; url: string };
  status?: number;
  ms: number;
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  outcome: Outcome;
  checks: CheckRecord[];
}

export interface RunReport {
  baseUrl: string;
  durationMs: number;
  operations: OperationReport[];
  summary: {
    operations: number;
    passed: number;
    warned: number;
    failed: number;
    skipped: number;
    checks: number;
    violations: number;
  };
}

export async function runContract(
  model: ApiModel,
  validator: ResponseValidator,
  options: RunOptions,
): Promise<RunReport> {
  const started = Date.now();
  const ctx: SendContext = {
    baseUrl: options.baseUrl,
    credentials: options.credentials,
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  const unknown = (options.only ?? []).filter((id) => !model.operations.some((op) => op.id === id));
  if (unknown.length > 0)
    throw new Error(`--only names no operation of the contract: ${unknown.join(', ')}`);
  const operations: OperationReport[] = [];
  for (const op of model.operations) {
    if (options.only && !options.only.includes(op.id)) continue;
    const info = op.runtime;
    const report: OperationReport = {
      operationId: op.id,
      method: info.method,
      path: op.path,
      outcome: 'pass',
      checks: [],
    };
    operations.push(report);
    if (options.readOnly && info.method !== 'GET') {
      report.checks.push({
        kind: 'valid',
        name: 'all',
        outcome: 'skip',
        notes: ['--read-only: the operation changes state'],
        ms: 0,
      });
      report.outcome = 'skip';
      continue;
    }
    const cases = validCases(op, model.document);
    for (const c of cases) {
      if (info.auth === 'required' && !options.credentials) {
        report.checks.push({
          kind: 'valid',
          name: `valid: ${c.name}`,
          outcome: 'skip',
          notes: ['needs credentials (--email, --api-key)'],
          ms: 0,
        });
        continue;
      }
      report.checks.push(
        await timed(
          'valid',
          `valid: ${c.name}`,
          () => (options.callValid ?? defaultCall)(info, c.input, ctx),
          (r) => judge(info, r, 'success', validator),
        ),
      );
    }
    // Probes change the first valid request, so that the one thing wrong is the probe's.
    const base = wireRequest(info, cases[0].input);
    for (const probe of probes(op)) {
      if (!probe.applies) {
        report.checks.push({
          kind: probe.kind,
          name: probe.kind,
          outcome: 'skip',
          notes: [probe.reason],
          ms: 0,
        });
        continue;
      }
      const request = probe.mutate(base);
      if (request.auth === 'valid' && info.auth === 'required' && !options.credentials) {
        report.checks.push({
          kind: probe.kind,
          name: `${probe.kind}: ${probe.description}`,
          outcome: 'skip',
          notes: ['needs credentials (--email, --api-key)'],
          ms: 0,
        });
        continue;
      }
      report.checks.push(
        await timed(
          probe.kind,
          `${probe.kind}: ${probe.description}`,
          () => sendWire(request, ctx),
          (r) => judge(info, r, 'error', validator),
        ),
      );
    }
    report.outcome = worst(report.checks.map((c) => c.outcome));
  }
  return {
    baseUrl: options.baseUrl,
    durationMs: Date.now() - started,
    operations,
    summary: summarize(operations),
  };
}

function defaultCall(
  op: OperationInfo,
  input: RequestInput,
  ctx: SendContext,
): Promise<HttpResult> {
  return sendWire(wireRequest(op, input), ctx);
}

async function timed(
  kind: CheckRecord['kind'],
  name: string,
  send: () => Promise<HttpResult>,
  decide: (r: HttpResult) => { outcome: Outcome; notes: string[] },
): Promise<CheckRecord> {
  const t0 = performance.now();
  const result = await send();
  const ms = Math.round(performance.now() - t0);
  let verdict: { outcome: Outcome; notes: string[] };
  try {
    verdict = decide(result);
  } catch (error) {
    verdict = {
      outcome: 'fail',
      notes: [`could not judge the answer: ${(error as Error)?.message ?? String(error)}`],
    };
  }
  return { kind, name, ...verdict, request: result.request, status: result.status, ms };
}

function worst(outcomes: Outcome[]): Outcome {
  if (outcomes.includes('fail')) return 'fail';
  if (outcomes.includes('warn')) return 'warn';
  if (outcomes.length > 0 && outcomes.every((o) => o === 'skip')) return 'skip';
  return 'pass';
}

function summarize(operations: OperationReport[]): RunReport['summary'] {
  const count = (o: Outcome) => operations.filter((op) => op.outcome === o).length;
  const checks = operations.flatMap((op) => op.checks);
  return {
    operations: operations.length,
    passed: count('pass'),
    warned: count('warn'),
    failed: count('fail'),
    skipped: count('skip'),
    checks: checks.filter((c) => c.outcome !== 'skip').length,
    violations: checks.filter((c) => c.outcome === 'fail').length,
  };
}
