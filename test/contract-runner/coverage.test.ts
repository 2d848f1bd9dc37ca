/**
 * Coverage as a gate: what a run against the stateful mock exercised out of what the contract
 * documents (operations, parameters, enum values, statuses, error codes), printed, in the JSON
 * and JUnit reports, with what was not exercised by name; `--min-coverage` fails a run below it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../contract-runner/cli.js';
import { parseMinCoverage } from '../../contract-runner/coverage.js';
import { formatTable } from '../../contract-runner/report.js';
import type { RunReport } from '../../contract-runner/run.js';
import { loadRunnerInputs, ownerOptions, runContract } from './harness.js';
import { basicCredentials, startStateful, type StatefulServer } from './servers.js';

type Inputs = Awaited<ReturnType<typeof loadRunnerInputs>>;
let inputs: Inputs;
let server: StatefulServer | undefined;
beforeAll(async () => {
  inputs = await loadRunnerInputs();
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('coverage', () => {
  it('counts what the full run exercised, and names what it did not', async () => {
    server = await startStateful();
    const report = await runContract(
      inputs,
      ownerOptions(server, {
        allowDestructive: true,
        other: basicCredentials(server.other),
        sendValid: inputs.sendValid,
      }),
    );
    const table = formatTable(report);
    const c = report.coverage;
    if (process.env.CI === undefined)
      console.log(
        table
          .split('\n')
          .filter((l) => /coverage|not exercised/.test(l))
          .join('\n'),
      );
    expect(c.kinds.operations).toMatchObject({ covered: 22, total: 22, uncovered: [] });
    // What the contract documents at the server's level: 159 parameters (162 less the three
    // removed), 87 enum values, 46 statuses, 32 codes.
    expect(c.kinds.parameters.total).toBe(159);
    // Removed items are never sent, so they are not counted as missing.
    expect(c.kinds.parameters.uncovered).not.toContain('updateStream.stream_post_policy');
    expect(c.kinds.parameters.uncovered).not.toContain('updateStream.is_announcement_only');
    expect(c.kinds.enumValues.total).toBe(87);
    expect(c.kinds.statuses.total).toBe(46);
    expect(c.kinds.errorCodes.total).toBe(32);
    // Sent by the scenarios in requests that succeeded: covered; never sent: named.
    expect(c.kinds.parameters.uncovered).not.toContain('getMessages.narrow');
    expect(c.kinds.enumValues.uncovered).not.toContain('updateMessageFlags.flag=starred');
    // Each enum value of a required parameter drawn once: a flag users may set is covered, one
    // only the server sets is refused (a documented error), so it stays uncovered.
    expect(c.kinds.enumValues.uncovered).not.toContain('updateMessageFlags.flag=collapsed');
    expect(c.kinds.enumValues.uncovered).toContain('updateMessageFlags.flag=historical');
    // Each enum value of an update's optional parameter, written alone and read back.
    expect(c.kinds.enumValues.uncovered).not.toContain(
      'updateRealmUserSettingsDefaults.emojiset=text',
    );
    expect(c.kinds.parameters.uncovered).not.toContain('updateStream.is_web_public');
    expect(c.kinds.statuses.uncovered).not.toContain('getMessages 200');
    expect(c.kinds.errorCodes.uncovered).not.toContain('unsubscribe BAD_REQUEST');
    for (const k of Object.values(c.kinds)) expect(k.covered + k.uncovered.length).toBe(k.total);
    expect(table).toMatch(
      /^coverage \d+\.\d% \(\d+ of 346 documented items\): operations 22\/22 · /m,
    );
    expect(table).toMatch(
      /^ {2}not exercised, enum values: .*updateMessageFlags\.flag=historical/m,
    );
  });

  it('--min-coverage fails a run below it (exit 1, JUnit failure) and passes one above it', async () => {
    server = await startStateful();
    const dir = mkdtempSync(join(tmpdir(), 'coverage-'));
    const args = (...extra: string[]) => [
      '--base-url',
      server!.baseUrl,
      '--email',
      server!.owner.email,
      '--api-key',
      server!.owner.apiKey,
      '--only',
      'getMessages',
      '--seed',
      '4',
      '--max-examples',
      '2',
      '--auth-status',
      '401',
      '--quiet',
      '--report',
      join(dir, 'out'),
      ...extra,
    ];
    try {
      const lines: string[] = [];
      expect(
        await runCli(args('--min-coverage', 'operations=100,parameters=100'), (t) => lines.push(t)),
      ).toBe(1);
      expect(lines.join('\n')).toMatch(
        /FAIL coverage below --min-coverage: parameters \d+\.\d% < 100%/,
      );
      const json = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as RunReport;
      expect(json.summary.failed).toBe(0);
      expect(json.coverage.shortfalls).toHaveLength(1);
      const xml = readFileSync(join(dir, 'out.xml'), 'utf8');
      expect(xml).toContain('<property name="coverage_operations" value="1/1"/>');
      expect(xml).toContain('<failure type="coverage"');
      expect(await runCli(args('--min-coverage', 'operations=100'), () => {})).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--min-coverage takes a percentage or kind=percentage pairs; anything else is a usage error', () => {
    expect(parseMinCoverage('80')).toEqual({ all: 80 });
    expect(parseMinCoverage('operations=100,enumValues=12.5')).toEqual({
      operations: 100,
      enumValues: 12.5,
    });
    expect(() => parseMinCoverage('paths=50')).toThrow(/'paths' is not one of/);
    expect(() => parseMinCoverage('120')).toThrow(/not a percentage/);
  });
});
