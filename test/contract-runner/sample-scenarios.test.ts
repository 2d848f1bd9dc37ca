/**
 * The runner on another contract with no scenarios of its own (`--contract` without
 * `--scenarios`): its steps are the operations' sample requests (the model's, as the docs show
 * them: contract-runner/scenario/from-model.ts), not our API's scenarios, which name operations
 * that document does not have. Against a Prism mock of the refusal fixture with `{error: {...}}`
 * errors: with `--stateless --allow-destructive` every operation passes; without
 * `--allow-destructive` the POST is skipped saying why, the GET still passes.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../contract-runner/cli.js';
import { startPrismMock, type RunningMock } from '../../mock/prism/start.js';
import { fixtureBindings } from '../fixture-bindings.js';

const CONTRACT = resolve('test/fixtures/refusals/nested.yaml');
const SCRATCH = resolve('test-artifacts', `sample-scenarios-${process.pid}`);
const OUT = join(SCRATCH, 'out');
let mock: RunningMock;

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  await fixtureBindings(CONTRACT, OUT, 'types,operations,client,validators,server,runtime,prism');
  mock = await startPrismMock({ generatedDir: OUT });
}, 180_000);

afterAll(async () => {
  await mock?.stop();
  rmSync(SCRATCH, { recursive: true, force: true });
});

interface Report {
  operations: { operationId: string; outcome: string; reason?: string; findings: unknown[] }[];
}

/** Our API's old names for the HTTP Basic pair, which every contract still accepts. */
const OLD_PAIR = ['--email', 'ada@example.com', '--api-key', 'key'];

async function runOn(
  extra: string[],
  pair = OLD_PAIR,
): Promise<{ code: number; text: string; report: Report }> {
  const lines: string[] = [];
  const report = join(SCRATCH, `report-${extra.length}-${pair[0].slice(2)}`);
  const code = await runCli(
    [
      '--base-url',
      mock.baseUrl,
      '--contract',
      CONTRACT,
      '--generated',
      OUT,
      ...pair,
      '--stateless',
      '--seed',
      '3',
      '--max-examples',
      '1',
      '--quiet',
      '--report',
      `${report}.json`,
      ...extra,
    ],
    (t) => lines.push(t),
    () => {},
  );
  return {
    code,
    text: lines.join('\n'),
    report: JSON.parse(readFileSync(`${report}.json`, 'utf8')) as Report,
  };
}

describe('the runner on a contract without scenarios runs its sample requests', () => {
  it('--allow-destructive: every operation reached and passed', async () => {
    const { code, text, report } = await runOn(['--allow-destructive']);
    const outcomes = Object.fromEntries(report.operations.map((o) => [o.operationId, o.outcome]));
    expect(outcomes, text + JSON.stringify(report)).toEqual({
      getMessage: 'pass',
      sendMessage: 'pass',
    });
    expect(code).toBe(0);
  });

  it('its HTTP Basic pair by RFC 7617’s names (--username, --password): the same run', async () => {
    const { code, text, report } = await runOn(
      ['--allow-destructive'],
      ['--username', 'ada@example.com', '--password', 'key'],
    );
    expect(
      report.operations.map((o) => o.outcome),
      text,
    ).toEqual(['pass', 'pass']);
    expect(code).toBe(0);
    expect(text).not.toMatch(/email|api.key/i);
  });

  it('without it: the write is skipped, saying why; the read passes', async () => {
    const { code, text, report } = await runOn([]);
    const send = report.operations.find((o) => o.operationId === 'sendMessage')!;
    expect(send.outcome, text).toBe('skip');
    expect(JSON.stringify(send)).toMatch(/sample POST request/);
    expect(report.operations.find((o) => o.operationId === 'getMessage')!.outcome).toBe('pass');
    expect(code).toBe(0);
  });
});
