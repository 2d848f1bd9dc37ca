/**
 * What a mock of any OpenAPI document needs, made in memory from the one model: the operation
 * table, base path, security schemes, refusal shape and level table (what generated/operations.ts
 * prints), the document Prism is fed (model/views/prism.ts), each operation's examples with the
 * status they are served with, and the fake-data table (what generated/msw-fake.ts prints).
 * Nothing is written to disk and nothing is compiled, so a mock of GitHub's 1223 operations
 * starts in the time the model takes to load; the same projections the generator prints, so the
 * mock never re-decides a name or a status.
 */
import { loadContract, type LoadOptions } from '../generator/load/index.js';
import { formatProblem } from '../generator/common/contract-error.js';
import type { ApiModel } from '../generator/model/types.js';
import { servableExampleValue } from '../generator/model/views/example-value.js';
import { buildLevelTable } from '../generator/model/levels.js';
import { schemesInUse } from '../generator/model/security.js';
import { exampleStatuses as statusesOf, prismView } from '../generator/model/views/prism.js';
import { exampleAnswers, fakeTable } from '../generator/emit/msw.js';
import type { LevelTable } from '../runtime/feature-levels.js';
import type { FakeTable } from '../runtime/msw-fake.js';
import type { AuthScheme, OperationInfo, RefusalShape } from '../runtime/operation-info.js';

export interface ExampleAnswer {
  name: string;
  status: number;
  body: unknown;
}

export interface ContractTables {
  /** the contract's title, for the banner */
  title: string;
  operations: Record<string, OperationInfo>;
  basePath: string;
  authSchemes: Record<string, AuthScheme>;
  refusals: RefusalShape;
  levels: LevelTable;
  /** operationId → its JSON examples, with the status each is served with */
  examples: Record<string, ExampleAnswer[]>;
  /** operationId → example name → status (`x-mock-examples` of the Prism document) */
  exampleStatuses: Record<string, Record<string, number>>;
  /** the document Prism's engine is fed; made on first use (only the Prism engine asks) */
  prismDocument(): Record<string, unknown>;
  /** response schemas for made-up answers; made on first use (only the fake engine asks) */
  fakeTable(): FakeTable;
}

export type TablesResult =
  { ok: true; tables: ContractTables; model: ApiModel } | { ok: false; problems: string[] };

/** Loads the contract (file, line and pointer for each problem) and projects its tables. */
export async function contractTables(file: string, opts: LoadOptions = {}): Promise<TablesResult> {
  const loaded = await loadContract(file, opts);
  if (!loaded.ok) return { ok: false, problems: loaded.problems.map(formatProblem) };
  const model = loaded.contract.model;
  return { ok: true, tables: tablesOf(model), model };
}

/** An example as it can be served (a value written as a `$ref`, resolved), or none. */
function servable(example: ExampleAnswer, model: ApiModel): ExampleAnswer[] {
  const served = servableExampleValue(model, example.body);
  return served.ok ? [{ ...example, body: served.value }] : [];
}

export function tablesOf(model: ApiModel): ContractTables {
  const operations: Record<string, OperationInfo> = {};
  const examples: Record<string, ExampleAnswer[]> = {};
  const exampleStatuses: Record<string, Record<string, number>> = {};
  for (const op of model.operations) {
    operations[op.id] = op.runtime;
    examples[op.id] = exampleAnswers(op).flatMap((e) => servable(e, model));
    exampleStatuses[op.id] = statusesOf(op.responses);
  }
  let prism: Record<string, unknown> | undefined;
  let fake: FakeTable | undefined;
  return {
    title: `${model.info.title} ${model.info.version}`,
    operations,
    basePath: model.servers[0]?.basePath ?? '',
    authSchemes: schemesInUse(model.securitySchemes, [
      model.defaultAuthAlternatives,
      ...model.operations.map((op) => op.authAlternatives),
    ]),
    refusals: model.errorConventions.refusal,
    levels: buildLevelTable(model),
    examples,
    exampleStatuses,
    prismDocument: () => (prism ??= prismView(model, 'tms-gen mock')),
    fakeTable: () => (fake ??= fakeTable(model) as FakeTable),
  };
}
