/**
 * A throw-away app workspace under os.tmpdir(): the toolkit, the bindings and the stateful mock
 * packed with `npm pack` (once per run: test/package/shared.ts), installed from the tarballs with
 * `npm install --prefer-offline`, and commands run
 * there with an environment that cannot reach this repository (no npm_* variables of the
 * `npm test` that started us, no repository node_modules/.bin on PATH, no NODE_PATH).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireLock, releaseLock } from '../folder-lock.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of every command in the workspace. */
export function isolatedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) || k === 'NODE_PATH' || k === 'NODE_OPTIONS' || k === 'INIT_CWD') continue;
    env[k] = v;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((p) => p && !p.startsWith(REPO.replace(/\/$/, '')))
    .join(delimiter);
  return { ...env, ...extra };
}

/** Runs a command; never rejects (the exit code and output come back). */
export function run(
  cmd: string,
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
  timeoutMs = 240_000,
): Promise<Run> {
  return new Promise((resolveRun) => {
    execFile(
      cmd,
      args,
      {
        cwd,
        env: isolatedEnv(extraEnv),
        maxBuffer: 32 * 1024 * 1024,
        timeout: timeoutMs,
        // npm ignores SIGTERM while it waits on itself: a command past its time must end
        killSignal: 'SIGKILL',
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const killed = error?.killed ? `\n(killed after ${timeoutMs} ms)` : '';
        resolveRun({ code, stdout: String(stdout), stderr: String(stderr) + killed });
      },
    );
  });
}

export async function mustRun(
  cmd: string,
  args: string[],
  cwd: string,
  extraEnv = {},
): Promise<string> {
  const r = await run(cmd, args, cwd, extraEnv);
  if (r.code !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.code}\n${r.stderr}\n${r.stdout}`,
    );
  return r.stdout;
}

/** `npm pack <dir>` into `dest`; the tarball's absolute path. */
export async function pack(dir: string, dest: string): Promise<string> {
  const out = await mustRun('npm', ['pack', dir, '--json', '--pack-destination', dest], REPO);
  // A prepack script may print before npm's JSON, which starts on a line of its own.
  const json = JSON.parse(out.slice(out.search(/^\[/m))) as { filename: string }[];
  return join(dest, json[0].filename);
}

/** The tarballs of a run (test/package/shared.ts) and their package names. */
export interface Tarballs {
  toolkit: string;
  bindings: string;
  statefulMock: string;
  /** generated/package.json's name */
  bindingsName: string;
  /** the built stateful mock package's name */
  statefulMockName: string;
}

export interface Workspace {
  root: string;
  /** the bindings' package name (generated/package.json) */
  bindingsName: string;
}

/**
 * An app root in `root` for every check (one install, shared): its package.json depends on the
 * three tarballs (toolkit, bindings, stateful mock), TypeScript, esbuild, @types/node, the MCP
 * SDK and the toolkit's optional peers, each at the version this repository uses.
 */
export async function installWorkspace(root: string, tarballs: Tarballs): Promise<Workspace> {
  mkdirSync(root, { recursive: true });
  const repoManifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const versionOf = (name: string) =>
    repoManifest.dependencies[name] ?? repoManifest.devDependencies[name];
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify(
      {
        name: 'tms-package-check-app',
        private: true,
        type: 'module',
        dependencies: {
          [tarballs.bindingsName]: `file:${tarballs.bindings}`,
          [tarballs.statefulMockName]: `file:${tarballs.statefulMock}`,
        },
        devDependencies: {
          'tms-toolkit': `file:${tarballs.toolkit}`,
          typescript: versionOf('typescript'),
          esbuild: versionOf('esbuild'),
          '@types/node': versionOf('@types/node'),
          // the optional peer of the bindings' MCP server (./mcp and its command)
          '@modelcontextprotocol/sdk': versionOf('@modelcontextprotocol/sdk'),
          // optional peers of the toolkit, as the README's quick start installs them: Prism's
          // engine (tms-gen mock), msw and TanStack Query (imported by generated msw.ts, query.ts)
          '@stoplight/prism-http': versionOf('@stoplight/prism-http'),
          msw: versionOf('msw'),
          '@tanstack/query-core': versionOf('@tanstack/query-core'),
        },
      },
      null,
      2,
    ),
  );
  await npmInstall(['--loglevel=error'], root);
  return { root, bindingsName: tarballs.bindingsName };
}

/** Writes `files` (path → text) under `dir`. */
export function writeTree(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
  }
}

/** Held while one `npm install` runs (see npmInstall), across test files and runs. */
const INSTALL_LOCK = join(tmpdir(), 'tms-package-npm-install.lock');

/**
 * `npm install --prefer-offline <args>` in `cwd`, one at a time across the test files of a run,
 * and once more if it hangs: two installs at once into the same npm cache were seen to stall
 * forever (no CPU, no network) in a CI run, while either alone takes seconds.
 */
export async function npmInstall(args: string[], cwd: string): Promise<string> {
  const argv = ['install', '--prefer-offline', '--no-audit', '--no-fund', ...args];
  await acquireLock(INSTALL_LOCK);
  try {
    let r = await run('npm', argv, cwd, {}, 180_000);
    if (r.code !== 0 && r.stderr.includes('(killed after')) r = await run('npm', argv, cwd);
    if (r.code !== 0)
      throw new Error(
        `npm ${argv.join(' ')} (in ${cwd}) exited ${r.code}\n${r.stderr}\n${r.stdout}`,
      );
    return r.stdout;
  } finally {
    releaseLock(INSTALL_LOCK);
  }
}
