/**
 * A throw-away app workspace under os.tmpdir(): the toolkit and the bindings packed with
 * `npm pack`, installed from the tarballs with `npm install --prefer-offline`, and commands run
 * there with an environment that cannot reach this repository (no npm_* variables of the
 * `npm test` that started us, no repository node_modules/.bin on PATH, no NODE_PATH).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export interface Workspace {
  root: string;
  tarballs: { toolkit: string; bindings: string };
  /** the bindings' package name (generated/package.json) */
  bindingsName: string;
}

/** What a test file adds to its app's one install: packages of this repository's manifest, tarballs. */
export interface WorkspaceExtras {
  /** names of this repository's (dev) dependencies, installed at its versions: the optional peers the app uses */
  peers?: string[];
  /** more tarballs, made into the app's `tarballs` folder: package name → the tarball's path */
  tarballs?: (dest: string) => Promise<Record<string, string>>;
}

/**
 * One app root for every check (one install, shared): its package.json depends on the two
 * tarballs, TypeScript, esbuild and @types/node, all at the versions this repository uses,
 * and on the `extras` of the test file.
 */
export async function createWorkspace(extras: WorkspaceExtras = {}): Promise<Workspace> {
  const root = mkdtempSync(join(tmpdir(), 'tms-package-'));
  const dest = join(root, 'tarballs');
  mkdirSync(dest);
  const toolkit = await pack('.', dest);
  const bindings = await pack('./generated', dest);
  const repoManifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const bindingsName = (
    JSON.parse(readFileSync(join(REPO, 'generated', 'package.json'), 'utf8')) as { name: string }
  ).name;
  const versionOf = (name: string) =>
    repoManifest.dependencies[name] ?? repoManifest.devDependencies[name];
  const more = Object.fromEntries([
    ...(extras.peers ?? []).map((name) => [name, versionOf(name)]),
    ...Object.entries((await extras.tarballs?.(dest)) ?? {}).map(([n, f]) => [n, `file:${f}`]),
  ]);
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify(
      {
        name: 'tms-package-check-app',
        private: true,
        type: 'module',
        dependencies: { [bindingsName]: `file:${bindings}` },
        devDependencies: {
          'tms-toolkit': `file:${toolkit}`,
          typescript: versionOf('typescript'),
          esbuild: versionOf('esbuild'),
          '@types/node': versionOf('@types/node'),
          // the optional peer of the bindings' MCP server (./mcp and its command)
          '@modelcontextprotocol/sdk': versionOf('@modelcontextprotocol/sdk'),
          ...more,
        },
      },
      null,
      2,
    ),
  );
  await npmInstall(['--loglevel=error'], root);
  return { root, tarballs: { toolkit, bindings }, bindingsName };
}

/** Writes `files` (path → text) under `dir`. */
export function writeTree(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
  }
}

/** Held while one test file's `npm install` runs (see npmInstall). */
const INSTALL_LOCK = join(tmpdir(), 'tms-package-npm-install.lock');

/**
 * `npm install --prefer-offline <args>` in `cwd`, one at a time across the test files of a run,
 * and once more if it hangs: two installs at once into the same npm cache were seen to stall
 * forever (no CPU, no network) in a CI run, while either alone takes seconds.
 */
export async function npmInstall(args: string[], cwd: string): Promise<string> {
  const argv = ['install', '--prefer-offline', '--no-audit', '--no-fund', ...args];
  await acquireInstallLock();
  try {
    let r = await run('npm', argv, cwd, {}, 180_000);
    if (r.code !== 0 && r.stderr.includes('(killed after')) r = await run('npm', argv, cwd);
    if (r.code !== 0)
      throw new Error(
        `npm ${argv.join(' ')} (in ${cwd}) exited ${r.code}\n${r.stderr}\n${r.stdout}`,
      );
    return r.stdout;
  } finally {
    rmSync(INSTALL_LOCK, { recursive: true, force: true });
  }
}

/** mkdir is atomic: the lock is the folder; a holder that died (its pid gone) loses it. */
async function acquireInstallLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(INSTALL_LOCK);
      writeFileSync(join(INSTALL_LOCK, 'pid'), String(process.pid));
      return;
    } catch {
      if (!holderAlive()) rmSync(INSTALL_LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

function holderAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(INSTALL_LOCK, 'pid'), 'utf8'));
  } catch {
    return true; // the holder is between mkdir and writing its pid
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
