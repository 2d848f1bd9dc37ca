/**
 * The runner's first five minutes (issue 27, items 9-12): `--base-url` with or without the
 * contract's server path; a server that is not running; secrets replaced only where they were
 * sent whole; an administrator-only operation when discovery fails. Servers in-process on
 * 127.0.0.1.
 */
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../contract-runner/cli.js';
import { secretsOf } from '../../contract-runner/credentials.js';
import { formatTable } from '../../contract-runner/report.js';
import { curlOf, type PlannedRequest } from '../../contract-runner/request.js';
import { redactMessage } from '../../contract-runner/redact.js';
import type { RunReport } from '../../contract-runner/run.js';
import { error } from '../../generated/server.js';
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

const owner = (s: StatefulServer, baseUrl: string, ...extra: string[]) => [
  '--base-url',
  baseUrl,
  '--email',
  s.owner.email,
  '--api-key',
  s.owner.apiKey,
  '--seed',
  '3',
  '--max-examples',
  '2',
  '--auth-status',
  '401',
  '--quiet',
  ...extra,
];

/** A port nothing listens on: one the system gave out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', () => ok()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((ok) => probe.close(() => ok()));
  return port;
}

describe('--base-url', () => {
  it('takes the root URL (the README form) as well as the one with the server path', async () => {
    server = await startStateful();
    const root = server.baseUrl.replace(/\/api\/v1$/, '');
    const dir = mkdtempSync(join(tmpdir(), 'base-url-'));
    try {
      for (const [name, url] of [
        ['root', root],
        ['root-slash', `${root}/`],
        ['full', server.baseUrl],
      ]) {
        const lines: string[] = [];
        const file = join(dir, `${name}.json`);
        const code = await runCli(
          owner(server, url, '--only', 'getMessages,getStreams', '--report', file),
          (t) => lines.push(t),
        );
        expect(code, lines.join('\n')).toBe(0);
        const report = JSON.parse(readFileSync(file, 'utf8')) as RunReport;
        expect(report.baseUrl).toBe(server.baseUrl);
        expect(report.summary).toMatchObject({ passed: 2, failed: 0, violations: 0 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a server that is not running: one line naming the URL, exit 2', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const url = `http://127.0.0.1:${port}`;
    const code = await runCli(
      ['--base-url', url, '--email', 'a@example.com', '--api-key', 'k', '--quiet'],
      (t) => lines.push(t),
    );
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`contract: cannot connect to ${url}/api/v1 (ECONNREFUSED)`);
  });
});

describe('redaction', () => {
  const op = fetchApiKeyOp();
  it('replaces a short secret only where it was sent whole, never inside other text', () => {
    const secrets = {
      ...secretsOf({ basic: { user: 'qa@example.com', password: 'x' } }),
      '4': '<WRONG_API_KEY>',
    };
    const request: PlannedRequest = {
      op,
      input: { path: {}, query: {}, body: { username: 'qa@example.com', password: 'x' } },
      auth: { kind: 'basic', user: 'qa@example.com', password: 'x' },
    };
    const curl = curlOf(request, { baseUrl: 'http://127.0.0.1:4599/api/v1', secrets });
    expect(curl).toContain("'http://127.0.0.1:4599/api/v1/fetch_api_key'");
    expect(curl).toContain("-u 'qa@example.com:<PASSWORD>'");
    expect(curl).toContain("--data-urlencode 'password=<PASSWORD>'");
    expect(curl).toContain("--data-urlencode 'username=qa@example.com'");
    expect(curl).not.toMatch(/x'|:x\b/);
  });

  it('replaces a secret in a message only where it is quoted whole', () => {
    const secrets = secretsOf({ basic: { user: 'qa@example.com', password: 'x' } });
    expect(redactMessage('got "other", expected "x" at x-ray', secrets)).toBe(
      'got "other", expected <PASSWORD> at x-ray',
    );
  });
});

function fetchApiKeyOp() {
  // POST /fetch_api_key as the operation table describes it: a form with the password in it.
  return {
    operationId: 'fetchApiKey',
    method: 'POST',
    path: '/fetch_api_key',
    auth: 'none',
    body: { kind: 'form', mediaTypes: ['application/x-www-form-urlencoded'] },
    fields: [
      { name: 'username', in: 'body', required: true, encoding: 'plain', types: ['string'] },
      { name: 'password', in: 'body', required: true, encoding: 'plain', types: ['string'] },
    ],
    statuses: ['200', 'default'],
    errorCodes: [],
  } as unknown as PlannedRequest['op'];
}

describe('discovery fails', () => {
  it('administrator-only operations stay skipped with their reason; the refused step fails', async () => {
    server = await startStateful({
      overrideHandlers: () => ({ getUsers: () => error(400, 'BAD_REQUEST', 'not today') }),
    });
    const member = server.mock.credentials.find((c) => c.email === 'maya@example.com')!;
    const report = await runContract(
      inputs,
      ownerOptions(server, {
        credentials: basicCredentials(member),
        password: member.password,
        inputs: {},
        only: ['addLinkifier', 'getUsers'],
        sendValid: inputs.sendValid,
      }),
    );
    const linkifier = report.operations.find((o) => o.operationId === 'addLinkifier')!;
    expect(linkifier.outcome, formatTable(report)).toBe('skip');
    expect(linkifier.reasons.join(' ')).toMatch(/administrator-only/);
    expect(linkifier.reasons.join(' ')).toMatch(/step 'users' did not succeed/);
    expect(report.operations.find((o) => o.operationId === 'getUsers')!.outcome).toBe('fail');
  });
});
