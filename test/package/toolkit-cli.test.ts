/**
 * The toolkit's subcommands as a user runs them: the packed toolkit installed into a fresh app in
 * a temporary folder with the bindings and the stateful mock's package (no node_modules of this
 * repository reachable, test/package/workspace.ts; the app install.test.ts checks too),
 * and from there only, with Node alone, the README's commands: `npx tms-gen mock` on our contract
 * and on a breadth document, `npx tms-gen test` against a server that refuses everything (exit 1)
 * and the stateful mock's own package (exit 0, JUnit written), `npx tms-gen proxy` in front of a
 * server that breaks one field (a violation, exit 1) and the stateful mock (none, exit 0),
 * `npx tms-gen lint`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveShared, sharedPath } from '../shared-folder.js';
import { sharedWorkspace } from './shared.js';
import { isolatedEnv, run, writeTree, type Workspace } from './workspace.js';

const BREADTH_DOC = ['specs', 'breadth', 'giphy.com.json'] as const;
const haveBreadth = haveShared('tms-gen mock on a breadth document', ...BREADTH_DOC);

/** npm pack, npm install and a generate per prepared contract: minutes on a loaded machine. */
const TIMEOUT_MS = 400_000;
/**
 * A hang guard for the set-up: it waits for the run's shared app (test/package/shared.ts, built
 * by whichever package file asks first) and starts two servers from it; at a load of 30 on two
 * cores it passed 400 s.
 */
const SETUP_TIMEOUT_MS = 900_000;

interface Started {
  child: ChildProcess;
  /** the first match of `ready` in the output */
  found: string;
  output: () => string;
  /** sends SIGINT and waits for the exit code */
  stop: () => Promise<number>;
}

/**
 * Starts `tms-gen <args>` in the app and waits until its output matches `ready`. Through the bin
 * npx would run (node_modules/.bin/tms-gen), not through npx itself: `npm exec` does not hand
 * Ctrl-C (SIGINT) on to the command, which is how a server of the toolkit is stopped.
 */
function start(root: string, args: string[], ready: RegExp): Promise<Started> {
  return startBin('tms-gen', args, ready, root);
}

/** `found`: the match's groups joined by new lines (or the whole match). */
function startBin(name: string, args: string[], ready: RegExp, root = ws.root): Promise<Started> {
  const child = spawn(join(root, 'node_modules', '.bin', name), args, {
    cwd: root,
    env: isolatedEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? 137)));
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGINT');
    // a hang guard: what does not stop on SIGINT is killed (and its exit code is not 0 or 1)
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    return exited.finally(() => clearTimeout(guard));
  };
  return new Promise((ok, fail) => {
    const look = (chunk: Buffer) => {
      text += chunk.toString();
      const match = ready.exec(text);
      if (match)
        ok({
          child,
          found: match.length > 1 ? match.slice(1).join('\n') : match[0],
          output: () => text,
          stop,
        });
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then((code) => fail(new Error(`${name} ${args[0]} exited ${code}:\n${text}`)));
  });
}

/** A server of the app (written there, run by Node): answers every request as `script` says. */
const SERVERS = {
  // Every request refused, as a server with its API turned off would.
  'refuse.mjs': `import { createServer } from 'node:http';
const server = createServer((req, res) => { res.writeHead(503, { 'content-type': 'text/plain' }); res.end('down'); });
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));`,
  // The good mock's answers, but the users' list is not a list.
  'break-one-field.mjs': `import { createServer } from 'node:http';
const upstream = process.argv[2];
const server = createServer(async (req, res) => {
  const answer = await fetch(upstream + req.url, { method: req.method, headers: { authorization: req.headers.authorization ?? '' } });
  const body = await answer.json();
  if (Array.isArray(body.members)) body.members = 'not a list';
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));`,
};

let ws: Workspace;
let good: Started;
/** the packaged stateful mock: its base URL and its owner's credentials */
let stateful: { base: string; email: string; password: string; apiKey: string };
const running: Started[] = [];

beforeAll(async () => {
  // packed and installed once per run, shared with install.test.ts (test/package/shared.ts)
  ws = await sharedWorkspace();
  writeTree(ws.root, SERVERS);
  // The README's command: our contract's mock, the base URL printed with --quiet.
  good = await start(ws.root, ['mock', '--port', '0', '--quiet'], /^(http:\/\/\S+)$/m);
  running.push(good);
  const started = await startBin(
    'team-messaging-service-stateful-mock',
    ['--port', '0'],
    /listening on (http:\/\/\S+)[\s\S]*?owner\s+(\S+)\s+password\s+(\S+)\s+api key\s+(\S+)/,
  );
  running.push(started);
  const [base, email, password, apiKey] = started.found.split('\n');
  stateful = { base, email, password, apiKey };
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

const auth = {
  authorization: `Basic ${Buffer.from('iago@example.com:abcd1234').toString('base64')}`,
};

describe(
  'tms-gen from the installed toolkit',
  () => {
    it('lists every subcommand, each with its own --help', async () => {
      const overview = await run('npx', ['--no-install', 'tms-gen', '--help'], ws.root);
      expect(overview.code).toBe(0);
      for (const name of ['mock', 'test', 'proxy', 'lint', 'diff', 'scaffold']) {
        expect(overview.stdout).toContain(`tms-gen ${name}`);
        const help = await run('npx', ['--no-install', 'tms-gen', name, '--help'], ws.root);
        expect(help.code, `${name} --help`).toBe(0);
        expect(help.stdout).toMatch(/usage/i);
      }
      const usage = await run('npx', ['--no-install', 'tms-gen', 'mock', '--engine', 'x'], ws.root);
      expect(usage.code).toBe(2);
      expect(usage.stderr.trim().split('\n')).toHaveLength(1);
    });

    it('mock: our contract answers from its examples, with the API envelope', async () => {
      const users = await fetch(`${good.found}/users`, { headers: auth });
      expect(users.status).toBe(200);
      expect(await users.json()).toMatchObject({ result: 'success', members: expect.any(Array) });
      const anonymous = await fetch(`${good.found}/users/me/status`, { method: 'POST' });
      expect(anonymous.status).toBe(401);
    });

    it.skipIf(!haveBreadth)('mock: a breadth document, its own base path and auth', async () => {
      copyFileSync(sharedPath(...BREADTH_DOC), join(ws.root, 'giphy.json'));
      const mock = await start(
        ws.root,
        ['mock', '--contract', 'giphy.json', '--port', '0', '--quiet'],
        /^(http:\/\/\S+)$/m,
      );
      running.push(mock);
      const trending = await fetch(`${mock.found}/gifs/trending?api_key=k`);
      expect(trending.status).toBe(200);
      expect(await trending.json()).toMatchObject({ data: expect.any(Array) });
      expect((await fetch(`${mock.found}/gifs/trending`)).status).toBe(401);
    });

    it('test: a server that refuses everything fails (exit 1); the stateful mock passes with JUnit', async () => {
      const down = await startServer('refuse.mjs');
      const failed = await run(
        'npx',
        [
          '--no-install',
          'tms-gen',
          'test',
          '--base-url',
          `${down.found}/api/v1`,
          '--email',
          'bot@example.com',
          '--api-key',
          'k',
          '--quiet',
        ],
        ws.root,
      );
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
      const passed = await run(
        'npx',
        [
          '--no-install',
          'tms-gen',
          'test',
          '--base-url',
          `${stateful.base}`,
          '--email',
          stateful.email,
          '--api-key',
          stateful.apiKey,
          '--password',
          stateful.password,
          '--quiet',
          '--report',
          'reports/contract',
        ],
        ws.root,
      );
      expect(passed.code, passed.stdout + passed.stderr).toBe(0);
      const junit = readFileSync(join(ws.root, 'reports', 'contract.xml'), 'utf8');
      expect(junit).toMatch(/<testsuites name="contract" tests="\d+" failures="0"/);
      expect(existsSync(join(ws.root, 'reports', 'contract.json'))).toBe(true);
    });

    it('proxy: a broken field is a violation (exit 1); the stateful mock none (exit 0)', async () => {
      const origin = new URL(stateful.base).origin;
      const auth = {
        authorization: `Basic ${Buffer.from(`${stateful.email}:${stateful.apiKey}`).toString('base64')}`,
      };
      const broken = await startServer('break-one-field.mjs', origin);
      const verdicts: string[] = [];
      for (const upstream of [broken.found, origin]) {
        const proxy = await start(
          ws.root,
          [
            'proxy',
            '--upstream',
            upstream,
            '--port',
            '0',
            '--quiet',
            '--report',
            'reports/proxy.xml',
          ],
          /^(http:\/\/\S+)$/m,
        );
        const answer = await fetch(`${proxy.found}/api/v1/users`, { headers: auth });
        expect(answer.status).toBe(200);
        await answer.text();
        await waitFor(() => proxy.output().includes('VIOLATION') || upstream === origin);
        const code = await proxy.stop();
        verdicts.push(`${code}`);
        if (upstream === broken.found) {
          expect(proxy.output()).toMatch(/VIOLATION getUsers \[body-shape\]/);
          expect(code).toBe(1);
        } else {
          expect(proxy.output()).not.toContain('VIOLATION');
          expect(code).toBe(0);
          expect(readFileSync(join(ws.root, 'reports', 'proxy.xml'), 'utf8')).toContain(
            'failures="0"',
          );
        }
      }
      expect(verdicts).toEqual(['1', '0']);
    });

    it('lint: our contract is clean', async () => {
      const lint = await run('npx', ['--no-install', 'tms-gen', 'lint'], ws.root);
      expect(lint.code, lint.stdout + lint.stderr).toBe(0);
      expect(lint.stdout).toMatch(/0 load problem\(s\), 0 error\(s\), 0 warning\(s\)/);
    });
  },
  TIMEOUT_MS,
);

async function startServer(script: string, ...args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ws.root,
    env: isolatedEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = await new Promise<Started>((ok, fail) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /^(http:\/\/\S+)$/m.exec(text);
      if (match)
        ok({
          child,
          found: match[1],
          output: () => text,
          stop: () => {
            child.kill();
            return Promise.resolve(0);
          },
        });
    });
    child.on('exit', (code) => fail(new Error(`${script} exited ${code}`)));
  });
  running.push(started);
  return started;
}

/** Polls `condition`; gives up after `ms`, a hang guard far above a normal wait (a busy machine slows it). */
async function waitFor(condition: () => boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((ok) => setTimeout(ok, 50));
}
