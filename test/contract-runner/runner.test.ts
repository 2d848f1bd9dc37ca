/**
 * The contract-test runner: it passes a conforming server and the mock, and it catches a server
 * that breaks the contract in exactly the operations it breaks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadContract } from '../../generator/load.js';
import type { ApiModel } from '../../generator/model/types.js';
import { basePath, operations } from '../../generated/operations.js';
import * as validators from '../../generated/validators.js';
import { callThroughClient, loadClientModule } from '../../contract-runner/client-call.js';
import { parseArgs, reportFiles, runCli } from '../../contract-runner/cli.js';
import { formatTable, toJunitXml } from '../../contract-runner/report.js';
import { runContract, type RunOptions } from '../../contract-runner/run.js';
import { startFixtureServer } from './fixture-server.js';

const credentials = { email: 'iago@example.com', apiKey: 'abcd1234' };
let model: ApiModel;
let callValid: RunOptions['callValid'];

beforeAll(async () => {
  const loaded = await loadContract('openapi/openapi.yaml');
  if (!loaded.ok)
    throw new Error(`contract invalid: ${loaded.problems.map((p) => p.message).join('; ')}`);
  model = loaded.contract.model;
  const client = await loadClientModule('generated');
  callValid = client ? callThroughClient(client) : undefined;
});

const failedOperations = (report: Awaited<ReturnType<typeof runContract>>) =>
  report.operations
    .filter((op) => op.outcome === 'fail')
    .map((op) => op.operationId)
    .sort();

describe('against a conforming server', () => {
  let server: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    server = await startFixtureServer(model, operations, validators, basePath);
  });
  afterAll(() => server?.stop());

  it('passes every operation, with every probe applied somewhere', async () => {
    const report = await runContract(model, validators, {
      baseUrl: server.baseUrl,
      credentials,
      callValid,
    });
    expect(failedOperations(report), formatTable(report)).toEqual([]);
    expect(report.summary.violations).toBe(0);
    expect(report.operations.map((op) => op.operationId).sort()).toEqual(
      Object.keys(operations).sort(),
    );
    const kinds = new Set(
      report.operations.flatMap((op) =>
        op.checks.filter((c) => c.outcome === 'pass').map((c) => c.kind),
      ),
    );
    expect([...kinds].sort()).toEqual([
      'malformed-json',
      'missing-required',
      'no-credentials',
      'valid',
      'wrong-credentials',
      'wrong-type',
    ]);
  });

  it('--read-only runs only GET operations; --only runs the named ones', async () => {
    const readOnly = await runContract(model, validators, {
      baseUrl: server.baseUrl,
      credentials,
      readOnly: true,
      callValid,
    });
    const ran = readOnly.operations.filter((op) => op.outcome !== 'skip');
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.every((op) => op.method === 'GET')).toBe(true);
    expect(
      readOnly.operations.filter((op) => op.method !== 'GET').every((op) => op.outcome === 'skip'),
    ).toBe(true);

    const only = await runContract(model, validators, {
      baseUrl: server.baseUrl,
      credentials,
      only: ['getUsers'],
      callValid,
    });
    expect(only.operations.map((op) => op.operationId)).toEqual(['getUsers']);
    await expect(
      runContract(model, validators, { baseUrl: server.baseUrl, only: ['noSuchOperation'] }),
    ).rejects.toThrow(/noSuchOperation/);
  });
});

describe('against a broken server', () => {
  let server: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    server = await startFixtureServer(model, operations, validators, basePath, {
      wrongType: 'sendMessage',
      dropEnvelope: 'getStreams',
      acceptInvalid: 'createSavedSnippet',
    });
  });
  afterAll(() => server?.stop());

  it('reports exactly the three broken operations, each for its own reason', async () => {
    const report = await runContract(model, validators, {
      baseUrl: server.baseUrl,
      credentials,
      callValid,
    });
    expect(failedOperations(report)).toEqual(['createSavedSnippet', 'getStreams', 'sendMessage']);
    const notes = (id: string) =>
      report.operations
        .find((op) => op.operationId === id)!
        .checks.filter((c) => c.outcome === 'fail');
    expect(notes('sendMessage').map((c) => c.kind)).toEqual(['valid', 'valid']);
    expect(notes('sendMessage')[0].notes.join(' ')).toMatch(/\/id/);
    expect(notes('getStreams').some((c) => c.notes.some((n) => /envelope/.test(n)))).toBe(true);
    expect(
      notes('createSavedSnippet')
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['missing-required', 'no-credentials', 'wrong-credentials']);
    expect(notes('createSavedSnippet').every((c) => c.notes.some((n) => /accepted/.test(n)))).toBe(
      true,
    );
  });

  it('the CLI exits 1 and writes JSON and JUnit reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-report-'));
    try {
      const lines: string[] = [];
      const code = await runCli(
        [
          '--base-url',
          server.baseUrl,
          '--email',
          credentials.email,
          '--api-key',
          credentials.apiKey,
          '--report',
          join(dir, 'out'),
        ],
        (t) => lines.push(t),
      );
      expect(code).toBe(1);
      expect(lines.join('\n')).toMatch(/FAIL\s+sendMessage/);
      const json = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'));
      expect(json.summary.failed).toBe(3);
      const xml = readFileSync(join(dir, 'out.xml'), 'utf8');
      expect(xml).toMatch(/^<\?xml/);
      expect((xml.match(/<testsuite /g) ?? []).length).toBe(Object.keys(operations).length);
      expect((xml.match(/<failure /g) ?? []).length).toBe(json.summary.violations);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('against the mock', () => {
  it('passes', async () => {
    const baseUrl = inject('mockBaseUrl');
    if (!baseUrl) throw new Error(inject('mockError'));
    const report = await runContract(model, validators, { baseUrl, credentials, callValid });
    expect(failedOperations(report), formatTable(report)).toEqual([]);
    expect(
      report.operations.every((op) =>
        op.checks.some((c) => c.kind === 'valid' && c.outcome === 'pass'),
      ),
    ).toBe(true);
  });
});

describe('command line and reports', () => {
  it('rejects bad arguments', () => {
    expect(() => parseArgs([])).toThrow(/--base-url/);
    expect(() => parseArgs(['--base-url', 'ftp://x'])).toThrow(/http/);
    expect(() => parseArgs(['--base-url', 'http://x', '--email', 'a@b'])).toThrow(/together/);
    expect(() => parseArgs(['--base-url', 'http://x', '--bogus'])).toThrow(/bogus/);
    expect(
      parseArgs(['--base-url', 'http://x', '--only', 'a,b', '--only', 'c', '--read-only']).only,
    ).toEqual(['a', 'b', 'c']);
  });

  it('picks report formats by extension', () => {
    expect(reportFiles(['r.json', 'r.xml', 'both'])).toEqual([
      { file: 'r.json', format: 'json' },
      { file: 'r.xml', format: 'xml' },
      { file: 'both.json', format: 'json' },
      { file: 'both.xml', format: 'xml' },
    ]);
  });

  it('escapes what it puts in XML', () => {
    const xml = toJunitXml({
      baseUrl: 'http://x',
      durationMs: 1,
      operations: [
        {
          operationId: 'a<b',
          method: 'GET',
          path: '/x',
          outcome: 'fail',
          checks: [
            {
              kind: 'valid',
              name: 'n"&\u0001',
              outcome: 'fail',
              notes: ['<bad> & "worse"'],
              ms: 1,
            },
          ],
        },
      ],
      summary: {
        operations: 1,
        passed: 0,
        warned: 0,
        failed: 1,
        skipped: 0,
        checks: 1,
        violations: 1,
      },
    });
    expect(xml).toContain('name="a&lt;b"');
    expect(xml).toContain('name="n&quot;&amp;"');
    expect(xml).toContain('message="&lt;bad&gt; &amp; &quot;worse&quot;"');
  });
});
