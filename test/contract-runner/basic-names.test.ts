/**
 * The runner names the HTTP Basic pair as the contract does (the model's `credentialNames`,
 * from `x-credential-names`): ours `--email`/`--api-key`, `$inputs.api_key`, "a wrong API
 * key"; a document that names none RFC 7617's user name and password (`--username`,
 * `--password`), with our old option names still accepted; names that would take over one
 * of the runner's own options fall back to RFC 7617's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs, runCli, usage, USAGE } from '../../contract-runner/cli.js';
import { basicNamesOf, basicNaming } from '../../contract-runner/credentials.js';
import { RUNNER_OPTIONS } from '../../contract-runner/options.js';
import { probes } from '../../contract-runner/probes.js';
import { schemesOf } from '../../contract-runner/run.js';
import { loadContract } from '../../generator/load/index.js';
import { BASIC_NAMES, type CredentialNames } from '../../generator/model/security.js';
import type { ApiModel } from '../../generator/model/types.js';
import { loadOrThrow } from '../load-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'basic-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const OTHER = resolve('test/fixtures/refusals/nested.yaml');

async function modelOf(file: string): Promise<ApiModel> {
  return (await loadOrThrow(file, { skipSchemaCheck: true })).model;
}

/** A one-operation document with HTTP Basic whose scheme carries `names` as written. */
function documentNaming(names: unknown, tag: string): string {
  const file = join(dir, `${tag}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      security: [{ basicAuth: [] }],
      components: {
        securitySchemes: {
          basicAuth: { type: 'http', scheme: 'basic', 'x-credential-names': names },
        },
      },
      paths: {
        '/hello': {
          get: { operationId: 'hello', responses: { '204': { description: 'ok' } } },
        },
      },
    }),
  );
  return file;
}

const args = (argv: string[], names: CredentialNames, env: Record<string, string> = {}) =>
  parseArgs(['--base-url', 'http://x', ...argv], () => 1, env, names);

describe('what the contract calls its HTTP Basic pair', () => {
  it('ours: email and API key (x-credential-names); a document naming none: RFC 7617’s', async () => {
    expect(basicNamesOf(await modelOf('openapi/openapi.yaml'))).toEqual({
      user: 'email',
      password: 'API key',
    });
    expect(basicNamesOf(await modelOf(OTHER))).toEqual(BASIC_NAMES);
    expect(BASIC_NAMES).toEqual({ user: 'username', password: 'password' });
  });

  it('a document’s own names are used; unfit or clashing ones are not', async () => {
    const named = async (names: unknown, tag: string) =>
      basicNamesOf(await modelOf(documentNaming(names, tag)));
    expect(await named({ user: 'login', password: 'pass phrase' }, 'own')).toEqual({
      user: 'login',
      password: 'pass phrase',
    });
    // Labels that could become options, but would take over one of the runner's: RFC 7617's.
    // Would take over the runner's own --bearer, or our API's --api-key for the other half.
    expect(await named({ user: 'bearer', password: 'p' }, 'bearer')).toEqual(BASIC_NAMES);
    expect(await named({ user: 'login', password: 'api key' }, 'half')).toEqual(BASIC_NAMES);
  });

  it.each([
    ['runner', { user: 'login', password: 'timeout' }, /--timeout is the runner's own option/],
    ['second', { user: 'other user', password: 'p' }, /--other-user is the second user's prefix/],
    ['input', { user: 'password', password: 'secret' }, /--password is the scenarios' input/],
    ['same', { user: 'pass-word', password: 'pass word' }, /both would be the same option/],
  ])('names set aside are said why (%s), and the CLI says it', async (tag, names, why) => {
    const file = documentNaming(names, `aside-${tag}`);
    const naming = basicNaming(await modelOf(file));
    expect(naming.names).toEqual(BASIC_NAMES);
    expect(naming.setAside).toMatch(why);
    expect(naming.setAside).toMatch(/the runner takes --username, --password instead$/);
    // A user who typed the contract's name learns why the option is not there.
    const lines: string[] = [];
    const code = await runCli(
      [
        '--contract',
        file,
        '--base-url',
        'http://127.0.0.1:9',
        `--${names.user.replace(/ /g, '-')}x`,
      ],
      (t) => lines.push(t),
    );
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain(`note: ${naming.setAside}`);
  });

  it('a runner option added to the table is one no contract can take', async () => {
    for (const option of Object.keys(RUNNER_OPTIONS)) {
      const naming = basicNaming(
        await modelOf(documentNaming({ user: 'login', password: option }, `table-${option}`)),
      );
      expect(naming.names, option).toEqual(BASIC_NAMES);
    }
  });
});

describe('an x-credential-names that is not two labels is refused where it is written', () => {
  it.each([
    ['unfit', { user: 'a; rm -rf /', password: 'p' }],
    ['long', { user: 'x'.repeat(40), password: 'p' }],
    ['same', { user: 'same', password: 'Same' }],
    ['half', { user: 'login' }],
    ['text', 'email:API key'],
  ])('%s', async (tag, names) => {
    const loaded = await loadContract(documentNaming(names, `refused-${tag}`), {
      skipSchemaCheck: true,
    });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems).toEqual([
      expect.objectContaining({
        pointer: '#/components/securitySchemes/basicAuth/x-credential-names',
        message: expect.stringMatching(/^x-credential-names must be \{user, password\}/),
        clause: expect.stringMatching(/tms-gen's extensions/),
      }),
    ]);
  });
});

describe('the options', () => {
  const ours: CredentialNames = { user: 'email', password: 'API key' };

  it('another document: --username/--password, --other-username/--other-password, CONTRACT_USERNAME', () => {
    const parsed = args(
      ['--username', 'ada', '--password', 'p:w', '--other-username', 'bo', '--other-password', 'q'],
      BASIC_NAMES,
    );
    expect(parsed.credentials).toEqual({ basic: { user: 'ada', password: 'p:w' } });
    expect(parsed.other).toEqual({ basic: { user: 'bo', password: 'q' } });
    // --password is the pair's here, not a scenario input.
    expect(parsed.password).toBeUndefined();
    expect(
      args([], BASIC_NAMES, { CONTRACT_USERNAME: 'e', CONTRACT_PASSWORD: 'f' }).credentials,
    ).toEqual({ basic: { user: 'e', password: 'f' } });
    expect(() => args(['--username', 'ada'], BASIC_NAMES)).toThrow(
      /--username and --password go together/,
    );
  });

  it('another document still accepts our old --email/--api-key, but not both spellings at once', () => {
    expect(args(['--email', 'a@b.c', '--api-key', 'k'], BASIC_NAMES).credentials).toEqual({
      basic: { user: 'a@b.c', password: 'k' },
    });
    expect(() =>
      args(
        ['--username', 'ada', '--password', 'p', '--email', 'a@b.c', '--api-key', 'k'],
        BASIC_NAMES,
      ),
    ).toThrow(/same pair: give it once/);
    // An API key scheme's key beside the pair, by the old spelling.
    expect(
      args(['--username', 'ada', '--password', 'p', '--api-key', 'X-Key=k'], BASIC_NAMES)
        .credentials,
    ).toEqual({ basic: { user: 'ada', password: 'p' }, keys: { 'X-Key': 'k' } });
  });

  it('ours: --email/--api-key, and --password stays the scenarios’ input; --username is unknown', () => {
    const parsed = args(['--email', 'a@b.c', '--api-key', 'k', '--password', 'pw'], ours);
    expect(parsed.credentials).toEqual({ basic: { user: 'a@b.c', password: 'k' } });
    expect(parsed.password).toBe('pw');
    expect(() => args(['--username', 'a', '--password', 'b'], ours)).toThrow(/username/);
  });

  it('a document’s own names become its options', () => {
    const names = { user: 'login', password: 'pass phrase' };
    expect(args(['--login', 'l', '--pass-phrase', 's'], names).credentials).toEqual({
      basic: { user: 'l', password: 's' },
    });
    expect(usage(names)).toMatch(/--login LOGIN, --pass-phrase PASS_PHRASE/);
    expect(usage(names)).toMatch(/calls them the login and the pass phrase/);
  });

  it('--help shows the contract’s names: ours, or RFC 7617’s with the old ones as still accepted', async () => {
    const lines: string[] = [];
    expect(await runCli(['--help'], (t) => lines.push(t))).toBe(0);
    const ours = lines.join('\n');
    expect(ours).toMatch(/--email EMAIL, --api-key API_KEY/);
    expect(ours).toMatch(/CONTRACT_EMAIL and CONTRACT_API_KEY/);
    expect(ours).toMatch(/--password PASSWORD .*fetch_api_key/);
    expect(ours).not.toMatch(/--username/);
    const generic = USAGE;
    expect(generic).toMatch(/--base-url URL --username USERNAME --password PASSWORD/);
    expect(generic).toMatch(/CONTRACT_USERNAME and CONTRACT_PASSWORD/);
    expect(generic).not.toMatch(/fetch_api_key|--email EMAIL/);
    expect(generic).toMatch(/--email E, --api-key K +still accepted for --username, --password/);
    lines.length = 0;
    expect(await runCli(['--help', '--contract', OTHER], (t) => lines.push(t))).toBe(0);
    expect(lines.join('\n')).toBe(generic);
  });
});

describe('the probes say what the contract calls the pair', () => {
  it('ours: a wrong API key, an unknown email; another document: a wrong password, an unknown username', async () => {
    for (const [file, wrong, unknown] of [
      [
        'openapi/openapi.yaml',
        'the right email with a wrong non-empty API key',
        'an unknown email with the right API key',
      ],
      [
        OTHER,
        'the right username with a wrong non-empty password',
        'an unknown username with the right password',
      ],
    ] as const) {
      const model = await modelOf(file);
      const op = model.operations.find((o) => o.auth === 'required')!.runtime;
      const found = probes(
        { op, input: { path: {}, query: {}, body: {} }, auth: { kind: 'none' } },
        { basic: { user: 'ada@example.com', password: 'secret' } },
        { stateless: false, tag: 't1', schemes: schemesOf(model), basicNames: basicNamesOf(model) },
      );
      const described = Object.fromEntries(
        found.map((p) => [p.kind, p.applies ? p.description : p.reason]),
      );
      expect(described['wrong-password']).toBe(wrong);
      expect(described['unknown-user']).toBe(unknown);
      // Without the pair, the reason names the contract's options.
      const without = probes(
        { op, input: { path: {}, query: {}, body: {} }, auth: { kind: 'none' } },
        undefined,
        { stateless: false, tag: 't1', schemes: schemesOf(model), basicNames: basicNamesOf(model) },
      ).find((p) => p.kind === 'wrong-password')!;
      expect(without.applies ? '' : without.reason).toMatch(
        file === OTHER ? /--username, --password/ : /--email, --api-key/,
      );
    }
  });
});
