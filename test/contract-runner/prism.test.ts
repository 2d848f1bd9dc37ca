/**
 * The runner against the Prism mock (started by the global setup). Prism answers examples and
 * keeps no state, so the run is `stateless`: scenarios still drive every operation they can
 * and every answer is judged against the contract, but semantic and privacy checks and the
 * wrong-credential probes (Prism takes any key) are reported as not checked. The verdict
 * there means "every answer conforms", not "the server does what it promises".
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatTable } from '../../contract-runner/report.js';
import { failed, loadRunnerInputs, runContract, RUNNER_TIMEOUT_MS } from './harness.js';

let inputs: Awaited<ReturnType<typeof loadRunnerInputs>>;
beforeAll(async () => {
  inputs = await loadRunnerInputs();
});

describe('against the Prism mock (--stateless)', () => {
  it('fails nothing, passes what stateless examples can reach, skips the rest with reasons', async () => {
    const baseUrl = inject('mockBaseUrl');
    if (!baseUrl) throw new Error(inject('mockError'));
    const report = await runContract(inputs, {
      baseUrl,
      credentials: { basic: { user: 'iago@example.com', password: 'abcd1234' } },
      password: 'any-password',
      stateless: true,
      allowDestructive: true,
      seed: 3,
      maxExamples: 2,
      timeoutMs: RUNNER_TIMEOUT_MS,
      sendValid: inputs.sendValid,
    });
    expect(failed(report), formatTable(report)).toEqual([]);
    expect(report.summary.passed).toBeGreaterThanOrEqual(12);
    for (const op of report.operations.filter((o) => o.outcome === 'skip'))
      expect(op.reasons.length, op.operationId).toBeGreaterThan(0);
    const notes = report.operations.flatMap((o) => o.notes).join('\n');
    expect(notes).toContain(
      'not checked (stateless server): a sent message comes back by ID with its content',
    );
    expect(notes).toMatch(/wrong-password not applicable: a stateless server/);
  });
});
