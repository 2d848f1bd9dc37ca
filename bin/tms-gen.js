#!/usr/bin/env node
// tms-gen is written in TypeScript. Running it through a TypeScript loader costs about half a
// second on every run (a hooks thread transpiling each module, source maps), so the first run
// after a change to its sources bundles it with esbuild (~100 ms) into node_modules/.cache and
// later runs start from that bundle. The cache key is a hash of the sources, so a stale bundle
// is never run. Without esbuild or a writable cache, it runs through tsx as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, existsSync } from 'node:fs';
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

async function bundled() {
  const hash = createHash('sha256');
  // This file's build settings, the openapi-typescript version and the checkout's own location
  // (the bundle holds absolute paths) are part of the key too.
  hash
    .update(root)
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(readFileSync(join(root, 'node_modules/openapi-typescript/package.json')));
  for (const file of ['generator', 'runtime'].flatMap((d) => sourceFiles(join(root, d)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const cacheDir = join(root, 'node_modules', '.cache', 'tms-gen');
  const key = hash.digest('hex').slice(0, 16);
  const target = join(cacheDir, `cli-${key}.mjs`);
  const typesChunk = join(cacheDir, `openapi-typescript-${key}.mjs`);
  if (existsSync(target)) return target;

  const esbuild = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  // openapi-typescript goes into a chunk of its own, loaded only when types are generated, in
  // which its `import ts from 'typescript'` becomes a require(): Node's ESM loader pre-parses
  // the 9 MB CommonJS compiler for named exports (~0.3 s) before running it; require() does not.
  await esbuild.build({
    entryPoints: [join(root, 'node_modules/openapi-typescript/dist/index.mjs')],
    outfile: `${typesChunk}.${process.pid}.tmp`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'typescript-as-require',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === 'typescript'
              ? { path: 'typescript', namespace: 'typescript-cjs' }
              : { path: args.path, external: true },
          );
          build.onLoad({ filter: /.*/, namespace: 'typescript-cjs' }, () => ({
            contents:
              "import { createRequire } from 'node:module'; export default createRequire(import.meta.url)('typescript');",
            loader: 'js',
          }));
        },
      },
    ],
  });
  await esbuild.build({
    entryPoints: [join(root, 'generator', 'cli.ts')],
    outfile: temp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    alias: { 'openapi-typescript': pathToFileURL(typesChunk).href },
    plugins: [
      {
        // Modules find their templates and the runtime folder from their own location; in the
        // bundle each keeps the URL of its source file.
        name: 'source-import-meta-url',
        setup(build) {
          build.onLoad({ filter: /\.ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  for (const old of readdirSync(cacheDir))
    if (/^(cli|openapi-typescript)-.*\.mjs$/.test(old) && !old.includes(key))
      rmSync(join(cacheDir, old), { force: true });
  // atomic: a concurrent run sees the whole bundle or none (the chunk first: the CLI imports it)
  renameSync(`${typesChunk}.${process.pid}.tmp`, typesChunk);
  renameSync(temp, target);
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
