// Builds the tms-gen CLI from its TypeScript sources with esbuild into one folder:
//   cli.mjs                 the CLI (generator/ bundled; npm packages stay imports), with
//   chunk-*.mjs             a chunk per subcommand's own modules (mock, test, proxy, lint...)
//   writer-thread.mjs       the thread that writes the output (generator/write/writer-thread.ts)
//   openapi-typescript.mjs  openapi-typescript in a chunk of its own, loaded only for types
//   runtime/                runtime/**.ts compiled to .js + .d.ts, as copied into every output
//   openapi-meta-3.x.cjs    the OpenAPI meta-schemas as standalone Ajv validators (the
//                           loader's structure check, not compiled again at every run)
//   schema-meta-3.x.cjs     the JSON Schema meta-schemas (draft-07, 2020-12) as standalone
//                           validators of createAjv's instance (the strict schema check)
// bin/tms-gen.js builds it into node_modules/.cache/tms-gen/<hash>/ in a checkout, and
// `npm pack` (prepack: `node bin/build.js dist`) into dist/ of the packed toolkit, which then
// runs without esbuild, tsx or the TypeScript sources. Paths in the bundle are relative to the
// bundle, never absolute, so the folder works wherever it is installed.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds into `target` (replaced as a whole, atomically: a concurrent run sees all or none). */
export async function buildCli(target) {
  const esbuild = await import('esbuild');
  const temp = `${target}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  // openapi-typescript with its dependencies (whose versions need not be the toolkit's own), but
  // for TypeScript: its `import ts from 'typescript'` becomes a require(): Node's ESM loader
  // pre-parses the whole CommonJS compiler for named exports before running it; require() does not.
  await esbuild.build({
    entryPoints: [join(root, 'node_modules/openapi-typescript/dist/index.mjs')],
    outfile: join(temp, 'openapi-typescript.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    // CommonJS dependencies require() Node's modules; an ES module has no require of its own.
    banner: {
      js: "import { createRequire as tmsCreateRequire } from 'node:module'; const require = tmsCreateRequire(import.meta.url);",
    },
    plugins: [typescriptAsRequire, redoclyCoreOnFirstUse],
  });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    plugins: [openapiTypescriptChunk, sourceImportMetaUrl(temp)],
  };
  // Each subcommand's modules (and the packages they import: Prism, Spectral, fast-check...) in
  // chunks of their own beside cli.mjs, loaded when that subcommand runs: a generate run never
  // parses the mock or the linter. Chunks sit in the same folder as cli.mjs, so the paths
  // sourceImportMetaUrl writes relative to it hold for them too.
  await esbuild.build({
    ...common,
    entryPoints: { cli: join(root, 'generator', 'cli.ts') },
    outdir: temp,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: '[name]-[hash]',
  });
  // The writer thread (generator/write/writer-thread.ts), a worker of its own: small, so a
  // run's writes start without loading the CLI's modules again.
  await esbuild.build({
    ...common,
    entryPoints: [join(root, 'generator', 'write', 'writer-thread.ts')],
    outfile: join(temp, 'writer-thread.mjs'),
  });
  // The runtime, compiled by the generator's own code (generator/compile/package-runtime.ts).
  const helper = join(temp, 'runtime-build.mjs');
  await esbuild.build({
    ...common,
    entryPoints: [join(root, 'generator', 'compile', 'package-runtime.ts')],
    outfile: helper,
  });
  const { writeCompiledRuntime } = await import(pathToFileURL(helper).href);
  writeCompiledRuntime(root, temp);
  rmSync(helper);
  // Each dialect's meta-schema validators as standalone code, by the module that loads them
  // (generator/load/openapi-meta.ts, generator/load/schema-meta.ts).
  for (const [name, fileOf, sourceOf] of [
    ['openapi-meta', 'prebuiltMetaFile', 'metaValidatorSource'],
    ['schema-meta', 'prebuiltSchemaMetaFile', 'schemaMetaValidatorSource'],
  ]) {
    const metaHelper = join(temp, `${name}-build.mjs`);
    await esbuild.build({
      ...common,
      entryPoints: [join(root, 'generator', 'load', `${name}.ts`)],
      outfile: metaHelper,
    });
    const built = await import(pathToFileURL(metaHelper).href);
    for (const dialect of ['3.0', '3.1'])
      writeFileSync(join(temp, built[fileOf](dialect)), built[sourceOf](dialect));
    rmSync(metaHelper);
  }
  const old = `${target}.${process.pid}.old`;
  try {
    renameSync(target, old);
  } catch {
    // no previous build
  }
  renameSync(temp, target);
  rmSync(old, { recursive: true, force: true });
  return target;
}

const typescriptAsRequire = {
  name: 'typescript-as-require',
  setup(build) {
    build.onResolve({ filter: /^typescript$/ }, () => ({
      path: 'typescript',
      namespace: 'typescript-cjs',
    }));
    build.onLoad({ filter: /.*/, namespace: 'typescript-cjs' }, () => ({
      contents:
        "import { createRequire } from 'node:module'; export default createRequire(import.meta.url)('typescript');",
      loader: 'js',
    }));
  },
};

/**
 * Redocly's openapi-core, as openapi-typescript's entry point and its lint and bundle import it
 * (the package's index: its configuration, rules and type tables), is loaded on the first call
 * instead of when the chunk loads: the types emitter calls openapi-typescript's transform on a
 * document the model already bundled and never reaches them, and the index's load is a
 * tenth of the main thread's work on Stripe's document (bench/results/scale.md). Its
 * `lib/ref-utils.js`, which the transform uses, is imported as before. Each export stands in for
 * the one of the same name: a function calls it, a class constructs it.
 */
const REDOCLY_CORE_USED = {
  functions: ['createConfig', 'lintDocument', 'bundle', 'makeDocumentFromString'],
  classes: ['BaseResolver', 'Source'],
};
const redoclyCoreOnFirstUse = {
  name: 'redocly-core-on-first-use',
  setup(build) {
    build.onResolve({ filter: /^@redocly\/openapi-core$/ }, (args) =>
      args.namespace === 'redocly-core-lazy'
        ? undefined
        : {
            path: '@redocly/openapi-core',
            namespace: 'redocly-core-lazy',
            pluginData: args.resolveDir,
          },
    );
    build.onLoad({ filter: /.*/, namespace: 'redocly-core-lazy' }, (args) => ({
      resolveDir: args.pluginData,
      loader: 'js',
      contents: [
        'let core;',
        "const real = () => (core ??= require('@redocly/openapi-core'));",
        ...REDOCLY_CORE_USED.functions.map(
          (name) => `export function ${name}(...args) { return real().${name}(...args); }`,
        ),
        ...REDOCLY_CORE_USED.classes.map(
          (name) =>
            `export class ${name} { constructor(...args) { return new (real().${name})(...args); } }`,
        ),
      ].join('\n'),
    }));
  },
};

/** `openapi-typescript` is the chunk beside the CLI. */
const openapiTypescriptChunk = {
  name: 'openapi-typescript-chunk',
  setup(build) {
    build.onResolve({ filter: /^openapi-typescript$/ }, () => ({
      path: './openapi-typescript.mjs',
      external: true,
    }));
  },
};

/**
 * Modules find their templates, the runtime and package.json from their own location; in the
 * bundle each keeps the URL its source file has, relative to the bundle's folder.
 */
function sourceImportMetaUrl(outDir) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const rel = relative(outDir, args.path).split('\\').join('/');
        return {
          contents: readFileSync(args.path, 'utf8').replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

// `node bin/build.js <dir>`: the prebuilt CLI of the packed toolkit.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(root, 'dist'));
  mkdirSync(dirname(dir), { recursive: true });
  await buildCli(dir);
  console.error(`tms-gen built into ${relative(process.cwd(), dir) || '.'}`);
}
