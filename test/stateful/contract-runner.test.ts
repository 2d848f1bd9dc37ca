/**
 * Issue 6's end-to-end check: the contract-test runner, which knows nothing of the stateful
 * mock, passes against it: every operation answered as documented, every probe rejected with
 * the error envelope. And when one handler is broken, the runner catches exactly that one.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../generator/load.js';
import type { ApiModel } from '../../generator/model/types.js';
import * as validators from '../../generated/validators.js';
import { callThroughClient, loadClientModule } from '../../contract-runner/client-call.js';
import { formatTable } from '../../contract-runner/report.js';
import { runContract, type RunOptions } from '../../contract-runner/run.js';
import { ok } from '../../generated/server.js';
import { startMock, type MockRun } from './helpers.js';

let model: ApiModel;
let callValid: RunOptions['callValid'];
let run: MockRun | undefined;

beforeAll(async () => {
  const loaded = await loadContract('openapi/openapi.yaml');
  if (!loaded.ok) throw new Error('contract invalid');
  model = loaded.contract.model;
  const client = await loadClientModule('generated');
  callValid = client ? callThroughClient(client) : undefined;
});
afterEach(async () => {
  await run?.close();
  run = undefined;
});

function credentialsOf(r: MockRun) {
  // An administrator, so that administrator-only operations are exercised for real.
  const admin = [...r.mock.state.users.values()].find(
    (u) => u.role === 200 && u.is_active && !u.is_bot,
  )!;
  return { email: admin.email, apiKey: admin.api_key };
}

describe('the contract runner against the stateful mock', () => {
  it('passes every operation', async () => {
    run = await startMock();
    const report = await runContract(model, validators, {
      baseUrl: `${run.base}/api/v1`,
      credentials: credentialsOf(run),
      callValid,
    });
    expect(
      report.operations.filter((o) => o.outcome === 'fail').map((o) => o.operationId),
      formatTable(report),
    ).toEqual([]);
    expect(report.operations).toHaveLength(22);
  });

  it('catches a handler that answers the wrong shape (fault injection)', async () => {
    // The mock's own response validation is off, so the broken body reaches the wire.
    run = await startMock({
      validateResponses: false,
      overrideHandlers: () => ({
        getStreams: () => ok({ result: 'success', msg: '', streams: 'not a list' } as never),
      }),
    });
    const report = await runContract(model, validators, {
      baseUrl: `${run.base}/api/v1`,
      credentials: credentialsOf(run),
      callValid,
    });
    const failed = report.operations.filter((o) => o.outcome === 'fail');
    expect(failed.map((o) => o.operationId)).toEqual(['getStreams']);
    expect(JSON.stringify(failed[0].checks)).toContain('/streams');
  });
});
