/**
 * Fault injection for front-end work (`tms-gen mock --latency 100-800 --fail-rate 0.1`): an
 * engine wrapped so that each answer waits a delay drawn from a range, and a share of the
 * requests is answered with one of the operation's documented error responses instead (asked of
 * the engine itself, as `Prefer: code=<status>` would, so the error body is the contract's).
 * Seeded: the same seed gives the same delays and the same failures in the same order. Off by
 * default; requests that ask for something with `Prefer` are never failed on purpose.
 */
import { createRandom } from '../runtime/msw-fake.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import type { PrismEngine } from './prism/prism-engine.js';

export interface Faults {
  /** each answer waits between these many milliseconds (inclusive) */
  latencyMs?: [number, number];
  /** share of requests (0 to 1) answered with a documented error response */
  failRate?: number;
  seed: string;
}

export function withFaults(
  engine: PrismEngine,
  operations: Record<string, OperationInfo>,
  faults: Faults,
): PrismEngine {
  const random = createRandom(faults.seed);
  const [low, high] = faults.latencyMs ?? [0, 0];
  const failRate = faults.failRate ?? 0;
  if (high === 0 && failRate === 0) return engine;
  return {
    async respond(request) {
      const delay = low + Math.floor(random() * (high - low + 1));
      const draw = random();
      const errors = Object.hasOwn(operations, request.operationId)
        ? errorStatuses(operations[request.operationId].statuses)
        : [];
      const asked = Object.keys(request.preference).length > 0;
      const fail = !asked && errors.length > 0 && draw < failRate;
      const code = fail ? errors[Math.floor(random() * errors.length)] : undefined;
      if (delay > 0) await new Promise((ok) => setTimeout(ok, delay));
      return engine.respond(code === undefined ? request : { ...request, preference: { code } });
    },
  };
}

/**
 * The error statuses an operation documents, as numbers (`4XX` as 400, `5XX` as 500); `default`
 * (as 500) only where nothing more precise is documented.
 */
export function errorStatuses(statuses: string[]): number[] {
  const out = new Set<number>();
  for (const s of statuses) {
    if (/^[45]\d\d$/.test(s)) out.add(Number(s));
    else if (/^[45]XX$/i.test(s)) out.add(Number(s[0]) * 100);
  }
  if (out.size === 0 && statuses.includes('default')) out.add(500);
  return [...out].sort((a, b) => a - b);
}

/** `--latency 200` or `--latency 100-800` as a range of milliseconds; undefined when malformed. */
export function parseLatency(text: string): [number, number] | undefined {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text.trim());
  if (!match) return undefined;
  const low = Number(match[1]);
  const high = match[2] === undefined ? low : Number(match[2]);
  return low <= high ? [low, high] : undefined;
}

/** `--fail-rate 0.1` or `10%`; undefined unless within 0 to 1. */
export function parseFailRate(text: string): number | undefined {
  const percent = text.trim().endsWith('%');
  const n = Number(percent ? text.trim().slice(0, -1) : text);
  const rate = percent ? n / 100 : n;
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : undefined;
}
