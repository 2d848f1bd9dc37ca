/**
 * The fault suite: each faulty server (faults.ts) is the stateful mock with one planted fault;
 * the runner, limited to the planted operation (`only`), must fail that operation with exactly
 * the planted finding (kind and message), every one of them. Servers run in-process, a few at a
 * time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable } from '../../contract-runner/report.js';
import type { RunReport } from '../../contract-runner/run.js';
import { FAULTS, type Fault } from './faults.js';
import { loadRunnerInputs, ownerOptions, runContract } from './harness.js';
import { basicCredentials, startStateful } from './servers.js';

type Inputs = Awaited<ReturnType<typeof loadRunnerInputs>>;
const results = new Map<string, RunReport | Error>();
const started = Date.now();
let seconds = 0;
/**
 * The runner's wait for an answer. A server of the suite answers in milliseconds: ANSWER_MS is far
 * above that, so a busy machine cannot turn a slow answer into a finding. A server that never
 * answers is caught by any wait, so the hang faults use a short one to keep the suite quick.
 */
const ANSWER_MS = 20_000;
const HANG_MS = 1_000;

async function runFault(inputs: Inputs, fault: Fault): Promise<RunReport> {
  const server = await startStateful(
    {
      ...(fault.options ?? {}),
      ...(fault.handlers ? { overrideHandlers: fault.handlers } : {}),
    },
    fault.wrap,
  );
  try {
    return await runContract(
      inputs,
      ownerOptions(server, {
        only: [fault.operation],
        allowDestructive: fault.allowDestructive ?? false,
        other: fault.other ? basicCredentials(server.other) : undefined,
        rules: fault.authStatus ? { authStatus: fault.authStatus } : {},
        timeoutMs: fault.violation === 'no-answer' ? HANG_MS : ANSWER_MS,
        maxExamples: 3,
        sendValid: inputs.sendValid,
      }),
    );
  } finally {
    await server.stop();
  }
}

beforeAll(async () => {
  const inputs = await loadRunnerInputs();
  const queue = [...FAULTS];
  const worker = async () => {
    for (let fault = queue.shift(); fault; fault = queue.shift()) {
      try {
        results.set(fault.name, await runFault(inputs, fault));
      } catch (error) {
        results.set(fault.name, error as Error);
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  seconds = (Date.now() - started) / 1000;
}, 180_000);

afterAll(() => {
  if (process.env.CI !== 'true')
    console.log(`fault suite: ${FAULTS.length} faulty servers in ${seconds.toFixed(1)} s`);
});

describe('the fault suite', () => {
  it('has at least 25 distinct faulty servers, each naming its operation and violation', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
  });

  it.each(FAULTS.map((f) => [f.name, f] as const))('%s', (_, fault) => {
    const report = results.get(fault.name);
    if (report instanceof Error) throw report;
    const op = report!.operations.find((o) => o.operationId === fault.operation)!;
    // The operation fails, with the planted finding: its kind and its message.
    expect(op.outcome, formatTable(report!)).toBe('fail');
    const planted = op.findings.find(
      (f) => f.kind === fault.violation && fault.message.test(f.message),
    );
    expect(
      planted,
      `no ${fault.violation} finding matching ${fault.message}:\n${formatTable(report!)}`,
    ).toBeDefined();
    // Every finding carries what a QA engineer needs to reproduce it.
    if (fault.violation !== 'success-not-reached') expect(planted!.curl).toMatch(/^curl /);
  });
});
