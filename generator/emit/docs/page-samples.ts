/**
 * The request samples' speller for the pages: sample-text.ts (the TypeScript client, fetch and
 * Python spellings, and the highlighter) bundled by esbuild into one small browser script
 * (global `TMSSamples`), so an operation page carries each sample's data once and the page
 * spells it with the very code the generator would. Committed as a docs asset
 * (generator/templates/docs/assets/samples.js), like wire.js: the packed toolkit generates docs
 * without esbuild or the TypeScript sources. CI's `--check` run of this file, and
 * test/docs/emitter.test.ts, fail when it no longer matches sample-text.ts (or source.ts and
 * highlight.ts, bundled with it); rebuild it with
 * `node --import tsx generator/emit/docs/page-samples.ts`.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeOrCheckAsset } from './page-asset-file.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SPELLER = resolve(HERE, 'sample-text.ts');
export const SAMPLES_ASSET = resolve(HERE, '..', '..', 'templates', 'docs', 'assets', 'samples.js');

/** The browser bundle as it should be committed (minified, no comments or paths: stable bytes). */
export async function bundleSamplesForPages(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents: `export { SAMPLE_LANGUAGES, spelledPanels, tryItText } from ${JSON.stringify(SPELLER)};`,
      resolveDir: HERE,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'TMSSamples',
    minify: true,
    target: 'es2019',
    platform: 'browser',
    legalComments: 'none',
    charset: 'utf8',
  });
  return `/* generator/emit/docs/sample-text.ts (request samples spelled from their data) for the operation pages: built by generator/emit/docs/page-samples.ts, do not edit */\n${result.outputFiles[0].text}`;
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url)
  process.exitCode = writeOrCheckAsset(SAMPLES_ASSET, await bundleSamplesForPages(), process.argv);
