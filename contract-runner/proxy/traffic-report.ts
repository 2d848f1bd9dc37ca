/**
 * What the proxy saw, as the runner's report (contract-runner/report.ts writes it as a table,
 * JSON and JUnit): one entry per operation of the contract, failed when any exchange of it broke
 * the contract, skipped when no traffic reached it; requests no operation matches are reported
 * under `(no operation)`; the coverage the traffic reached, counted as the runner counts its own
 * (coverage.ts). No credentials are kept: findings name the method and path only.
 */
import type { ApiModel } from '../../generator/model/types.js';
import { coverage, type Seen } from '../coverage.js';
import type { Finding } from '../findings.js';
import type { OperationReport, RunReport } from '../run.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import type { Exchange, ExchangeVerdict } from './verdict.js';

const NO_OPERATION = '(no operation)';

export interface TrafficReport {
  /** records one judged exchange; the finding lines to print at once */
  add(exchange: Exchange, verdict: ExchangeVerdict): string[];
  violations(): number;
  report(durationMs: number): RunReport;
}

export function createTrafficReport(
  model: Pick<ApiModel, 'operations' | 'newestLevel'>,
  operations: Record<string, OperationInfo>,
  upstream: string,
  featureLevel: number,
): TrafficReport {
  const seen = new Map<string, { requests: number; findings: Finding[] }>();
  const exchanges: Seen[] = [];
  let violations = 0;
  return {
    add(exchange, verdict) {
      const id = verdict.operationId ?? NO_OPERATION;
      const entry = seen.get(id) ?? { requests: 0, findings: [] };
      seen.set(id, entry);
      entry.requests++;
      if (verdict.operationId !== undefined)
        exchanges.push({
          operationId: verdict.operationId,
          values: verdict.values,
          status: exchange.answer.status,
          code: verdict.code,
        });
      const source = `${exchange.method} ${exchange.path}${exchange.query ? `?${exchange.query}` : ''} → ${exchange.answer.status ?? 'no answer'}`;
      violations += verdict.problems.length;
      return verdict.problems.map((p) => {
        // The runner's kinds, and the proxy's two about requests (request-invalid, undocumented-operation).
        entry.findings.push({
          operationId: id,
          kind: p.kind as Finding['kind'],
          message: p.message,
          source,
          status: exchange.answer.status,
        });
        return `VIOLATION ${id} [${p.kind}] ${p.message}\n     from ${source}`;
      });
    },
    violations: () => violations,
    report(durationMs) {
      const ids = [...Object.keys(operations), ...(seen.has(NO_OPERATION) ? [NO_OPERATION] : [])];
      const reports: OperationReport[] = ids.map((id) => {
        const op = Object.hasOwn(operations, id) ? operations[id] : undefined;
        const entry = seen.get(id);
        return {
          operationId: id,
          method: op?.method ?? '*',
          path: op?.path ?? '*',
          outcome: !entry ? 'skip' : entry.findings.length > 0 ? 'fail' : 'pass',
          reasons: entry ? [] : ['no traffic reached it through the proxy'],
          findings: entry?.findings ?? [],
          notes: [],
          requests: entry?.requests ?? 0,
        };
      });
      const count = (outcome: string) => reports.filter((r) => r.outcome === outcome).length;
      return {
        baseUrl: upstream,
        seed: 0,
        maxExamples: 0,
        featureLevel,
        flags: ['proxy'],
        durationMs,
        operations: reports,
        coverage: coverage(model, operations, Object.keys(operations), exchanges, featureLevel),
        summary: {
          operations: reports.length,
          passed: count('pass'),
          failed: count('fail'),
          skipped: count('skip'),
          requests: reports.reduce((n, r) => n + r.requests, 0),
          violations,
        },
      };
    },
  };
}
