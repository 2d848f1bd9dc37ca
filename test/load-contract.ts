/**
 * A test's contract, loaded or the test fails with the loader's own problems (file, line,
 * pointer): the one place tests turn a failed load into an error, so a broken contract reads
 * the same in every file instead of "the contract does not load".
 */
import { formatProblem } from '../generator/common/contract-error.js';
import { loadContract, type LoadedContract, type LoadOptions } from '../generator/load/index.js';
import type { OperationInfo } from '../runtime/operation-info.js';

/** The project's own contract, the one most tests read. */
export const PROJECT_CONTRACT = 'openapi/openapi.yaml';

/** `file` (default: the project's contract) loaded; throws with every problem otherwise. */
export async function loadOrThrow(
  file: string = PROJECT_CONTRACT,
  options: LoadOptions = {},
): Promise<LoadedContract> {
  const loaded = await loadContract(file, options);
  if (!loaded.ok) {
    throw new Error(`${file} does not load:\n${loaded.problems.map(formatProblem).join('\n')}`);
  }
  return loaded.contract;
}

/** `file`'s operations as the servers' pipeline reads them (operationId → its runtime info). */
export async function operationTable(file: string): Promise<Record<string, OperationInfo>> {
  const { model } = await loadOrThrow(file, { skipSchemaCheck: true });
  return Object.fromEntries(model.operations.map((op) => [op.id, op.runtime]));
}
