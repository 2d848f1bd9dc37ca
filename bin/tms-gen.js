#!/usr/bin/env node
// tms-gen is written in TypeScript. A packed toolkit (npm pack) ships it prebuilt in dist/
// (bin/build.js, run by prepack), so it runs with Node alone. In a checkout, the first run after
// a change to its sources builds it with esbuild into node_modules/.cache and later runs start
// from that build: a TypeScript loader would compile the sources again on every run. The cache
// key is a hash of the sources, so a stale build is never run.
// Without a writable cache, it runs through tsx; with a dependency missing from node_modules it
// says to run `npm ci` (exit 2).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.env.TMS_GEN_MAIN = '1';

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|js)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The build folder for the sources as they are now, built when missing. */
async function cachedBuild() {
  const hash = createHash('sha256');
  // The build settings, the toolkit's version (in the runtime's banners) and the versions of
  // openapi-typescript and TypeScript (the compiled runtime) are part of the key too.
  for (const file of [
    'bin/build.js',
    'package.json',
    'node_modules/openapi-typescript/package.json',
    'node_modules/typescript/package.json',
  ])
    hash.update(readFileSync(join(root, file)));
  // Every folder the CLI bundles: the subcommands reach mock/ and contract-runner/ too.
  for (const file of ['generator', 'runtime', 'mock', 'contract-runner'].flatMap((d) =>
    sourceFiles(join(root, d)),
  )) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const cacheDir = join(root, 'node_modules', '.cache', 'tms-gen');
  const key = hash.digest('hex').slice(0, 16);
  const target = join(cacheDir, key);
  if (existsSync(join(target, 'cli.mjs'))) {
    markInUse(target);
    return target;
  }
  const { buildCli } = await import('./build.js');
  await buildCli(target);
  markInUse(target);
  // Older builds go, but not one a run may still be reading (the worker's entry, the runtime it
  // copies): a generate of a huge document lasts many minutes, and a source edited meanwhile
  // must not pull its build from under it. Each run marks the build it uses (mtime).
  for (const old of readdirSync(cacheDir)) {
    if (old === key || old.includes('.tmp')) continue;
    const folder = join(cacheDir, old);
    if (Date.now() - statSync(folder).mtimeMs > KEEP_UNUSED_BUILD_MS)
      rmSync(folder, { recursive: true, force: true });
  }
  return target;
}

/** How long a build no run has started from stays (a run is assumed to end within this). */
const KEEP_UNUSED_BUILD_MS = 6 * 60 * 60 * 1000;

function markInUse(folder) {
  try {
    const now = new Date();
    utimesSync(folder, now, now);
  } catch {
    // a read-only cache: nothing prunes it either
  }
}

async function buildFolder() {
  // A packed toolkit has dist/ and no sources; a checkout has sources (and ignores any dist/).
  if (!existsSync(join(root, 'generator', 'cli.ts'))) return join(root, 'dist');
  try {
    return await cachedBuild();
  } catch (error) {
    // A dependency missing from node_modules fails the TypeScript path as well: say what to do.
    exitIfStaleInstall(error);
    return undefined;
  }
}

/**
 * The packages a failed build or start could not find (esbuild's and Node's wording): an
 * install older than package.json (a pull that added a dependency, a half-finished install).
 * Relative paths are the sources' own errors, not the install's.
 */
function missingPackages(error) {
  const texts = [String(error?.message ?? error), ...(error?.errors ?? []).map((e) => e.text)];
  const names = new Set();
  for (const text of texts)
    for (const m of text.matchAll(
      /Could not resolve "([^"]+)"|Cannot find (?:package|module) '([^']+)'/g,
    )) {
      const name = m[1] ?? m[2];
      if (!name.startsWith('.') && !name.startsWith('/') && !/^[A-Za-z]:/.test(name))
        names.add(name);
    }
  return [...names];
}

/** One line and exit 2 when `error` is a package missing from node_modules (a usage error). */
function exitIfStaleInstall(error) {
  const names = missingPackages(error);
  if (names.length === 0) return;
  const listed = names.map((n) => `"${n}"`).join(', ');
  console.error(
    `tms-gen: ${listed} ${names.length === 1 ? 'is' : 'are'} missing from node_modules (installed before package.json changed?): run \`npm ci\` (or \`npm install\`) and try again`,
  );
  process.exit(2);
}

const built = await buildFolder();
// The CLI runs some emitters in a worker thread started from this same entry (generator/cli.ts),
// and copies the compiled runtime from the build folder.
if (built) {
  process.env.TMS_GEN_ENTRY = pathToFileURL(join(built, 'cli.mjs')).href;
  process.env.TMS_GEN_RUNTIME = built;
  await import(process.env.TMS_GEN_ENTRY).catch(startFailed);
} else {
  // Through tsx, on one thread: on Node 20 a worker's `--import tsx` does not reach the worker's
  // own .ts entry (it died with `Unknown file extension ".ts"`), so no TMS_GEN_ENTRY for workers.
  const { register } = await import('tsx/esm/api').catch(startFailed);
  register();
  await import('../generator/cli.ts').catch(startFailed);
}

function startFailed(error) {
  exitIfStaleInstall(error);
  throw error;
}
