/**
 * The contract runner on a document that is not ours (test/fixtures/auth/runner.yaml: a Bearer
 * token or an API key in the query), against that document's generated listener on 127.0.0.1:
 * valid requests carry the credential the run was given, where the scheme puts it; the
 * credential probes send none, a wrong one where the scheme puts it, a malformed Bearer header,
 * and each is refused; the CLI takes credentials by scheme (`--bearer`, `--key NAME=VALUE`),
 * refuses to start (exit 2) without any or with ones the document does not take, and never
 * prints them.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGenerated, parseArgs, runCli } from '../../contract-runner/cli.js';
import { loadGeneratedClient, sendThroughClient } from '../../contract-runner/client-call.js';
import { judge } from '../../contract-runner/judge.js';
import { runContract, type RunInputs, type RunOptions } from '../../contract-runner/run.js';
import { loadScenarios } from '../../contract-runner/scenario/load.js';
import { loadContract } from '../../generator/load/index.js';
import { serve, type Running } from './servers.js';
import { RUNNER_TIMEOUT_MS } from './harness.js';
import { fixtureBindings } from '../fixture-bindings.js';

const CONTRACT = resolve('test/fixtures/auth/runner.yaml');
const SCENARIOS = resolve('test/fixtures/auth/runner-scenarios');
// Inside the project, so the generated code resolves its dependencies from node_modules.
const OUT = resolve('test-artifacts', `runner-auth-${process.pid}`);
const TOKEN = 'tok-Right-123';
const KEY = 'key-Right-456';

let inputs: RunInputs;
let sendValid: RunOptions['sendValid'];
let server: Running & { origin: string };
/** every request the listener saw: method, URL, Authorization */
const seen: { method: string; url: string; authorization?: string }[] = [];
let answer403 = false;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const { model, createRequestListener } = await fixtureBindings(
    CONTRACT,
    OUT,
    'types,operations,client,validators,server,runtime',
  );
  const generated = await loadGenerated(OUT);
  const scenarios = loadScenarios(SCENARIOS, Object.keys(generated.operations));
  if (!scenarios.ok) throw new Error(JSON.stringify(scenarios.problems));
  inputs = { model, ...generated, workflows: scenarios.workflows };
  sendValid = sendThroughClient((await loadGeneratedClient(OUT))!);
  const listener = createRequestListener({
    // Only the right token or key is a user.
    authenticate: (c: { type: string; token?: string; key?: string }) =>
      (c.type === 'bearer' && c.token === TOKEN) || (c.type === 'apiKey' && c.key === KEY)
        ? { id: 1 }
        : null,
    handlers: {
      getHealth: () => ({ status: 200, body: {} }),
      getThing: (params: { id: number }) => ({ status: 200, body: { id: params.id } }),
    },
  });
  const running = await serve((req, res) => {
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    // A planted fault: authentication failures answered 403, where the document says 401.
    if (answer403) {
      const writeHead = res.writeHead.bind(res) as (s: number, ...rest: unknown[]) => unknown;
      (res as { writeHead: unknown }).writeHead = (s: number, ...rest: unknown[]) =>
        writeHead(s === 401 ? 403 : s, ...rest);
    }
    listener(req, res);
  });
  server = { ...running, origin: running.baseUrl.replace(/\/api\/v1$/, '') };
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(OUT, { recursive: true, force: true });
});

const options = (extra: Partial<RunOptions>): RunOptions => ({
  baseUrl: `${server.origin}/v2`,
  seed: 3,
  maxExamples: 2,
  timeoutMs: RUNNER_TIMEOUT_MS,
  rules: { authStatus: 401 },
  sendValid,
  ...extra,
});

describe('the contract runner authenticates by the document’s schemes', () => {
  it('--bearer: valid requests carry the token; the probes send none, a wrong one, a malformed one, all refused', async () => {
    seen.length = 0;
    const report = await runContract(inputs, options({ credentials: { bearer: TOKEN } }));
    const thing = report.operations.find((o) => o.operationId === 'getThing')!;
    expect(thing.findings).toEqual([]);
    expect(thing.outcome).toBe('pass');
    expect(report.operations.find((o) => o.operationId === 'getHealth')!.outcome).toBe('pass');
    const things = seen.filter((r) => r.url.startsWith('/v2/things/'));
    expect(things.filter((r) => r.authorization === `Bearer ${TOKEN}`).length).toBeGreaterThan(1);
    // no-credentials, wrong-token and malformed-authorization reached the server as such
    expect(things.some((r) => r.authorization === undefined)).toBe(true);
    const wrong = things.filter(
      (r) => r.authorization?.startsWith('Bearer ') && r.authorization !== `Bearer ${TOKEN}`,
    );
    expect(wrong.map((r) => r.authorization)).toContain('Bearer %%%');
    expect(wrong.some((r) => /^Bearer [A-Za-z0-9-]{13}$/.test(r.authorization!))).toBe(true);
    // never HTTP Basic, never the query key
    expect(seen.some((r) => r.authorization?.startsWith('Basic'))).toBe(false);
    expect(seen.some((r) => r.url.includes('api_key='))).toBe(false);
    expect(thing.notes).toContain(
      'probe unknown-user not applicable: the scheme has no user name (HTTP Basic only)',
    );
  });

  it('--key api_key=…: the key goes in the query, and the wrong-key probe puts a wrong one there', async () => {
    seen.length = 0;
    const report = await runContract(inputs, options({ credentials: { keys: { api_key: KEY } } }));
    const thing = report.operations.find((o) => o.operationId === 'getThing')!;
    expect(thing.findings).toEqual([]);
    expect(thing.outcome).toBe('pass');
    const things = seen.filter((r) => r.url.startsWith('/v2/things/'));
    expect(things.some((r) => r.url.endsWith(`&api_key=${KEY}`))).toBe(true);
    expect(things.some((r) => /api_key=(?!key-Right-456)[A-Za-z0-9-]{13}$/.test(r.url))).toBe(true);
    expect(seen.some((r) => r.authorization !== undefined)).toBe(false);
    expect(thing.notes.join('\n')).toMatch(
      /probe malformed-authorization not applicable: the scheme 'queryKey' sends no Authorization header/,
    );
  });

  it('a wrong credential is seen: a run with a token the server refuses does not pass', async () => {
    const report = await runContract(inputs, options({ credentials: { bearer: 'not-the-token' } }));
    const thing = report.operations.find((o) => o.operationId === 'getThing')!;
    expect(thing.outcome).toBe('fail');
    expect(thing.findings.map((f) => f.kind)).toContain('success-not-reached');
  });
});

describe('statuses as the document gives them', () => {
  it('an authentication failure answered 403 where getThing documents 401 fails, without --auth-status', async () => {
    answer403 = true;
    try {
      const report = await runContract(
        inputs,
        options({ credentials: { bearer: TOKEN }, rules: {} }),
      );
      const thing = report.operations.find((o) => o.operationId === 'getThing')!;
      expect(thing.outcome).toBe('fail');
      const messages = thing.findings
        .filter((f) => f.kind === 'error-status')
        .map((f) => f.message);
      expect(messages).toContain('an authentication failure answered 403; getThing documents 401');
    } finally {
      answer403 = false;
    }
    // The same server as it was: no finding without the fault.
    const report = await runContract(
      inputs,
      options({ credentials: { bearer: TOKEN }, rules: {} }),
    );
    expect(report.operations.find((o) => o.operationId === 'getThing')!.findings).toEqual([]);
  });
});

describe('the runner CLI takes credentials by scheme', () => {
  const cli = async (args: string[]) => {
    const lines: string[] = [];
    const code = await runCli(
      [
        '--base-url',
        `${server.origin}/v2`,
        '--contract',
        CONTRACT,
        '--generated',
        OUT,
        '--scenarios',
        SCENARIOS,
        '--seed',
        '5',
        '--max-examples',
        '1',
        '--quiet',
        ...args,
      ],
      (t) => lines.push(t),
      () => {},
    );
    return { code, text: lines.join('\n') };
  };

  it('--bearer runs and passes; the token is never printed', async () => {
    const { code, text } = await cli(['--bearer', TOKEN]);
    expect(text).toMatch(/2 passed, 0 failed/);
    expect(code).toBe(0);
    expect(text).not.toContain(TOKEN);
  });

  it('--api-key NAME=VALUE without --email is an API key, as --key NAME=VALUE', async () => {
    const { code, text } = await cli(['--api-key', `api_key=${KEY}`]);
    expect(code).toBe(0);
    expect(text).not.toContain(KEY);
    expect(parseArgs(['--base-url', 'http://x', '--key', `queryKey=${KEY}`]).credentials).toEqual({
      keys: { queryKey: KEY },
    });
  });

  it('exit 2 without credentials, or with credentials the document does not take (named, not shown)', async () => {
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.text).toMatch(/no credentials: .*--bearer/);
    const basic = await cli(['--email', 'a@example.com', '--api-key', 'secret-basic-key']);
    expect(basic.code).toBe(2);
    expect(basic.text).toMatch(/no HTTP Basic scheme \(it takes --bearer or --key queryKey=KEY\)/);
    expect(basic.text).not.toContain('secret-basic-key');
    const otherKey = await cli(['--key', 'X-Nope=secret-k']);
    expect(otherKey.code).toBe(2);
    expect(otherKey.text).toMatch(/--key X-Nope=…: no API key scheme/);
    expect(otherKey.text).not.toContain('secret-k');
  });

  it('credentials from the environment where no option of their kind is given', () => {
    const args = (argv: string[], env: Record<string, string>) =>
      parseArgs(['--base-url', 'http://x', ...argv], () => 1, env).credentials;
    expect(args([], { CONTRACT_BEARER: 'env-token' })).toEqual({ bearer: 'env-token' });
    expect(args([], { CONTRACT_EMAIL: 'a@b.c', CONTRACT_API_KEY: 'env-k' })).toEqual({
      basic: { user: 'a@b.c', password: 'env-k' },
    });
    expect(args([], { CONTRACT_USERNAME: 'ada', CONTRACT_PASSWORD: 'env-p' })).toEqual({
      basic: { user: 'ada', password: 'env-p' },
    });
    expect(args([], { CONTRACT_KEYS: 'api_key=one\nX-Key=two\n' })).toEqual({
      keys: { api_key: 'one', 'X-Key': 'two' },
    });
    expect(args(['--bearer', 'opt'], { CONTRACT_BEARER: 'env-token' })).toEqual({ bearer: 'opt' });
    // --api-key NAME=VALUE given: the Basic variables are not read.
    expect(
      args(['--api-key', 'api_key=k'], { CONTRACT_EMAIL: 'a@b.c', CONTRACT_API_KEY: 'x' }),
    ).toEqual({ keys: { api_key: 'k' } });
    expect(() => args([], {})).toThrow(/no credentials/);
    expect(
      parseArgs(
        ['--base-url', 'http://x', '--bearer', 'a', '--other-bearer', 'b', '--other-key', 'k=v'],
        () => 1,
        {},
      ).other,
    ).toEqual({ bearer: 'b', keys: { k: 'v' } });
  });

  it('our API’s --email/--api-key keep meaning HTTP Basic', () => {
    expect(
      parseArgs(['--base-url', 'http://x', '--email', 'a@b.c', '--api-key', 'k=v=']).credentials,
    ).toEqual({ basic: { user: 'a@b.c', password: 'k=v=' } });
    expect(() => parseArgs(['--base-url', 'http://x', '--api-key', 'plainkey'])).toThrow(
      /--email and --api-key go together/,
    );
  });
});

describe('error bodies judged by the contract’s error shape', () => {
  it('reads message and code where the document puts them; no envelope or code list it does not declare', async () => {
    const op = inputs.operations.getThing;
    const answer = (body: unknown) => ({
      status: 400,
      contentType: 'application/json',
      text: JSON.stringify(body),
      ms: 1,
    });
    const own = inputs.model.errorConventions;
    expect(own).toEqual({
      shape: { message: 'message' },
      envelope: false,
      listsCodes: false,
      refusal: { message: 'message' },
      codeFields: [],
    });
    const flat = judge(op, answer({ message: 'bad id' }), 'invalid', inputs.validator, {
      errors: own,
    });
    expect(flat.problems).toEqual([]);
    expect(flat.msg).toBe('bad id');
    const nestedModel = await loadContract(resolve('test/fixtures/auth/api-key-query.yaml'));
    if (!nestedModel.ok) throw new Error('api-key-query does not load');
    const nested = nestedModel.contract.model.errorConventions;
    const judged = judge(
      op,
      answer({ error: { message: 'No such thing', code: 'missing' } }),
      'invalid',
      inputs.validator,
      { errors: nested },
    );
    expect(judged).toMatchObject({ problems: [], code: 'missing', msg: 'No such thing' });
    // Our API's conventions, as the model reads them from our contract: the same body is no envelope.
    const ourModel = await loadContract(resolve('openapi/openapi.yaml'));
    if (!ourModel.ok) throw new Error('our contract does not load');
    expect(ourModel.contract.model.errorConventions).toMatchObject({
      shape: { message: 'msg', code: 'code' },
      envelope: true,
      listsCodes: true,
    });
    const ours = judge(op, answer({ message: 'bad id' }), 'invalid', inputs.validator, {
      errors: ourModel.contract.model.errorConventions,
    });
    expect(ours.problems.map((p) => p.kind)).toContain('envelope');
  });
});
