import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await build({ stdin: { contents: `export { createApiClient } from './generated/client.ts';`, resolveDir: process.cwd(), loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'warning' });
const b = r.outputFiles[0].contents;
console.log(b.length, gzipSync(b,{level:9}).length);
process.stdout.write(Buffer.from(b).toString().replace(/operations:\{.*?\}\}\}/,'OPS'));
