/**
 * What the run exercised, out of what the contract documents: operations (a success reached),
 * parameters and enum values (sent in a request that succeeded), documented response statuses
 * and error codes (answered). Counted from every request and its answer (`Transport.observe`),
 * whoever sent it: scenarios, probes, generated requests. Printed, in the JSON and JUnit
 * reports, and a gate (`--min-coverage`): CI can require a minimum, and sees what is missing
 * by name. Parameters and enum values the server's feature level does not have are left out (the
 * runner never sends them, by at-level.ts's one rule), so a full run can reach 100%.
 */
import { enumValuesAt, existsAtLevel } from '../generator/model/at-level.js';
import type { ApiModel, ErrorShape } from '../generator/model/types.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import { errorFields } from './error-fields.js';
import type { Answer, PlannedRequest } from './request.js';

export const COVERAGE_KINDS = [
  'operations',
  'parameters',
  'enumValues',
  'statuses',
  'errorCodes',
] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

export interface CoverageCount {
  covered: number;
  total: number;
  /** what was not exercised, by name (`getMessages.narrow`, `sendMessage type=private`) */
  uncovered: string[];
}

export interface Coverage {
  kinds: Record<CoverageKind, CoverageCount>;
  /** every item of every kind together */
  total: { covered: number; total: number };
  /** `--min-coverage`: what falls short (`parameters 61.2% < 80%`); empty when met or none set */
  shortfalls: string[];
}

/** One observed exchange, as coverage needs it. */
export interface Seen {
  operationId: string;
  values: Record<string, unknown>;
  status?: number;
  code?: string;
}

/** Collects exchanges as they happen; `coverage` counts them at the end. */
export function coverageRecorder(shape: ErrorShape | undefined) {
  const seen: Seen[] = [];
  return {
    observe(request: PlannedRequest, answer: Answer): void {
      const { path, query, body } = request.input;
      let code: string | undefined;
      if (answer.status !== undefined && answer.status >= 300)
        try {
          code = errorFields(JSON.parse(answer.text ?? ''), shape).code;
        } catch {
          code = undefined;
        }
      seen.push({
        operationId: request.op.operationId,
        values: { ...path, ...query, ...body },
        status: answer.status,
        code,
      });
    },
    seen: () => seen,
  };
}

const success = (s: Seen) => s.status !== undefined && s.status >= 200 && s.status < 300;
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(texts) : value === undefined ? [] : [String(value)];

/**
 * The coverage of `ids` (the operations reported on) by what was seen, counting what a server at
 * `level` has (undefined: a server of today, at the contract's newest level).
 */
export function coverage(
  model: Pick<ApiModel, 'operations' | 'newestLevel'>,
  operations: Record<string, OperationInfo>,
  ids: string[],
  seen: Seen[],
  level: number | undefined,
  minimum: MinCoverage = {},
): Coverage {
  const newest = model.newestLevel;
  const kinds = Object.fromEntries(
    COVERAGE_KINDS.map((k) => [k, { covered: 0, total: 0, uncovered: [] as string[] }]),
  ) as Record<CoverageKind, CoverageCount>;
  const count = (kind: CoverageKind, covered: boolean, name: string) => {
    kinds[kind].total++;
    if (covered) kinds[kind].covered++;
    else kinds[kind].uncovered.push(name);
  };
  for (const id of ids) {
    const op = operations[id];
    const mine = seen.filter((s) => s.operationId === id);
    const ok = mine.filter(success);
    count('operations', ok.length > 0, id);
    const parameters = model.operations.find((o) => o.id === id)?.parameters ?? [];
    for (const p of parameters.filter((p) => existsAtLevel(p, level, newest))) {
      count(
        'parameters',
        ok.some((s) => Object.hasOwn(s.values, p.name)),
        `${id}.${p.name}`,
      );
      for (const e of enumValuesAt(p, level, newest)) {
        const text = String(e.value);
        count(
          'enumValues',
          ok.some((s) => texts(s.values[p.name]).includes(text)),
          `${id}.${p.name}=${text}`,
        );
      }
    }
    const statuses = mine.flatMap((s) => (s.status !== undefined ? [s.status] : []));
    for (const documented of op.statuses)
      count(
        'statuses',
        statuses.some((s) => statusMatches(op.statuses, documented, s)),
        `${id} ${documented}`,
      );
    for (const code of op.errorCodes)
      count(
        'errorCodes',
        mine.some((s) => s.code === code),
        `${id} ${code}`,
      );
  }
  const total = COVERAGE_KINDS.reduce(
    (t, k) => ({ covered: t.covered + kinds[k].covered, total: t.total + kinds[k].total }),
    { covered: 0, total: 0 },
  );
  return { kinds, total, shortfalls: shortfalls(kinds, total, minimum) };
}

/** Whether answered `status` is the documented `entry` (`200`, `4XX`, or `default`: none else). */
function statusMatches(documented: string[], entry: string, status: number): boolean {
  const text = String(status);
  if (entry === text) return true;
  if (entry === `${text[0]}XX`) return !documented.includes(text);
  return entry === 'default' && !documented.includes(text) && !documented.includes(`${text[0]}XX`);
}

/** `--min-coverage`: percentages by kind, `all` for every item together. */
export type MinCoverage = Partial<Record<CoverageKind | 'all', number>>;

/** `80` (all items together) or `parameters=80,operations=100`; throws a usage message. */
export function parseMinCoverage(text: string | undefined): MinCoverage {
  if (text === undefined) return {};
  const out: MinCoverage = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, value] = part.includes('=') ? part.split('=', 2) : ['all', part];
    const kind = name.trim() as CoverageKind | 'all';
    const percent = Number(value);
    if (kind !== 'all' && !(COVERAGE_KINDS as readonly string[]).includes(kind))
      throw new Error(`--min-coverage: '${name}' is not one of all, ${COVERAGE_KINDS.join(', ')}`);
    if (!/^\d+(\.\d+)?$/.test(value.trim()) || percent > 100)
      throw new Error(`--min-coverage: '${value}' is not a percentage (0-100)`);
    out[kind] = percent;
  }
  return out;
}

export const percent = (c: { covered: number; total: number }) =>
  c.total === 0 ? 100 : (100 * c.covered) / c.total;

function shortfalls(
  kinds: Record<CoverageKind, CoverageCount>,
  total: { covered: number; total: number },
  minimum: MinCoverage,
): string[] {
  const out: string[] = [];
  for (const [name, min] of Object.entries(minimum)) {
    const have = percent(name === 'all' ? total : kinds[name as CoverageKind]);
    if (min !== undefined && have < min) out.push(`${name} ${have.toFixed(1)}% < ${min}%`);
  }
  return out;
}
