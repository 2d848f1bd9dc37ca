/**
 * The wire model for the pages: runtime/wire's `encodeRequest` and runtime/client-auth's
 * `basicAuthorization` bundled by esbuild into one small browser script (global `TMSWire`), so
 * try-it encodes a request, and its HTTP Basic credentials, with the very code the client, the
 * server listener and the mock use. The bundle is committed as a docs asset
 * (generator/templates/docs/assets/wire.js, copied into every site like the other assets): the
 * packed toolkit generates docs without esbuild or the TypeScript sources.
 * CI's `--check` run of this file, and test/docs/emitter.test.ts, fail when it no longer matches
 * runtime/wire; rebuild it with `node --import tsx generator/emit/docs/page-wire.ts`.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeOrCheckAsset } from './page-asset-file.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const WIRE = resolve(HERE, '..', '..', '..', 'runtime', 'wire.ts');
const CLIENT_AUTH = resolve(HERE, '..', '..', '..', 'runtime', 'client-auth.ts');
export const WIRE_ASSET = resolve(HERE, '..', '..', 'templates', 'docs', 'assets', 'wire.js');

/** The browser bundle as it should be committed (minified, no comments or paths: stable bytes). */
export async function bundleWireForPages(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents: [
        `export { encodeRequest } from ${JSON.stringify(WIRE)};`,
        `export { basicAuthorization } from ${JSON.stringify(CLIENT_AUTH)};`,
      ].join('\n'),
      resolveDir: dirname(WIRE),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'TMSWire',
    minify: true,
    target: 'es2019',
    platform: 'browser',
    legalComments: 'none',
    charset: 'utf8',
  });
  return `/* runtime/wire (encodeRequest) and runtime/client-auth (basicAuthorization) for try-it: built by generator/emit/docs/page-wire.ts, do not edit */\n${result.outputFiles[0].text}`;
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url)
  process.exitCode = writeOrCheckAsset(WIRE_ASSET, await bundleWireForPages(), process.argv);
