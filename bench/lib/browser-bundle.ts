/**
 * One entry bundled by esbuild for browsers, minified ES modules in one file, and its size gzipped
 * at level 9: the measure the client-size and msw-size benches and the package test quote, made
 * one way so their figures compare.
 */
import { build, type Metafile } from 'esbuild';
import { gzipSync } from 'node:zlib';

export interface BrowserBundle {
  bytes: Uint8Array;
  /** gzip -9 size of `bytes` */
  gzip: number;
  metafile: Metafile;
}

export const gzipSize = (bytes: Uint8Array): number => gzipSync(bytes, { level: 9 }).length;

export async function bundleForBrowser(
  contents: string,
  resolveDir: string,
  options: { alias?: Record<string, string>; target?: string } = {},
): Promise<BrowserBundle> {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    ...(options.target ? { target: options.target } : {}),
    alias: options.alias ?? {},
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const bytes = result.outputFiles[0].contents;
  return { bytes, gzip: gzipSize(bytes), metafile: result.metafile };
}
