/**
 * A checkout whose node_modules is older than package.json (a dependency missing): `tms-gen`
 * says in one line to run `npm ci` and exits 2, whether the package is missing when the CLI is
 * built (esbuild) or when the built CLI loads it (js-yaml); it used to fall back to the
 * TypeScript sources and die in a worker with `Unknown file extension ".ts"`.
 *
 * The checkout is a temp folder: the launcher's files copied (Node resolves a package from a
 * module's real path), the sources linked, node_modules a folder of links to this repository's
 * packages but one.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tmsGenOrThrow } from '../tms-gen-run.js';

const REPO = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'tms-stale-install-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A checkout of this repository in `work`/`name` whose node_modules lacks `missing`. */
function checkoutWithout(name: string, missing: string): string {
  const root = join(work, name);
  mkdirSync(join(root, 'bin'), { recursive: true });
  for (const file of ['tms-gen.js', 'build.js'])
    cpSync(join(REPO, 'bin', file), join(root, 'bin', file));
  for (const entry of ['generator', 'runtime', 'mock', 'contract-runner', 'openapi'])
    symlinkSync(join(REPO, entry), join(root, entry), 'dir');
  cpSync(join(REPO, 'package.json'), join(root, 'package.json'));
  mkdirSync(join(root, 'node_modules'));
  for (const pkg of readdirSync(join(REPO, 'node_modules')))
    if (pkg !== missing && !pkg.startsWith('.'))
      symlinkSync(join(REPO, 'node_modules', pkg), join(root, 'node_modules', pkg), 'dir');
  return root;
}

/** The build this repository's launcher made for the current sources (the key is the same). */
async function currentBuild(): Promise<string> {
  await tmsGenOrThrow(['--help']);
  const cache = join(REPO, 'node_modules', '.cache', 'tms-gen');
  const builds = readdirSync(cache).filter((b) => existsSync(join(cache, b, 'cli.mjs')));
  const newest = builds.sort(
    (a, b) => statSync(join(cache, b)).mtimeMs - statSync(join(cache, a)).mtimeMs,
  )[0];
  return join(cache, newest);
}

async function tmsGenIn(root: string): Promise<{ code: number; stderr: string }> {
  const args = ['bin/tms-gen.js', '--out', join(root, 'out'), '--docs', join(root, 'docs')];
  try {
    await promisify(execFile)(process.execPath, args, { cwd: root });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

function expectOneLine(r: { code: number; stderr: string }, missing: string, root: string) {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n')).toEqual([
    `tms-gen: "${missing}" is missing from node_modules (installed before package.json changed?): run \`npm ci\` (or \`npm install\`) and try again`,
  ]);
  expect(existsSync(join(root, 'out'))).toBe(false);
}

describe('a dependency missing from node_modules', () => {
  it('when the CLI is built: one line saying to run npm ci, exit 2', async () => {
    const root = checkoutWithout('no-esbuild', 'esbuild');
    expectOneLine(await tmsGenIn(root), 'esbuild', root);
  }, 120_000);

  it('when the built CLI loads it: one line saying to run npm ci, exit 2', async () => {
    const root = checkoutWithout('no-js-yaml', 'js-yaml');
    const build = await currentBuild();
    const cache = join(root, 'node_modules', '.cache', 'tms-gen');
    // copied, not linked: the bundle resolves its packages from where it really is
    cpSync(build, join(cache, build.split(/[\\/]/).pop()!), { recursive: true });
    expectOneLine(await tmsGenIn(root), 'js-yaml', root);
  }, 120_000);
});
