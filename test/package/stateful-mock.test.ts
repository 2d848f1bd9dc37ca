/**
 * The stateful mock and the bundled contract, used the way an app outside this repository uses
 * them: the bindings (`npm pack ./generated`) and the stateful mock's package (built from
 * mock/stateful and `npm pack`ed) installed from their tarballs, with msw, into one fresh app
 * under os.tmpdir() (one packing, one install for every check below), then from there only:
 * - `npx team-messaging-service-stateful-mock` on a free port: a message sent comes back; a
 *   usage error is one line and exit 2;
 * - the stateful MSW handlers in msw/node with the typed client, compiled strictly against the
 *   installed packages' types (a planted wrong seed preset must not compile);
 * - a page bundled by esbuild from the installed packages runs them with setupWorker in
 *   headless Chromium;
 * - stock Prism (this repository's @stoplight/prism-cli) starts on the installed openapi.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { runTarballs } from './shared.js';
import { statefulApp } from './stateful-apps.js';
import { isolatedEnv, mustRun, npmInstall, REPO, run, writeTree } from './workspace.js';

const MOCK = 'team-messaging-service-stateful-mock';
const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI)
  throw new Error(`${CHROMIUM} is missing and CI is set: the browser check may not be skipped`);
/** Packing, installing, tsc and Chromium on a loaded 2-core machine: minutes, not seconds. */
const TIMEOUT_MS = 300_000;

let app: string;
let bindings: string;
const started: ChildProcess[] = [];

function versionOf(name: string): string {
  const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return manifest.dependencies[name] ?? manifest.devDependencies[name];
}

beforeAll(async () => {
  app = mkdtempSync(join(tmpdir(), 'tms-stateful-mock-'));
  // packed once per run, shared with the other package tests (test/package/shared.ts)
  const tarballs = await runTarballs();
  bindings = tarballs.bindingsName;
  expect(tarballs.statefulMockName).toBe(MOCK);
  writeTree(app, statefulApp(bindings, MOCK));
  await npmInstall(
    [
      '--loglevel=error',
      tarballs.bindings,
      tarballs.statefulMock,
      `msw@${versionOf('msw')}`,
      `@types/node@${versionOf('@types/node')}`,
    ],
    app,
  );
}, 900_000);

afterAll(async () => {
  for (const child of started) stop(child);
  if (app) rmSync(app, { recursive: true, force: true });
});

/** Starts `cmd` in the app in a process group of its own; resolves on `ready` in its output. */
function startInApp(
  cmd: string,
  args: string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(cmd, args, { cwd: app, env: isolatedEnv(), detached: true });
  started.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const guard = setTimeout(
      () => reject(new Error(`${cmd} ${args.join(' ')} did not start:\n${output}`)),
      TIMEOUT_MS - 10_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(guard);
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(guard);
      reject(new Error(`${cmd} exited ${code} before it was ready:\n${output}`));
    });
  });
}

/** Ends the process group (npx → npm exec → node) started above. */
function stop(child: ChildProcess): void {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('the stateful mock and the contract from installed tarballs', () => {
  it(
    'npx starts the stateful mock on a port: a sent message comes back; a usage error is one line, exit 2',
    async () => {
      const { child, output } = await startInApp(
        'npx',
        [MOCK, '--port', '0', '--seed', 'default'],
        /api key \S+[\s\S]*CORS:/,
      );
      try {
        const base = /listening on (http:\/\/\S+)/.exec(output())![1];
        const key = /maya@example\.com\s+password \S+\s+api key (\S+)/.exec(output())![1];
        const auth = `Basic ${Buffer.from(`maya@example.com:${key}`).toString('base64')}`;
        const content = `from npx at ${Date.now()}`;
        const sent = await fetch(`${base}/messages`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ type: 'channel', to: 'general', topic: 'npx', content }),
        });
        const { id } = (await sent.json()) as { id: number };
        expect(sent.status).toBe(200);
        const read = await fetch(
          `${base}/messages?anchor=newest&num_before=1&num_after=0&apply_markdown=false`,
          { headers: { authorization: auth } },
        );
        const { messages } = (await read.json()) as { messages: { id: number; content: string }[] };
        expect(messages.map((m) => [m.id, m.content])).toEqual([[id, content]]);
      } finally {
        stop(child);
      }
      const bad = await run('npx', [MOCK, '--seed', 'no-such-preset'], app);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(
        /^team-messaging-service-stateful-mock: unknown --seed 'no-such-preset'.*\nusage: /,
      );
      expect(bad.stderr).not.toMatch(/\n\s+at /);
    },
    TIMEOUT_MS,
  );

  it(
    'the stateful MSW handlers in msw/node, with the typed client, compiled strictly; a planted error fails',
    async () => {
      const tsc = await run(
        process.execPath,
        [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', '.'],
        app,
      );
      const errors = tsc.stdout.split('\n').filter((l) => /error TS/.test(l));
      expect(
        errors.filter((l) => !l.startsWith('planted/')),
        tsc.stdout,
      ).toEqual([]);
      expect(errors.join('\n')).toMatch(/^planted\/planted\.ts.*no-such-preset/);
      const out = await mustRun(process.execPath, ['dist/src/node-main.js'], app);
      const result = JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
      expect(result.readId).toBe(result.sentId);
      expect(result.readContent).toBe(result.content);
      expect(result.newestAfterReset).not.toBe(result.sentId);
    },
    TIMEOUT_MS,
  );

  it.skipIf(!haveChromium)(
    'a page bundled by esbuild from the installed packages runs the stateful handlers with setupWorker',
    async () => {
      const { build } = await import('esbuild');
      await build({
        absWorkingDir: app,
        entryPoints: ['src/page.ts'],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        outfile: 'site/page.js',
        logLevel: 'silent',
        define: { 'process.env.NODE_ENV': '"development"' },
      });
      copyFileSync(
        join(app, 'node_modules/msw/lib/mockServiceWorker.js'),
        join(app, 'site/mockServiceWorker.js'),
      );
      const served: string[] = [];
      const site: Server = createServer((req, res) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        served.push(path);
        const file = join(app, 'site', path === '/' ? 'index.html' : path.slice(1));
        const type = { '.html': 'text/html', '.js': 'text/javascript' }[extname(file)];
        if (type && existsSync(file))
          res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
        else res.writeHead(404).end();
      });
      await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
      const browser = await sharedBrowser();
      try {
        const tab = await browser.newPage();
        await tab.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
        await tab.waitForFunction(() => '__result' in window, null, { timeout: 60_000 });
        const result = (await tab.evaluate(
          () => (window as unknown as { __result: unknown }).__result,
        )) as Record<string, unknown>;
        expect(result.error).toBeUndefined();
        expect(result.readId).toBe(result.sentId);
        expect(result.readContent).toBe(result.content);
        // the worker answered: no API request reached the static server
        expect(served.filter((p) => p.startsWith('/api/'))).toEqual([]);
        expect(served).toContain('/mockServiceWorker.js');
      } finally {
        await browser.close();
        await new Promise<void>((r) => site.close(() => r()));
      }
    },
    TIMEOUT_MS,
  );

  it(
    "stock Prism starts on the installed package's openapi.json and answers from it",
    async () => {
      const exported = await mustRun(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          // the bindings README's two lines
          `import contract from '${bindings}/openapi.json' with { type: 'json' };
import { fileURLToPath } from 'node:url';
const file = fileURLToPath(import.meta.resolve('${bindings}/openapi.json'));
console.log(JSON.stringify({ openapi: contract.openapi, paths: Object.keys(contract.paths).length, file }));`,
        ],
        app,
      );
      const info = JSON.parse(exported) as { openapi: string; paths: number; file: string };
      expect(info.openapi).toMatch(/^3\.1\./);
      expect(info.paths).toBeGreaterThan(10);
      expect(info.file.startsWith(app)).toBe(true);
      // one file: every $ref points inside it
      const text = readFileSync(info.file, 'utf8');
      expect(text.match(/"\$ref": "(?!#)/g)).toBeNull();
      const port = await freePort();
      const { child } = await startInApp(
        join(REPO, 'node_modules/.bin/prism'),
        ['mock', info.file, '-h', '127.0.0.1', '-p', String(port)],
        /Prism is listening/,
      );
      try {
        // Prism 5 serves the paths without the servers' base path
        const users = await fetch(`http://127.0.0.1:${port}/users`, {
          headers: { authorization: `Basic ${Buffer.from('a@example.com:k').toString('base64')}` },
        });
        expect(users.status).toBe(200);
        expect(await users.json()).toMatchObject({ result: 'success', members: expect.any(Array) });
      } finally {
        stop(child);
      }
    },
    TIMEOUT_MS,
  );
});
