/**
 * The runner without scenarios on a breadth document (links.test.ts, location-links.test.ts):
 * the links it infers and the sample chain through them, against a server the test gives. A
 * document's bindings are generated once per run, for every file that asks
 * (test/once-per-run.ts): the JSON storage document's serve both files.
 */
import { mkdirSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { loadGenerated } from '../../contract-runner/cli.js';
import {
  bodyKeysOf,
  loadGeneratedClient,
  sendThroughClient,
} from '../../contract-runner/client-call.js';
import { runContract, type RunOptions, type RunReport } from '../../contract-runner/run.js';
import { linkPlan, sampleWorkflow } from '../../contract-runner/scenario/from-model.js';
import type { ApiModel } from '../../generator/model/types.js';
import { fixtureBindings } from '../fixture-bindings.js';
import { loadOrThrow } from '../load-contract.js';
import { oncePerRun } from '../once-per-run.js';
import { sharedPath } from '../shared-folder.js';
import { serve } from './servers.js';

export interface BreadthBindings {
  model: ApiModel;
  /** the generated folder */
  out: string;
}

/** Each document's bindings, asked for once per test file (links.test.ts asks four times). */
const made = new Map<string, Promise<BreadthBindings>>();

/** A breadth document's model and its bindings (client, validators, server), made once per run. */
export function breadthBindings(file: string): Promise<BreadthBindings> {
  let bindings = made.get(file);
  if (!bindings) made.set(file, (bindings = makeBindings(file)));
  return bindings;
}

async function makeBindings(file: string): Promise<BreadthBindings> {
  const contract = sharedPath('specs', 'breadth', file);
  const out = await oncePerRun(`runner-${file.replace(/\W+/g, '-')}`, async (folder) => {
    mkdirSync(folder, { recursive: true });
    await fixtureBindings(contract, folder, 'types,operations,client,validators,server,runtime');
    return folder;
  });
  return { model: (await loadOrThrow(contract)).model, out };
}

/** What a chain run is given; `throughClient`: valid requests through the generated client. */
export type ChainOptions = Omit<RunOptions, 'seed' | 'maxExamples'> & { throughClient?: boolean };

/** One run of the sample chain through the inferred links: one example, destructive allowed. */
export async function runChain(
  { model, out }: BreadthBindings,
  { throughClient, ...options }: ChainOptions,
): Promise<RunReport> {
  const plan = linkPlan(model);
  const sendValid = throughClient
    ? sendThroughClient({ ...(await loadGeneratedClient(out))!, bodyKeys: bodyKeysOf(model) })
    : undefined;
  return runContract(
    { model, ...(await loadGenerated(out)), workflows: [sampleWorkflow(model, plan)], links: plan },
    { allowDestructive: true, seed: 5, maxExamples: 1, timeoutMs: 5000, sendValid, ...options },
  );
}

/** `runChain` against `listener`, served on a free port for the run (paths from the root). */
export async function runChainAgainst(
  bindings: BreadthBindings,
  listener: RequestListener,
  options: Omit<ChainOptions, 'baseUrl'>,
): Promise<RunReport> {
  const server = await serve(listener);
  try {
    return await runChain(bindings, {
      ...options,
      baseUrl: server.baseUrl.replace(/\/api\/v1$/, ''),
    });
  } finally {
    await server.stop();
  }
}

/** An operation's findings as `kind: message` lines. */
export const findingsOf = (report: RunReport, id: string): string[] =>
  report.operations
    .find((o) => o.operationId === id)!
    .findings.map((f) => `${f.kind}: ${f.message}`);
