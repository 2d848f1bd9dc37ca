/**
 * Bundles the two browser pages with esbuild (minified, as an app would ship them) next to
 * msw's service worker script, and measures what a page loads: its bundle plus the worker,
 * each gzipped. Used by the browser test and by bench/msw-size.ts.
 */
import { build } from 'esbuild';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const PAGES = ['stateful', 'examples'] as const;
export type PageName = (typeof PAGES)[number];

export interface PageSize {
  page: PageName;
  /** minified bundle, bytes */
  bundle: number;
  bundleGzip: number;
  /** msw's mockServiceWorker.js, gzipped (loaded by every page) */
  workerGzip: number;
  /** every chunk the page loads, gzipped */
  totalGzip: number;
  /** the largest inputs of the bundle, bytes in the minified output */
  largest: { file: string; bytes: number }[];
}

export async function buildPages(outDir: string): Promise<PageSize[]> {
  const workerSource = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  copyFileSync(workerSource, join(outDir, 'mockServiceWorker.js'));
  const workerGzip = gzipSync(readFileSync(workerSource), { level: 9 }).length;
  const sizes: PageSize[] = [];
  for (const page of PAGES) {
    const result = await build({
      entryPoints: [join(import.meta.dirname, `${page}.ts`)],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outfile: join(outDir, `${page}.js`),
      metafile: true,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"development"' },
    });
    writeFileSync(
      join(outDir, `${page}.html`),
      `<!doctype html><meta charset="utf-8"><title>${page}</title><script type="module" src="./${page}.js"></script>`,
    );
    const code = readFileSync(join(outDir, `${page}.js`));
    const output = Object.values(result.metafile.outputs)[0];
    const largest = Object.entries(output.inputs)
      .map(([file, info]) => ({ file, bytes: info.bytesInOutput }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 6);
    const bundleGzip = gzipSync(code, { level: 9 }).length;
    sizes.push({
      page,
      bundle: code.length,
      bundleGzip,
      workerGzip,
      totalGzip: bundleGzip + workerGzip,
      largest,
    });
  }
  return sizes;
}
