/** What every runner test needs: the model, the generated table and validators, the scenarios. */
import { resolve } from 'node:path';
import { loadGenerated } from '../../contract-runner/cli.js';
import { loadGeneratedClient, sendThroughClient } from '../../contract-runner/client-call.js';
import {
  runContract,
  type RunInputs,
  type RunOptions,
  type RunReport,
} from '../../contract-runner/run.js';
import { loadScenarios } from '../../contract-runner/scenario/load.js';
import { basicCredentials, type StatefulServer } from './servers.js';
import { loadOrThrow } from '../load-contract.js';

export async function loadRunnerInputs(): Promise<
  RunInputs & { sendValid: RunOptions['sendValid'] }
> {
  const contract = await loadOrThrow();
  const generated = await loadGenerated(resolve('generated'));
  const scenarios = loadScenarios(
    resolve('contract-runner/scenarios'),
    Object.keys(generated.operations),
  );
  if (!scenarios.ok) throw new Error(JSON.stringify(scenarios.problems));
  const client = await loadGeneratedClient(resolve('generated'));
  return {
    model: contract.model,
    ...generated,
    workflows: scenarios.workflows,
    sendValid: client ? sendThroughClient(client) : undefined,
  };
}

/** The owner's run against a stateful server, with everything a full run can use. */
/** The runner's wait for an answer in the tests: a hang guard far above any loopback answer. */
export const RUNNER_TIMEOUT_MS = 20_000;

export function ownerOptions(server: StatefulServer, extra: Partial<RunOptions> = {}): RunOptions {
  return {
    baseUrl: server.baseUrl,
    credentials: basicCredentials(server.owner),
    password: server.owner.password,
    inputs: { draft_id: String(server.draftId) },
    seed: 14,
    maxExamples: 3,
    timeoutMs: RUNNER_TIMEOUT_MS,
    rules: { authStatus: 401 },
    ...extra,
  };
}

export const failed = (report: RunReport) =>
  report.operations.filter((o) => o.outcome === 'fail').map((o) => o.operationId);

export { runContract };
