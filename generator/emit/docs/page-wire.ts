/**
 * The wire model for the pages: runtime/wire bundled by esbuild into one small browser script
 * (assets/wire.js, global `TMSWire`) at generate time, so try-it encodes a request with the very
 * code the client, the server listener and the mock use. Minified without comments or paths,
 * so the output is the same bytes on every run and machine.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIRE = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'runtime', 'wire.ts');

export async function bundleWireForPages(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    stdin: {
      contents: `export { encodeRequest } from ${JSON.stringify(WIRE)};`,
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
  return `/* runtime/wire (encodeRequest) for try-it; generated, do not edit */\n${result.outputFiles[0].text}`;
}
