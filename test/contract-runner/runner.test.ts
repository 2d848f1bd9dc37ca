/**
 * The contract runner as a CI gate: against the stateful mock with the owner's credentials it
 * passes all 22 operations (destructive ones only with --allow-destructive, else skipped with
 * the reason, and then nothing that existed before the run changes); a server that refuses
 * everything fails; the same seed sends the same requests; feature levels skip what is newer;
 * reports carry failures and skips. Servers run in-process on 127.0.0.1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, reportFiles, runCli, USAGE } from '../../contract-runner/cli.js';
import { formatTable, toJunitXml } from '../../contract-runner/report.js';
import type { RunReport } from '../../contract-runner/run.js';
import type { MockState } from '../../mock/stateful/state.js';
import { refuseEverything } from './faults.js';
import {
  failed,
  loadRunnerInputs,
  ownerOptions,
  runContract,
  RUNNER_TIMEOUT_MS,
} from './harness.js';
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

const DESTRUCTIVE = [
  'deactivateUser',
  'editDraft',
  'removeReaction',
  'unsubscribe',
  'updateRealmUserSettingsDefaults',
  'updateStatus',
  'updateStream',
  'updateUser',
  'updateUserGroup',
];

/** What existed before the run, as the API's users would see it. */
function preexisting(state: MockState, messagesBefore: number) {
  return JSON.stringify({
    users: [...state.users.values()].map((u) => [
      u.user_id,
      u.full_name,
      u.is_active,
      u.role,
      u.status,
    ]),
    channels: [...state.channels.values()].map((c) => [
      c.stream_id,
      c.name,
      c.description,
      c.is_archived,
    ]),
    subscriptions: [...state.subscriptions.entries()].map(([id, subs]) => [
      id,
      [...subs.entries()].map(([u, s]) => [u, s.active]),
    ]),
    groups: [...state.groups.values()].map((g) => [g.id, g.name, g.description, g.deactivated]),
    defaults: state.realm.user_settings_defaults,
    drafts: [...state.drafts.values()],
    messages: state.messages.slice(0, messagesBefore).map((m) => [m.id, m.content, m.reactions]),
  });
}

const cliArgs = (s: StatefulServer, ...extra: string[]) => [
  '--base-url',
  s.baseUrl,
  '--email',
  s.owner.email,
  '--api-key',
  s.owner.apiKey,
  '--password',
  s.owner.password,
  '--input',
  `draft_id=${s.draftId}`,
  '--seed',
  '7',
  '--max-examples',
  '3',
  '--auth-status',
  '401',
  '--quiet',
  ...extra,
];

describe('against the stateful mock with the owner', () => {
  it('passes 22/22 operations with --allow-destructive, semantic and privacy checks included', async () => {
    server = await startStateful();
    const channelBefore = structuredClone(server.mock.state.channels.get(1));
    const report = await runContract(
      inputs,
      ownerOptions(server, {
        allowDestructive: true,
        other: basicCredentials(server.other),
        sendValid: inputs.sendValid,
      }),
    );
    expect(failed(report), formatTable(report)).toEqual([]);
    expect(report.summary).toMatchObject({
      operations: 22,
      passed: 22,
      failed: 0,
      skipped: 0,
      violations: 0,
    });
    expect(report.featureLevel).toBe(420);
    const notes = report.operations.flatMap((o) => o.notes);
    for (const says of [
      'a sent message comes back by ID with its content',
      'a channel narrow returns only that channel',
      "an added flag is in the message's flags",
      'an update is visible on the next read',
      "the password gives back the user's API key",
      "a channel left is no longer among the user's subscriptions",
    ])
      expect(notes).toContain(`checked: ${says}`);
    // Every write the API can read back is read back, field by field.
    for (const says of [
      'a sent message reads back as sent',
      'a created snippet reads back as sent',
      'an added linkifier reads back as sent',
      'updated defaults read back as sent',
      'an updated channel reads back as sent',
      'an updated group reads back as sent',
      'an updated user reads back as sent',
    ])
      expect(notes).toContain(`read back: ${says}`);
    // Each optional parameter of an update, alone, read back (booleans and enum values).
    const byId = (id: string) => report.operations.find((o) => o.operationId === id)!.notes;
    expect(byId('updateStream')).toContainEqual(
      expect.stringMatching(/^optional parameters alone, read back: [1-9]\d* varied, [1-9]/),
    );
    expect(byId('updateRealmUserSettingsDefaults')).toContainEqual(
      expect.stringMatching(/^optional parameters alone, read back: [1-9]\d* varied, [1-9]/),
    );
    // What the run changed and the API can put back is put back.
    const state = server.mock.state;
    expect(state.channels.get(1)).toEqual(channelBefore);
    expect(state.channels.get(1)!.description).toBe('Everything that concerns **everyone**.');
    expect([...state.users.values()].find((u) => u.role === 100)!.full_name).toBe('Olivia Owner');
  });

  it('by default: exit 0, destructive operations skipped with the reason, nothing pre-existing changed', async () => {
    server = await startStateful();
    const before = preexisting(server.mock.state, server.mock.state.messages.length);
    const dir = mkdtempSync(join(tmpdir(), 'contract-report-'));
    try {
      const lines: string[] = [];
      const code = await runCli(cliArgs(server, '--report', join(dir, 'out')), (t) =>
        lines.push(t),
      );
      const json = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as RunReport;
      expect(code, lines.join('\n')).toBe(0);
      expect(json.summary.violations).toBe(0);
      const skipped = json.operations.filter((o) => o.outcome === 'skip');
      expect(skipped.map((o) => o.operationId).sort()).toEqual(DESTRUCTIVE);
      for (const op of skipped)
        expect(op.reasons.join(' ')).toMatch(/destructive: .*--allow-destructive/);
      expect(json.summary.passed).toBe(22 - DESTRUCTIVE.length);
      const xml = readFileSync(join(dir, 'out.xml'), 'utf8');
      expect((xml.match(/<testcase /g) ?? []).length).toBe(22);
      expect((xml.match(/<skipped /g) ?? []).length).toBe(DESTRUCTIVE.length);
      expect(xml).not.toContain('<failure');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(preexisting(server.mock.state, JSON.parse(before).messages.length)).toBe(before);
  });

  it('with a member: what the member may do passes, administrator-only steps are skipped saying so', async () => {
    server = await startStateful();
    const member = server.mock.credentials.find((c) => c.email === 'maya@example.com')!;
    const report = await runContract(
      inputs,
      ownerOptions(server, {
        credentials: basicCredentials(member),
        password: member.password,
        other: basicCredentials(server.owner),
        inputs: {},
      }),
    );
    expect(failed(report), formatTable(report)).toEqual([]);
    const linkifier = report.operations.find((o) => o.operationId === 'addLinkifier')!;
    expect(linkifier.outcome).toBe('skip');
    expect(linkifier.reasons.join(' ')).toMatch(/administrator-only/);
    expect(report.operations.find((o) => o.operationId === 'fetchApiKey')!.outcome).toBe('pass');
  });

  it('--read-only sends nothing that changes data', async () => {
    server = await startStateful();
    const messages = server.mock.state.messages.length;
    const before = preexisting(server.mock.state, messages);
    const report = await runContract(inputs, ownerOptions(server, { readOnly: true }));
    expect(failed(report), formatTable(report)).toEqual([]);
    const ran = report.operations.filter((o) => o.outcome === 'pass');
    expect(ran.map((o) => o.operationId).sort()).toEqual([
      'getMessage',
      'getMessages',
      'getStreams',
      'getUsers',
      'registerQueue',
    ]);
    expect(ran.every((o) => o.method === 'GET' || o.operationId === 'registerQueue')).toBe(true);
    for (const op of report.operations.filter((o) => o.outcome === 'skip'))
      expect(op.reasons.join(' ')).toMatch(/--read-only|did not run|skipped/);
    expect(server.mock.state.messages.length).toBe(messages);
    expect(preexisting(server.mock.state, messages)).toBe(before);
  });

  it("skips what is newer than the server's feature level, saying so", async () => {
    // The stateful mock serving as a server of feature level 200.
    server = await startStateful({ featureLevel: 200 });
    const sent: string[] = [];
    const report = await runContract(
      inputs,
      ownerOptions(server, { allowDestructive: true, onSend: (l) => sent.push(l) }),
    );
    expect(failed(report), formatTable(report)).toEqual([]);
    expect(report.featureLevel).toBe(200);
    for (const [id, level] of [
      ['createSavedSnippet', 297],
      ['testE2eePushNotification', 420],
    ] as const) {
      const op = report.operations.find((o) => o.operationId === id)!;
      expect(op.outcome).toBe('skip');
      expect(op.reasons.join(' ')).toContain(
        `added at feature level ${level}; the server is at 200`,
      );
    }
    // What the server has passes, though its answers lack the fields newer than it.
    expect(report.summary.passed).toBe(20);
    expect(sent.some((l) => /\/saved_snippets|\/e2ee\//.test(l))).toBe(false);
  });

  it('two runs with the same --seed send the same requests; another seed sends others', async () => {
    const record = async (seed: number) => {
      const s = await startStateful();
      const lines: string[] = [];
      try {
        await runContract(
          inputs,
          ownerOptions(s, {
            seed,
            sendValid: inputs.sendValid,
            onSend: (l) => lines.push(l),
          }),
        );
      } finally {
        await s.stop();
      }
      return lines.map((l) => l.split(s.baseUrl).join('BASE'));
    };
    const first = await record(99);
    const second = await record(99);
    expect(first.length).toBeGreaterThan(150);
    expect(second).toEqual(first);
    expect(await record(100)).not.toEqual(first);
  });
});

describe('bad servers and bad invocations', () => {
  it('a server that refuses everything fails every operation it can tell applies (exit 1)', async () => {
    server = await startStateful({ overrideHandlers: refuseEverything });
    const lines: string[] = [];
    const code = await runCli(
      cliArgs(
        server,
        '--allow-destructive',
        '--report',
        join(tmpdir(), `refuse-${process.pid}.json`),
      ),
      (t) => lines.push(t),
    );
    expect(code).toBe(1);
    // --quiet: the verdict and the failures only (no table of operations, no skips)
    const printed = lines.join('\n');
    expect(printed).toMatch(/^\d+ operations: \d+ passed, \d+ failed/m);
    expect(printed).toMatch(/^FAIL sendMessage \[success-not-reached\]/m);
    expect(printed).not.toMatch(/^ +operation +request/m);
    expect(printed).not.toMatch(/^(PASS|SKIP) /m);
    const text = readFileSync(join(tmpdir(), `refuse-${process.pid}.json`), 'utf8');
    // The curl commands name the key and password by placeholder: reports end up in CI artifacts.
    expect(text).not.toContain(server.owner.apiKey);
    expect(text).not.toContain(server.owner.password);
    expect(text).toContain(`-u '${server.owner.email}:<API_KEY>'`);
    const json = JSON.parse(text) as RunReport;
    rmSync(join(tmpdir(), `refuse-${process.pid}.json`));
    // Administrator-only operations stay skipped: the role was never learnt (GET /users refused).
    const adminOnly = json.operations.filter((o) => o.outcome === 'skip');
    expect(adminOnly.map((o) => o.operationId).sort()).toEqual([
      'addLinkifier',
      'deactivateUser',
      'updateRealmUserSettingsDefaults',
      'updateStream',
      'updateUser',
      'updateUserGroup',
    ]);
    for (const op of adminOnly) {
      expect(op.reasons.join(' ')).toMatch(/administrator-only/);
      expect(op.reasons.join(' ')).toMatch(/step 'users' did not succeed/);
    }
    expect(json.summary.failed).toBe(22 - adminOnly.length);
    expect(json.summary.passed).toBe(0);
    const streams = json.operations.find((o) => o.operationId === 'getStreams')!;
    expect(streams.findings[0]).toMatchObject({ kind: 'success-not-reached', status: 400 });
    expect(streams.findings[0].message).toMatch(/I refuse everything/);
    expect(streams.findings[0].curl).toMatch(/^curl '.*\/streams' \\\n {2}-u /);
    // What depends on a refused step fails too, saying which step it needed.
    const send = json.operations.find((o) => o.operationId === 'sendMessage')!;
    expect(send.findings[0].message).toMatch(
      /could not be reached: send: step 'channels' did not succeed/,
    );
    const xml = toJunitXml(json);
    expect((xml.match(/<testcase /g) ?? []).length).toBe(22);
    expect(xml).toContain('<failure type="success-not-reached"');
    expect(xml).toContain('curl ');
  });

  it('a failing generated request is shrunk and printed as a curl command', async () => {
    // A server that accepts a device token request whatever is wrong with it.
    server = await startStateful({}, (listener) => (req, res) => {
      if (req.url?.endsWith('/users/me/platform_device_token')) {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: 'success', msg: '' }));
        return;
      }
      listener(req, res);
    });
    const report = await runContract(
      inputs,
      ownerOptions(server, { only: ['addPlatformDeviceToken'] }),
    );
    const findings = report.operations[0].findings;
    const generated = findings.find((f) => f.source.startsWith('generated invalid request'));
    expect(generated, formatTable(report)).toBeDefined();
    expect(generated!.kind).toBe('accepted-invalid');
    expect(generated!.source).toMatch(/fast-check seed -?\d+, shrunk \d+ times/);
    expect(generated!.curl).toMatch(/^curl '.*\/users\/me\/platform_device_token'/);
    expect(findings.filter((f) => f.source.startsWith('probe')).map((f) => f.kind)).toContain(
      'auth-bypass',
    );
  });

  it('no credentials: exit 2 with the usage, unless --unauthenticated-only', async () => {
    server = await startStateful();
    const lines: string[] = [];
    expect(await runCli(['--base-url', server.baseUrl], (t) => lines.push(t))).toBe(2);
    expect(lines.join('\n')).toMatch(/no credentials: give --email and --api-key/);
    expect(lines.join('\n')).toContain('usage: npm run contract');
    const report = await runContract(inputs, {
      baseUrl: server.baseUrl,
      unauthenticatedOnly: true,
      seed: 1,
      maxExamples: 2,
      timeoutMs: RUNNER_TIMEOUT_MS,
    });
    expect(failed(report), formatTable(report)).toEqual([]);
    const sendMessage = report.operations.find((o) => o.operationId === 'sendMessage')!;
    expect(sendMessage.outcome).toBe('skip');
    expect(sendMessage.reasons.join(' ')).toMatch(/--unauthenticated-only/);
  });

  it('--help documents every safety option; bad arguments are usage errors', async () => {
    const lines: string[] = [];
    expect(await runCli(['--help'], (t) => lines.push(t))).toBe(0);
    for (const option of [
      '--read-only',
      '--allow-destructive',
      '--unauthenticated-only',
      '--seed',
      '--max-examples',
      '--stateless',
      '--only',
      '--skip',
    ])
      expect(lines.join('\n')).toContain(option);
    expect(USAGE).toMatch(/default: 5/);
    // `tms-gen test` makes bindings unless --generated is given: the parsed option says which
    const given = ['--base-url', 'http://x', '--unauthenticated-only'];
    expect(parseArgs([...given, '--generated=out']).generatedGiven).toBe(true);
    expect(parseArgs([...given, '--generated', 'out']).generatedGiven).toBe(true);
    expect(parseArgs(given).generatedGiven).toBe(false);
    expect(() => parseArgs(['--email', 'a@b', '--api-key', 'k'])).toThrow(/--base-url/);
    expect(() => parseArgs(['--base-url', 'ftp://x', '--email', 'a', '--api-key', 'k'])).toThrow(
      /http/,
    );
    expect(() => parseArgs(['--base-url', 'http://x', '--email', 'a@b'])).toThrow(/together/);
    expect(() => parseArgs(['--base-url', 'http://x', '--bogus'])).toThrow(/bogus/);
    expect(() =>
      parseArgs([
        '--base-url',
        'http://x',
        '--unauthenticated-only',
        '--read-only',
        '--allow-destructive',
      ]),
    ).toThrow(/contradict/);
    expect(() =>
      parseArgs(['--base-url', 'http://x', '--unauthenticated-only', '--max-examples', '0']),
    ).toThrow(/max-examples/);
    const args = parseArgs([
      '--base-url',
      'http://x',
      '--email',
      'a',
      '--api-key',
      'k',
      '--only',
      'a,b',
      '--only',
      'c',
      '--seed',
      '5',
    ]);
    expect(args.only).toEqual(['a', 'b', 'c']);
    expect(args.seed).toBe(5);
    expect(args.maxExamples).toBe(5);
    expect(reportFiles(['r.json', 'both'])).toEqual([
      { file: 'r.json', format: 'json' },
      { file: 'both.json', format: 'json' },
      { file: 'both.xml', format: 'xml' },
    ]);
  });

  it('a broken scenario file is a usage error with the file and pointer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'bad.yaml'),
        'arazzo: 1.0.1\nworkflows:\n  - workflowId: w\n    steps:\n      - stepId: s\n        operationId: noSuchOperation\n',
      );
      const lines: string[] = [];
      const code = await runCli(
        [
          '--base-url',
          'http://127.0.0.1:9',
          '--email',
          'a@b',
          '--api-key',
          'k',
          '--scenarios',
          dir,
        ],
        (t) => lines.push(t),
      );
      expect(code).toBe(2);
      expect(lines.join('\n')).toContain(
        `${join(dir, 'bad.yaml')}#/workflows/0/steps/0/operationId: operationId 'noSuchOperation'`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
