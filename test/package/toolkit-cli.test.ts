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
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveShared, sharedPath } from '../shared-folder.js';
import { readmeCommands, type ReadmeCommand } from './readme-commands.js';
import { runTarballs, sharedWorkspace } from './shared.js';
import { isolatedEnv, REPO, run, writeTree, type Workspace } from './workspace.js';

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
  writeTree(ws.root, { ...SERVERS, ...README_FILES });
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
      // each subcommand's --help through the bin npx ran above (without npm's start-up each time)
      const tmsGen = join(ws.root, 'node_modules', '.bin', 'tms-gen');
      for (const name of ['mock', 'test', 'proxy', 'lint', 'diff', 'scaffold']) {
        expect(overview.stdout).toContain(`tms-gen ${name}`);
        const help = await run(tmsGen, [name, '--help'], ws.root);
        expect(help.code, `${name} --help`).toBe(0);
        expect(help.stdout).toMatch(/usage/i);
      }
      const usage = await run(tmsGen, ['mock', '--engine', 'x'], ws.root);
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

/** The files the README's commands name, in the app: `api.yaml`, its released version, its server. */
const README_FILES = Object.fromEntries(
  [
    ['api.yaml', 'api.yaml'],
    ['released/api.yaml', 'released-api.yaml'],
    ['notes-server.mjs', 'notes-server.mjs'],
  ].map(([to, from]) => [to, readFileSync(join(REPO, 'test', 'fixtures', 'readme', from), 'utf8')]),
);

const README_COMMANDS = [
  ...readmeCommands(join(REPO, 'README.md'), 'README.md'),
  ...readmeCommands(join(REPO, 'generated', 'README.md'), 'generated/README.md'),
];

/**
 * A README command in the app: its placeholders made real (the staging server is the stateful
 * mock, `http://localhost:8080` the notes server, a fixed port a free one), else as written.
 */
function inApp(argv: string[], notes = ''): string[] {
  const real: Record<string, string> = {
    'https://staging.example.com': new URL(stateful.base).origin,
    'bot@example.com': stateful.email,
    $KEY: stateful.apiKey,
    $TOKEN: 'secret',
    'http://localhost:8080': notes,
  };
  return argv.map((word, i) => (argv[i - 1] === '--port' ? '0' : (real[word] ?? word)));
}

/** Runs a one-shot README command; its exit code must be 0. */
async function once(c: ReadmeCommand, notes?: string): Promise<string> {
  const [cmd, ...args] = inApp(c.argv, notes);
  const r = await run(cmd, cmd === 'npx' ? ['--no-install', ...args] : args, ws.root);
  expect(r.code, `${c.line}\n${r.stdout}${r.stderr}`).toBe(0);
  return r.stdout + r.stderr;
}

/** Starts a README server command (the bin npx runs), until `ready` matches its output. */
async function serve(c: ReadmeCommand, ready: RegExp): Promise<Started> {
  const [, name, ...args] = inApp(c.argv);
  const port = args.includes('--port') ? [] : ['--port', '0'];
  const started = await startBin(name, [...args, ...port], ready);
  running.push(started);
  return started;
}

const basic = (email: string, key: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`,
});
const MOCK_READY = /base URL\s+(http:\/\/\S+)/;
const STATEFUL_READY =
  /listening on (http:\/\/\S+)[\s\S]*?owner\s+(\S+)\s+password\s+\S+\s+api key\s+(\S+)/;

/** How each README command is run and judged here: the first pattern its line matches. */
const RUNNERS: [RegExp, (c: ReadmeCommand) => Promise<void>][] = [
  // In the clone: CI runs these (.ci/run); the workspace makes the same tarballs (workspace.ts).
  [
    /^npm (ci|run generate)$/,
    async (c) =>
      expect(readFileSync(join(REPO, '.ci', 'run'), 'utf8')).toMatch(
        c.argv[1] === 'ci' ? /npm ci/ : /generate/,
      ),
  ],
  [
    /^npm (pack|run pack:stateful-mock)\b/,
    async () => {
      // the tarballs the run packed this way (test/package/shared.ts), named as the README says
      const { toolkit, bindings, statefulMock } = await runTarballs();
      const said = README_COMMANDS.map((r) => r.line).join(' ');
      for (const tarball of [toolkit, bindings, statefulMock])
        expect(said).toContain(basename(tarball).replace(/-\d+\.\d+\.\d+\.tgz$/, ''));
    },
  ],
  [
    /^npm install\b/,
    async (c) => {
      for (const spec of c.argv.slice(2).filter((w) => !w.startsWith('-'))) {
        const name =
          /([^/]+?)-(\d+\.\d+\.\d+|<version>)\.tgz$/.exec(spec)?.[1] ??
          spec.replace(/(.)@[^@]*$/, '$1');
        const installed = JSON.parse(
          readFileSync(join(ws.root, 'node_modules', name, 'package.json'), 'utf8'),
        ) as { version: string };
        const pinned = /(.)@(\d[^@]*)$/.exec(spec)?.[2];
        if (pinned) expect(installed.version, spec).toBe(pinned);
      }
    },
  ],
  // Stock Prism on the installed contract: test/package/stateful-mock.test.ts starts it.
  [
    /^npx @stoplight\/prism-cli mock node_modules\/team-messaging-service-api\/openapi\.json$/,
    async () => {
      const other = readFileSync(join(REPO, 'test', 'package', 'stateful-mock.test.ts'), 'utf8');
      expect(other).toMatch(/stock Prism starts on the installed package's openapi\.json/);
    },
  ],
  [/ --help$/, async (c) => expect(await once(c)).toMatch(/usage|options/i)],
  [
    /^npx msw init public\/ --save$/,
    async (c) => {
      await once(c);
      expect(existsSync(join(ws.root, 'public', 'mockServiceWorker.js'))).toBe(true);
    },
  ],
  [
    /^npx tms-gen mock --port \d+$/,
    async (c) => {
      const mock = await serve(c, MOCK_READY);
      expect((await fetch(`${mock.found}/users`, { headers: auth })).status).toBe(200);
    },
  ],
  [
    /^npx tms-gen mock --contract api\.yaml/,
    async (c) => {
      const mock = await serve(c, MOCK_READY);
      const notes = await fetch(`${mock.found}/notes`, {
        headers: { authorization: 'Bearer any' },
      });
      expect(notes.status).toBe(200);
      expect(await notes.json()).toEqual([{ id: 1, text: 'Buy milk' }]);
      expect((await fetch(`${mock.found}/notes`)).status).toBe(401);
    },
  ],
  [
    /^npx tms-gen mock --latency 100-800 --fail-rate 10%/,
    async (c) => {
      const mock = await serve(c, MOCK_READY);
      const contract = JSON.parse(
        readFileSync(join(ws.root, 'node_modules', ws.bindingsName, 'openapi.json'), 'utf8'),
      );
      // GET /users documents 200 and `default`, which the faults answer as 500
      const documented = Object.keys(contract.paths['/users'].get.responses);
      expect(documented).toEqual(['200', 'default']);
      // Seeded: the same draws every run, whatever order the 40 requests arrive in.
      const answers = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const t = performance.now();
          const answer = await fetch(`${mock.found}/users`, { headers: auth });
          const body = (await answer.json()) as { result?: string; code?: string };
          return { status: answer.status, ms: performance.now() - t, body };
        }),
      );
      expect(
        answers.every((a) => a.ms >= 100),
        JSON.stringify(answers),
      ).toBe(true);
      const failed = answers.filter((a) => a.status !== 200);
      expect(failed.length, JSON.stringify(answers)).toBeGreaterThan(0);
      // the documented error: the contract's envelope and one of its example codes
      for (const a of failed)
        expect(a).toMatchObject({
          status: 500,
          body: { result: 'error', code: expect.any(String) },
        });
    },
  ],
  [
    /^npx team-messaging-service-stateful-mock --port/,
    async (c) => {
      const mock = await serve(c, STATEFUL_READY);
      const [base, email, key] = mock.found.split('\n');
      expect((await fetch(`${base}/users`, { headers: basic(email, key) })).status).toBe(200);
    },
  ],
  [
    /^npx tms-gen test --base-url/,
    async (c) => {
      await once(c);
      expect(readFileSync(join(ws.root, 'reports', 'contract.xml'), 'utf8')).toMatch(
        /<testsuites name="contract" tests="\d+" failures="0"/,
      );
    },
  ],
  [
    /^npx tms-gen test --contract api\.yaml/,
    async (c) => {
      const notes = await startServer('notes-server.mjs');
      expect(await once(c, notes.found)).toMatch(/PASS\s+listNotes/);
    },
  ],
  [
    /^npx tms-gen proxy --upstream/,
    async (c) => {
      const proxy = await serve(c, /listening\s+(http:\/\/\S+)/);
      const answer = await fetch(`${proxy.found}/users`, {
        headers: basic(stateful.email, stateful.apiKey),
      });
      expect(answer.status).toBe(200);
      await answer.text();
      expect(await proxy.stop(), proxy.output()).toBe(0);
      for (const ext of ['json', 'xml'])
        expect(existsSync(join(ws.root, 'reports', `traffic.${ext}`))).toBe(true);
    },
  ],
  [
    /^npx tms-gen scaffold --dir src\/handlers$/,
    async (c) => {
      await once(c);
      expect(readFileSync(join(ws.root, 'src', 'handlers', 'index.ts'), 'utf8')).toContain(
        `from "${ws.bindingsName}/server"`,
      );
      writeTree(ws.root, {
        'tsconfig.handlers.json': JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            noEmit: true,
            skipLibCheck: true,
            types: ['node'],
          },
          include: ['src/handlers'],
        }),
      });
      const tsc = await run(
        process.execPath,
        [join(ws.root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.handlers.json'],
        ws.root,
      );
      expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
    },
  ],
  [
    /^npx tms-gen --contract api\.yaml --out src\/api --docs docs\/api$/,
    async (c) => {
      await once(c);
      for (const file of ['src/api/client.ts', 'docs/api/index.html'])
        expect(existsSync(join(ws.root, file)), file).toBe(true);
    },
  ],
  [
    /^npx tms-gen --contract api\.yaml --only docs --docs site\/$/,
    async (c) => {
      await once(c);
      expect(readFileSync(join(ws.root, 'site', 'index.html'), 'utf8')).toContain('Notes API');
      expect(existsSync(join(ws.root, 'generated')), 'only the reference is written').toBe(false);
    },
  ],
  [
    /^npx tms-gen preview --contract api\.yaml$/,
    async (c) => {
      const preview = await serve(c, /preview of \S+: (http:\/\/\S+?)\/? /);
      const page = await fetch(`${preview.found}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Notes API');
    },
  ],
  [
    /^npx tms-gen diff --contract api\.yaml --base released\/api\.yaml --format markdown$/,
    async (c) => {
      expect(await once(c)).toContain('**added** `POST /notes`');
    },
  ],
  [
    /^npx tms-gen lint --contract api\.yaml$/,
    async (c) => {
      expect(await once(c)).toMatch(/0 load problem\(s\), 0 error\(s\), 0 warning\(s\)/);
    },
  ],
];

describe('the READMEs, command by command, in the installed app', () => {
  const runnerOf = (c: ReadmeCommand) => RUNNERS.find(([pattern]) => pattern.test(c.line))?.[1];

  it('runs every command the READMEs show', () => {
    expect(README_COMMANDS.length).toBeGreaterThan(20);
    // Each README on its own: one that yields no command (a fence relabelled, a path moved)
    // would otherwise pass unseen behind the other's commands.
    for (const readme of ['README.md', 'generated/README.md'])
      expect(README_COMMANDS.filter((c) => c.readme === readme).length, readme).toBeGreaterThan(0);
    expect(
      README_COMMANDS.filter((c) => !runnerOf(c)).map((c) => `${c.readme}: ${c.line}`),
    ).toEqual([]);
  });

  it.each(README_COMMANDS.map((c) => [`${c.readme}: ${c.line}`, c] as const))(
    '%s',
    async (_, c) => {
      await runnerOf(c)?.(c);
    },
    TIMEOUT_MS,
  );
});

/**
 * An app with the toolkit but without its optional peers (Prism's engine, Spectral's ruleset
 * bundler), made from the shared app's installed files without another install: the toolkit's
 * folder copied (so it resolves packages from this app only) beside links to every other
 * installed package but the peers.
 */
function appWithoutPeers(): string {
  const peers = ['@stoplight/prism-http', '@stoplight/spectral-ruleset-bundler'];
  const app = mkdtempSync(join(tmpdir(), 'tms-no-peers-'));
  const from = join(ws.root, 'node_modules');
  const names = readdirSync(from).flatMap((entry) =>
    entry.startsWith('@') ? readdirSync(join(from, entry)).map((n) => `${entry}/${n}`) : [entry],
  );
  for (const name of names.filter(
    (n) => n !== '.bin' && !n.startsWith('.') && !peers.includes(n),
  )) {
    const to = join(app, 'node_modules', name);
    mkdirSync(dirname(to), { recursive: true });
    if (name === 'tms-toolkit') cpSync(join(from, name), to, { recursive: true });
    else symlinkSync(join(from, name), to);
  }
  return app;
}

describe('the toolkit without its optional peers', () => {
  it(
    'mock with Prism and lint with a JavaScript ruleset name the package to install (exit 2)',
    async () => {
      const app = appWithoutPeers();
      try {
        const cli = join(app, 'node_modules', 'tms-toolkit', 'bin', 'tms-gen.js');
        const mock = await run(process.execPath, [cli, 'mock', '--port', '0'], app);
        expect(mock.code, mock.stdout + mock.stderr).toBe(2);
        expect(mock.stderr.trim()).toBe(
          "tms-gen mock: Prism's engine is not installed (npm install --save-dev @stoplight/prism-http@5.12.0), or use --engine fake",
        );
        writeTree(app, { 'rules.spectral.js': 'export default { rules: {} };\n' });
        const lint = await run(
          process.execPath,
          [cli, 'lint', '--ruleset', 'rules.spectral.js'],
          app,
        );
        expect(lint.code, lint.stdout + lint.stderr).toBe(2);
        expect(lint.stderr).toMatch(
          /a \.js ruleset needs Spectral's ruleset bundler \(npm install --save-dev @stoplight\/spectral-ruleset-bundler\)/,
        );
      } finally {
        rmSync(app, { recursive: true, force: true });
      }
    },
    TIMEOUT_MS,
  );
});
