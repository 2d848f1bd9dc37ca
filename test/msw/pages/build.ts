/**
 * Bundles the two browser pages with esbuild as the README tells an app to (minified, ES
 * modules, code splitting, `tldts` aliased to the bindings' `msw-tldts`) next to msw's service
 * worker script, and works out what each page loads: its entry chunk and what that imports, plus
 * the validators chunks of the operations the page calls (each loaded on the operation's first
 * request), each gzipped. The browser test checks that the page loads exactly those chunks; the
 * bench (bench/msw-size.ts) reports their sizes. Without the alias (`alias: false`), the same
 * bundle as an app that skips that line gets.
 */
import { build, type Metafile } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { operations } from '../../../generated/operations.js';

export const PAGES = ['stateful', 'examples'] as const;
export type PageName = (typeof PAGES)[number];

/** The operations each page calls (pages/<page>.ts): their validators chunks are loaded. */
export const PAGE_OPERATIONS: Record<PageName, string[]> = {
  stateful: ['sendMessage', 'getMessages'],
  examples: ['sendMessage', 'getMessage'],
};

/** Every operation of the contract: what a page calling them all would load. */
const ALL_OPERATIONS = Object.keys(operations);

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The alias the README documents, pointed at the bindings in this checkout. */
const TLDTS_ALIAS = { tldts: join(ROOT, 'generated', 'msw-tldts.js') };

export interface PageSize {
  page: PageName;
  /** built with the documented `tldts` alias */
  alias: boolean;
  /** the chunks the page loads (paths under the page's folder), with their gzipped sizes */
  loaded: { file: string; bytes: number; gzip: number }[];
  /** loaded chunks, minified, bytes */
  bundle: number;
  bundleGzip: number;
  /** msw's mockServiceWorker.js, gzipped (loaded by every page) */
  workerGzip: number;
  /** every chunk the page loads, gzipped */
  totalGzip: number;
  /** what the page would load if it called every operation, gzipped (msw's unused `graphql` chunk aside) */
  allChunksGzip: number;
  /** the largest inputs of the loaded chunks, bytes in the minified output */
  largest: { file: string; bytes: number }[];
}

export async function buildPages(
  outDir: string,
  options: { alias?: boolean } = {},
): Promise<PageSize[]> {
  const alias = options.alias ?? true;
  mkdirSync(outDir, { recursive: true });
  const workerSource = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  copyFileSync(workerSource, join(outDir, 'mockServiceWorker.js'));
  const workerGzip = gzipSync(readFileSync(workerSource), { level: 9 }).length;
  const sizes: PageSize[] = [];
  for (const page of PAGES) {
    const pageDir = join(outDir, page);
    mkdirSync(pageDir, { recursive: true });
    const result = await build({
      entryPoints: { [page]: join(import.meta.dirname, `${page}.ts`) },
      bundle: true,
      splitting: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outdir: pageDir,
      metafile: true,
      logLevel: 'silent',
      alias: alias ? TLDTS_ALIAS : {},
      define: { 'process.env.NODE_ENV': '"development"' },
    });
    writeFileSync(
      join(outDir, `${page}.html`),
      `<!doctype html><meta charset="utf-8"><title>${page}</title><script type="module" src="./${page}/${page}.js"></script>`,
    );
    const outputs = result.metafile.outputs;
    const loadedPaths = loadedChunks(outputs, page, PAGE_OPERATIONS[page]);
    const gzipOf = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
    const loaded = loadedPaths.map((path) => ({
      file: relative(pageDir, path).split('\\').join('/'),
      bytes: outputs[path].bytes,
      gzip: gzipOf(path),
    }));
    const inputs: Record<string, number> = {};
    for (const path of loadedPaths)
      for (const [file, info] of Object.entries(outputs[path].inputs))
        inputs[file] = (inputs[file] ?? 0) + info.bytesInOutput;
    const bundleGzip = loaded.reduce((n, c) => n + c.gzip, 0);
    sizes.push({
      page,
      alias,
      loaded,
      bundle: loaded.reduce((n, c) => n + c.bytes, 0),
      bundleGzip,
      workerGzip,
      totalGzip: bundleGzip + workerGzip,
      allChunksGzip: loadedChunks(outputs, page, ALL_OPERATIONS).reduce(
        (n, path) => n + gzipOf(path),
        workerGzip,
      ),
      largest: Object.entries(inputs)
        .map(([file, bytes]) => ({ file, bytes }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 6),
    });
  }
  return sizes;
}

/**
 * The output chunks a page loads: its entry and everything it imports statically, and for each
 * operation it calls, the chunk whose entry is that operation's validators module and its static
 * imports. (Other dynamic imports, e.g. msw's `graphql`, are never taken by these pages.)
 */
function loadedChunks(outputs: Metafile['outputs'], page: string, operations: string[]): string[] {
  const byEntry = new Map(
    Object.entries(outputs).flatMap(([path, out]) =>
      out.entryPoint ? [[out.entryPoint.split('\\').join('/'), path] as const] : [],
    ),
  );
  const roots = [
    Object.keys(outputs).find((path) => path.endsWith(`/${page}.js`)),
    ...operations.map((op) => byEntry.get(`generated/validators/ops/${op}.js`)),
  ];
  const seen = new Set<string>();
  const visit = (path: string | undefined) => {
    if (path === undefined)
      throw new Error(`a chunk of the ${page} page is missing from the build`);
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of outputs[path].imports) if (i.kind === 'import-statement') visit(i.path);
  };
  roots.forEach(visit);
  return [...seen].sort();
}
