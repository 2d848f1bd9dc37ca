/**
 * The toolkit and the bindings as packages, used the way an app uses them: both packed with
 * `npm pack`, installed from the tarballs into a fresh app under os.tmpdir() (one install shared
 * by every check below and toolkit-cli.test.ts: test/package/shared.ts), and then
 * - TypeScript NodeNext, TypeScript Bundler and plain JavaScript apps send a message to the
 *   stateful mock (started from this repository on a free port) and read it back through a
 *   narrow; the TypeScript apps fail to compile with a planted type error;
 * - `npx tms-gen` of the packed toolkit generates bindings for a third-party document into an
 *   app folder, which compiles there under `tsc --strict` and runs;
 * - a page bundled with esbuild from the installed bindings calls the mock from another origin in
 *   headless Chromium (CORS).
 * Nothing in the app may resolve into this repository.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { bundleForBrowser, gzipSize } from '../../bench/lib/browser-bundle.js';
import { createStatefulMock } from '../../mock/stateful/index.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import {
  browserApp,
  bundlerApp,
  clientOnly,
  generatedFolderApp,
  nodeNextApp,
  plainJsApp,
} from './apps.js';
import { sharedWorkspace } from './shared.js';
import { mustRun, REPO, run, writeTree, type Workspace } from './workspace.js';
import { allTools, overStdio, textOf } from '../mcp/harness.js';

/** The third-party document generated from the packed toolkit (a small breadth sample). */
const BREADTH_DOC = ['specs', 'breadth', 'up.com.au.json'] as const;
const haveBreadth = haveShared('npx tms-gen on a breadth document', ...BREADTH_DOC);

/** tsc, esbuild, npx and Chromium in apps: minutes on a loaded 2-core machine, not seconds. */
const TEST_TIMEOUT_MS = 300_000;

/**
 * The client alone in a minified browser bundle is measured by `npm run bench -- client-size`
 * (bench/results/client-size.md; issue 13's target: at or under 42.7 KB / 11.4 KB). What this
 * file holds to is that packaging adds nothing: the installed package bundles no bigger than
 * the repository's own TypeScript sources of the same client (1% slack for esbuild's naming).
 */
const PACKAGING_SLACK = 1.01;

let ws: Workspace;
let mock: { base: string; email: string; apiKey: string; server: Server };
const timings: string[] = [];

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await work();
  } finally {
    timings.push(`${label} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}

async function startMock() {
  const stateful = createStatefulMock({ logger: { error: () => {} } });
  const server = createServer(stateful.listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const user = stateful.credentials.find((c) => c.role === 'member') ?? stateful.credentials[0];
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    email: user.email,
    apiKey: user.apiKey,
    server,
  };
}

beforeAll(async () => {
  mock = await startMock();
  // packed and installed once per run, shared with toolkit-cli.test.ts (test/package/shared.ts)
  ws = await timed('pack + install (or wait for it)', sharedWorkspace);
}, 900_000);

afterAll(async () => {
  if (mock) await new Promise<void>((r) => mock.server.close(() => r()));
  if (timings.length) console.log(`package checks: ${timings.join(', ')}`);
});

const bin = (name: string) => join(ws.root, 'node_modules', '.bin', name);
const inApp = (path: string) => !relative(ws.root, path).startsWith('..');

function mockEnv(app: string): Record<string, string> {
  return { BASE_URL: mock.base, EMAIL: mock.email, API_KEY: mock.apiKey, APP: app };
}

function expectRoundTrip(stdout: string, app: string) {
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
  expect(result.app).toBe(app);
  expect(result.readBack).toBe(result.expected);
  expect(result.valid).toBe(true);
  expect(result.messagesInNarrow).toBe(1);
  expect(result.paged).toBe(1);
}

/**
 * tsc over the app and a planted error: it must fail, on the planted line only, so the app's
 * own files compile cleanly under --strict (one compile for both keeps the check quick).
 */
async function expectOnlyPlantedError(dir: string) {
  const r = await run(process.execPath, [bin('tsc'), '-p', 'tsconfig.planted.json'], dir);
  expect(r.code).not.toBe(0);
  const errors = r.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
  expect(errors.length).toBeGreaterThan(0);
  for (const line of errors) expect(line).toMatch(/^planted\/planted\.ts\(4,\d+\): error TS2322/);
}

describe.concurrent('installed from tarballs', () => {
  it(
    'resolves every package inside the app, none in this repository',
    async () => {
      expect(inApp(ws.root) && !ws.root.startsWith(REPO)).toBe(true);
      const specifiers = [
        ws.bindingsName,
        `${ws.bindingsName}/client`,
        `${ws.bindingsName}/types`,
        `${ws.bindingsName}/validators`,
        `${ws.bindingsName}/server`,
        `${ws.bindingsName}/mcp`,
        '@modelcontextprotocol/sdk/server/index.js',
        'openapi-fetch',
        'tms-toolkit/package.json',
        'typescript',
      ];
      // Resolved by Node from the app, as the app's own code would.
      const script = `for (const s of ${JSON.stringify(specifiers)}) console.log(import.meta.resolve(s));`;
      const out = await mustRun(process.execPath, ['--input-type=module', '-e', script], ws.root);
      const resolved = out.trim().split('\n');
      expect(resolved).toHaveLength(specifiers.length);
      for (const url of resolved) expect(inApp(realpathSync(new URL(url))), url).toBe(true);
      // Every installed package is a real folder of the app (tarballs are copied, never linked).
      const top = readdirSync(join(ws.root, 'node_modules')).filter((n) => !n.startsWith('.'));
      for (const name of top.flatMap((n) =>
        n.startsWith('@')
          ? readdirSync(join(ws.root, 'node_modules', n)).map((s) => `${n}/${s}`)
          : [n],
      ))
        expect(inApp(realpathSync(join(ws.root, 'node_modules', name))), name).toBe(true);
      // The bindings ship compiled modules only, with openapi-fetch their one dependency.
      const installed = join(ws.root, 'node_modules', ws.bindingsName);
      const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
      expect(Object.keys(manifest.dependencies)).toEqual(['openapi-fetch']);
      expect(manifest.sideEffects).toBe(false);
      expect(existsSync(join(installed, 'runtime', 'client.js'))).toBe(true);
      expect(existsSync(join(installed, 'client.ts'))).toBe(false);
      // Every relative import of every module stays inside the package (no path back into the
      // toolkit's runtime/): resolved against the importing file, not guessed from its text.
      for (const f of readdirSync(installed, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(js|d\.ts)$/.test(f)) continue;
        const source = readFileSync(join(installed, f), 'utf8');
        for (const [, spec] of source.matchAll(/from ["'](\.{1,2}\/[^"']+)["']/g)) {
          const target = resolve(dirname(join(installed, f)), spec);
          expect(target.startsWith(installed + sep), `${f}: ${spec}`).toBe(true);
        }
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'TypeScript NodeNext: compiles strictly, runs the round trip, fails on a planted error',
    async () => {
      const dir = join(ws.root, 'nodenext');
      writeTree(dir, nodeNextApp(ws.bindingsName));
      await timed('nodenext', async () => {
        await expectOnlyPlantedError(dir);
        expectRoundTrip(
          await mustRun(process.execPath, ['dist/src/main.js'], dir, mockEnv('nodenext')),
          'nodenext',
        );
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'TypeScript Bundler: type-checks, bundles with esbuild, runs the round trip, fails on a planted error',
    async () => {
      const dir = join(ws.root, 'bundler');
      writeTree(dir, bundlerApp(ws.bindingsName));
      await timed('bundler', async () => {
        await expectOnlyPlantedError(dir);
        await mustRun(
          bin('esbuild'),
          [
            'src/main.ts',
            '--bundle',
            '--platform=node',
            '--format=esm',
            '--outfile=dist/main.mjs',
            '--log-level=warning',
          ],
          dir,
        );
        expectRoundTrip(
          await mustRun(process.execPath, ['dist/main.mjs'], dir, mockEnv('bundler')),
          'bundler',
        );
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'plain JavaScript: runs the round trip with Node alone',
    async () => {
      const dir = join(ws.root, 'plainjs');
      writeTree(dir, plainJsApp(ws.bindingsName));
      expectRoundTrip(
        await mustRun(process.execPath, ['main.js'], dir, mockEnv('plainjs')),
        'plainjs',
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'bundles the client alone for browsers no bigger than the repository sources of the same client',
    async () => {
      const dir = join(ws.root, 'size');
      writeTree(dir, clientOnly(ws.bindingsName));
      await mustRun(
        bin('esbuild'),
        [
          'client-only.js',
          '--bundle',
          '--minify',
          '--format=esm',
          '--platform=browser',
          '--outfile=out.js',
          '--log-level=warning',
        ],
        dir,
      );
      const bytes = readFileSync(join(dir, 'out.js'));
      const gzipped = gzipSize(bytes);
      // The reference: the same entry on generated/client.ts, bundled by the repository's esbuild.
      const reference = await bundleForBrowser(
        `export { createApiClient } from './generated/client.ts';`,
        REPO,
      );
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(
        `client alone, browser bundle: ${kb(bytes.length)} minified, ${kb(gzipped)} gzipped ` +
          `(from the repository's sources: ${kb(reference.bytes.length)}, ${kb(reference.gzip)})`,
      );
      expect(bytes.length).toBeLessThanOrEqual(reference.bytes.length * PACKAGING_SLACK);
      expect(gzipped).toBeLessThanOrEqual(reference.gzip * PACKAGING_SLACK);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("the bindings' MCP server command, installed", () => {
  it(
    'names its environment in --help, and over stdio lists reads only, then sends with --allow-writes',
    async () => {
      const command = bin(`${ws.bindingsName}-mcp`);
      const help = await mustRun(command, ['--help'], ws.root);
      expect(help).toContain('TEAM_MESSAGING_SERVICE_BASE_URL');
      expect(help).toContain('TEAM_MESSAGING_SERVICE_API_KEY');
      const env = {
        PATH: process.env.PATH ?? '',
        TEAM_MESSAGING_SERVICE_BASE_URL: mock.base,
        TEAM_MESSAGING_SERVICE_EMAIL: mock.email,
        TEAM_MESSAGING_SERVICE_API_KEY: mock.apiKey,
      };
      await timed('mcp', async () => {
        const reads = await overStdio([], env, command, true);
        try {
          const { tools } = await allTools(reads.client);
          expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
          expect(tools.map((t) => t.name)).toContain('getMessages');
        } finally {
          await reads.close();
        }
        const writes = await overStdio(['--allow-writes'], env, command, true);
        try {
          const sent = await writes.client.callTool({
            name: 'sendMessage',
            arguments: { type: 'channel', to: 'general', topic: 'installed mcp', content: 'hi' },
          });
          expect(sent.isError, textOf(sent)).toBeFalsy();
          expect((sent.structuredContent as { id: number }).id).toBeGreaterThan(0);
        } finally {
          await writes.close();
        }
      });
    },
    TEST_TIMEOUT_MS,
  );
});

describe.skipIf(!haveBreadth)('npx tms-gen from the packed toolkit', () => {
  it(
    'generates bindings for a breadth document into the app; they compile under tsc --strict and load in Node',
    async () => {
      const dir = join(ws.root, 'generated-folder');
      writeTree(dir, generatedFolderApp());
      await timed('npx tms-gen', async () => {
        const out = await mustRun(
          'npx',
          [
            '--no-install',
            'tms-gen',
            '--contract',
            sharedPath(...BREADTH_DOC),
            '--out',
            'src/api',
            '--quiet',
          ],
          dir,
        );
        expect(out).not.toMatch(/error|failed/i);
        const api = join(dir, 'src', 'api');
        // No import leaves the folder except openapi-fetch, msw (runtime/msw only),
        // @tanstack/query-core's types (runtime/query only) and the MCP SDK (runtime/mcp only):
        // optional peers of the bindings (the app here installs the SDK).
        for (const file of readdirSync(api, { recursive: true, encoding: 'utf8' }).filter((f) =>
          /\.(ts|js)$/.test(f),
        )) {
          const text = readFileSync(join(api, file), 'utf8');
          for (const m of text.matchAll(
            /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/gm,
          )) {
            const spec = m[1] ?? m[2];
            if (!spec.startsWith('.'))
              expect(spec, `${file}: ${spec}`).toMatch(
                /(^openapi-fetch|^node:|^msw$|^@tanstack\/query-core$|^@modelcontextprotocol\/sdk\/)/,
              );
            else expect(inApp(join(api, file, '..', spec)), `${file}: ${spec}`).toBe(true);
          }
        }
        await mustRun(process.execPath, [bin('tsc'), '-p', 'tsconfig.json'], dir);
        const script = `const m = await import(${JSON.stringify(join(api, 'client.js'))}); console.log(typeof m.createApiClient);`;
        expect(
          (await mustRun(process.execPath, ['--input-type=module', '-e', script], dir)).trim(),
        ).toBe('function');
      });
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a page bundled from the installed bindings, in headless Chromium', () => {
  // The stateful mock answers CORS for any origin by default (README, "CORS").
  it(
    'calls the stateful mock on another origin: sends and reads back (CORS)',
    async () => {
      const CHROMIUM = '/usr/bin/chromium';
      if (!existsSync(CHROMIUM)) {
        if (process.env.CI) throw new Error(`${CHROMIUM} is missing and CI is set`);
        console.warn(`SKIPPING the bindings page test: ${CHROMIUM} is not installed`);
        return;
      }
      const dir = join(ws.root, 'browser');
      writeTree(dir, browserApp(ws.bindingsName));
      await mustRun(
        bin('esbuild'),
        [
          'page.js',
          '--bundle',
          '--minify',
          '--format=esm',
          '--platform=browser',
          '--outfile=site/page.js',
          '--log-level=warning',
        ],
        dir,
      );
      const site = await serveSite(join(dir, 'site'));
      const browser = await sharedBrowser();
      try {
        const page = await browser.newPage();
        const hash = new URLSearchParams({ base: mock.base, email: mock.email, key: mock.apiKey });
        expect(new URL(site.url).origin).not.toBe(new URL(mock.base).origin);
        await page.goto(`${site.url}index.html#${hash}`);
        const result = (await (
          await page.waitForFunction(
            () => (window as unknown as { __result?: unknown }).__result,
            null,
            {
              timeout: 30_000,
            },
          )
        ).jsonValue()) as Record<string, unknown>;
        expect(result.error).toBeUndefined();
        expect(result.readBack).toBe(result.expected);
        expect(result.messagesInNarrow).toBe(1);
        expect(result.paged).toBe(1);
      } finally {
        await browser.close();
        await site.stop();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

/** The page's own origin: a static server on another free port than the mock's. */
async function serveSite(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1) || 'index.html';
    const file = join(dir, name);
    if (!file.startsWith(dir + sep) || !existsSync(file)) return void res.writeHead(404).end();
    const type = name.endsWith('.html') ? 'text/html' : 'text/javascript';
    res.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
