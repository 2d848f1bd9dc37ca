/**
 * The mock's other engine, behind the same front as Prism's (prism-engine.ts's `respond`): the
 * contract's own examples, else a value made up from the response schema by the fake-data code
 * the MSW handlers use (runtime/msw-fake.ts). It reads the tables the model projects
 * (contract-tables.ts) and nothing else, so it starts at once on documents where Prism's own
 * loading takes most of a minute (GitHub's: bench/results/mock-start.md).
 *
 * It answers `Prefer` as Prism does: `example=<name>` (the front has added its status as
 * `code`), `code=<status>` (that status's first example, else a made-up body), `dynamic=true`
 * (made up even where an example exists), `seed=<text>` (another made-up value). Without a
 * preference: the first example of the lowest documented success status, else a made-up body.
 */
import { fakeAnswer } from '../runtime/msw-fake.js';
import type { ContractTables } from './contract-tables.js';
import type { EngineAnswer, EngineRequest, PrismEngine } from './prism/prism-engine.js';

export interface FakeEngineOptions {
  /** made-up bodies even where the contract has an example (`--dynamic`) */
  dynamic?: boolean;
  /** seed of made-up values; the same seed, operation and status give the same body */
  seed?: string;
}

export function createFakeEngine(
  tables: ContractTables,
  options: FakeEngineOptions = {},
): PrismEngine {
  return {
    respond: (request) => Promise.resolve(answer(tables, request, options)),
  };
}

function answer(
  tables: ContractTables,
  request: EngineRequest,
  options: FakeEngineOptions,
): EngineAnswer {
  const id = request.operationId;
  const op = Object.hasOwn(tables.operations, id) ? tables.operations[id] : undefined;
  if (!op) return problem(500, 'Unknown operation', `the contract has no operation ${id}`);
  const p = request.preference;
  const examples = tables.examples[id] ?? [];
  if (p.exampleKey !== undefined) {
    const example = examples.find((e) => e.name === p.exampleKey);
    if (example) return json(example.status, example.body);
    return problem(404, 'No such example', `${id} has no example named ${p.exampleKey}`);
  }
  const status = p.code ?? lowestSuccess(op.statuses);
  if (status === undefined)
    return problem(404, 'No success response', `${id} documents no 2XX response`);
  if (!documents(op.statuses, status))
    return problem(404, 'Status not documented', `${id} documents no ${status} response`);
  const dynamic = p.dynamic ?? options.dynamic ?? false;
  const example = dynamic ? undefined : examples.find((e) => e.status === status);
  if (example) return json(status, example.body);
  const made = fakeAnswer(tables.fakeTable(), id, status, p.seed ?? options.seed ?? 'tms');
  if (made) return json(made.status, made.body);
  // A documented status without a JSON body (204, a download): the status alone.
  return { ok: true, status, headers: {}, body: undefined };
}

/** The lowest success status the operation documents (`2XX` stands for 200). */
function lowestSuccess(statuses: string[]): number | undefined {
  const success = statuses
    .filter((s) => /^2(\d\d|XX)$/i.test(s))
    .map((s) => (/XX$/i.test(s) ? 200 : Number(s)));
  return success.length > 0 ? Math.min(...success) : undefined;
}

/** Whether `status` is documented exactly, by its range, or by `default`. */
function documents(statuses: string[], status: number): boolean {
  const text = String(status);
  return statuses.some((s) => s === text || s.toUpperCase() === `${text[0]}XX` || s === 'default');
}

function json(status: number, body: unknown): EngineAnswer {
  return {
    ok: true,
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body,
  };
}

function problem(status: number, title: string, detail: string): EngineAnswer {
  return { ok: false, status, title, detail };
}
