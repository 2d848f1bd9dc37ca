/**
 * Issue 6's end-to-end check, kept: the contract runner, which knows nothing of the stateful
 * mock, passes against the mock as `npm run mock:stateful` seeds it (the owner's credentials;
 * what that seed cannot offer, an E2EE device or a draft ID, is reported skipped with the
 * reason). And when one handler is broken, the runner catches exactly that one.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatTable } from '../../contract-runner/report.js';
import { ok } from '../../generated/server.js';
import { failed, loadRunnerInputs, runContract } from '../contract-runner/harness.js';
import { startMock, type MockRun } from './helpers.js';

let inputs: Awaited<ReturnType<typeof loadRunnerInputs>>;
let run: MockRun | undefined;

beforeAll(async () => {
  inputs = await loadRunnerInputs();
});
afterEach(async () => {
  await run?.close();
  run = undefined;
});

function options(r: MockRun) {
  const owner = r.mock.credentials.find((c) => c.role === 'owner')!;
  return {
    baseUrl: `${r.base}/api/v1`,
    credentials: { basic: { user: owner.email, password: owner.apiKey } },
    password: owner.password,
    seed: 6,
    maxExamples: 2,
    timeoutMs: 2000,
    allowDestructive: true,
    sendValid: inputs.sendValid,
  };
}

describe('the contract runner against the stateful mock', () => {
  it('passes every operation the seeded owner can reach, and says why it skips the rest', async () => {
    run = await startMock();
    const report = await runContract(inputs, options(run));
    expect(failed(report), formatTable(report)).toEqual([]);
    expect(report.operations).toHaveLength(22);
    const skipped = Object.fromEntries(
      report.operations
        .filter((o) => o.outcome === 'skip')
        .map((o) => [o.operationId, o.reasons.join(' ')]),
    );
    expect(Object.keys(skipped).sort()).toEqual(['editDraft', 'testE2eePushNotification']);
    expect(skipped.editDraft).toMatch(/--input draft_id/);
    expect(skipped.testE2eePushNotification).toMatch(/no registered push device/);
  });

  it('catches a handler that answers the wrong shape (fault injection)', async () => {
    // The mock's own response validation is off, so the broken body reaches the wire.
    run = await startMock({
      validateResponses: false,
      overrideHandlers: () => ({
        getStreams: () => ok({ result: 'success', msg: '', streams: 'not a list' } as never),
      }),
    });
    const report = await runContract(inputs, { ...options(run), only: ['getStreams'] });
    expect(failed(report)).toEqual(['getStreams']);
    const finding = report.operations[0].findings.find((f) => f.kind === 'body-shape');
    expect(finding?.message).toContain('/streams');
  });
});
