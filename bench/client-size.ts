/**
 * The browser bundle of the generated client alone (issue 13): an entry that re-exports only
 * `createApiClient` from generated/client.ts, bundled by esbuild for browsers (minified, ESM),
 * gzipped at level 9. Sizes in bytes and in KB of 1000 bytes (the unit of the README's and the
 * issue's figures), with the inputs that weigh most. Deterministic: one build is the figure.
 * Writes bench/results/client-size.md.
 *
 * `npm run bench -- client-size`
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { bundleForBrowser } from './lib/browser-bundle.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** issue 13: at or under the client of the round before (42.7 KB minified, 11.4 KB gzipped) */
const TARGET = { min: 42_700, gzip: 11_400 };

const result = await bundleForBrowser(
  `export { createApiClient } from './generated/client.ts';`,
  ROOT,
);
const bytes = result.bytes;
const min = bytes.length;
const gzip = result.gzip;
const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
  .map(([file, info]) => ({ file, bytes: info.bytesInOutput }))
  .filter((i) => i.bytes > 0)
  .sort((a, b) => b.bytes - a.bytes);
const kb = (n: number) => (n / 1000).toFixed(1);
const met = (n: number, t: number) => (n <= t ? 'met' : 'missed');

const lines = [
  '# Client browser bundle',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- client-size\` (bench/client-size.ts): esbuild,`,
  '`createApiClient` only from generated/client.ts, `--bundle --minify --format=esm --platform=browser`,',
  `gzip -9; KB = 1000 bytes; load average ${loadavg()[0].toFixed(1)} (size does not depend on it).`,
  '',
  '| | bytes | KB | target (issue 13) |',
  '|---|---|---|---|',
  `| minified | ${min} | **${kb(min)}** | ≤ ${kb(TARGET.min)} KB: ${met(min, TARGET.min)} |`,
  `| gzip -9 | ${gzip} | **${kb(gzip)}** | ≤ ${kb(TARGET.gzip)} KB: ${met(gzip, TARGET.gzip)} |`,
  '',
  'Inputs by minified bytes in the bundle:',
  '',
  '| input | bytes |',
  '|---|---|',
  ...inputs.map((i) => `| ${i.file} | ${i.bytes} |`),
  '',
];
writeFileSync(new URL('results/client-size.md', import.meta.url), lines.join('\n'));
console.log(
  `client bundle: ${kb(min)} KB minified, ${kb(gzip)} KB gzipped (${min} / ${gzip} bytes)`,
);
