#!/usr/bin/env node
// tms-gen is written in TypeScript. Running it through a TypeScript loader costs about half a
// second on every run (a hooks thread transpiling each module, source maps), so the first run
// after a change to its sources bundles it with esbuild (~100 ms) into node_modules/.cache and
// later runs start from that bundle. The cache key is a hash of the sources, so a stale bundle
// is never run. Without esbuild or a writable cache, it runs through tsx as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.env.TMS_GEN_MAIN = '1';

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|js)$/.test(entry.name)) out.push(full);
  }
  return out;
}

async function bundled() {
  const hash = createHash('sha256');
  for (const file of ['generator', 'runtime'].flatMap((d) => sourceFiles(join(root, d)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const cacheDir = join(root, 'node_modules', '.cache', 'tms-gen');
  const target = join(cacheDir, `cli-${hash.digest('hex').slice(0, 16)}.mjs`);
  if (existsSync(target)) return target;

  const esbuild = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  await esbuild.build({
    entryPoints: [join(root, 'generator', 'cli.ts')],
    outfile: temp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    plugins: [{
      // Modules find their templates and the runtime folder from their own location; in the
      // bundle each keeps the URL of its source file.
      name: 'source-import-meta-url',
      setup(build) {
        build.onLoad({ filter: /\.ts$/ }, (args) => ({
          contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: 'ts',
        }));
      },
    }],
  });
  for (const old of readdirSync(cacheDir)) if (old.startsWith('cli-') && old.endsWith('.mjs')) rmSync(join(cacheDir, old), { force: true });
  renameSync(temp, target); // atomic: a concurrent run sees the whole bundle or none
  return target;
}

let entry;
try {
  entry = pathToFileURL(await bundled()).href;
} catch {
  entry = undefined;
}
// The CLI runs some emitters in a worker thread started from this same entry (generator/cli.ts).
process.env.TMS_GEN_ENTRY = entry ?? new URL('../generator/cli.ts', import.meta.url).href;
if (entry) {
  await import(entry);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../generator/cli.ts');
}
