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
/** issue 13: at or under 42.7 KB minified; issue 32: at most 12 KB gzipped */
const TARGET = { min: 42_700, gzip: 12_000 };
/** the modules only paging, retries and the query factories use (issue 32: a page using none pays nothing) */
/** `createApiClient` alone at 17d5f8e, before the retry hook (minified, gzip -9) */
const BEFORE_HOOK = { min: 37_214, gzip: 11_393 };
const OPTIONAL = /runtime\/(client-paging|client-retry|query)\.js$/;

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
// The same client with paging and retries used, and the query entry beside it: what they cost
// the pages that use them, and proof that the bundle above carries none of their modules.
const used = await bundleForBrowser(
  `import { createApiClient, paginate, retryPolicy } from './generated/client.ts';
   export const api = createApiClient({ baseUrl: '/', retry: retryPolicy() });
   export const walk = () => paginate(api, 'getMessages', {});`,
  ROOT,
);
const query = await bundleForBrowser(
  `export { createApiClient } from './generated/client.ts'; export { createQueries } from './generated/query.ts';`,
  ROOT,
);
const optionalIn = inputs.filter((i) => OPTIONAL.test(i.file));
const met = (n: number, t: number) => (n <= t ? 'met' : 'missed');

const lines = [
  '# Client browser bundle',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- client-size\` (bench/client-size.ts): esbuild,`,
  '`createApiClient` only from generated/client.ts, `--bundle --minify --format=esm --platform=browser`,',
  `gzip -9; KB = 1000 bytes; load average ${loadavg()[0].toFixed(1)} (size does not depend on it).`,
  '',
  '| | bytes | KB | target (issues 13, 32) |',
  '|---|---|---|---|',
  `| minified | ${min} | **${kb(min)}** | ≤ ${kb(TARGET.min)} KB: ${met(min, TARGET.min)} |`,
  `| gzip -9 | ${gzip} | **${kb(gzip)}** | ≤ ${kb(TARGET.gzip)} KB: ${met(gzip, TARGET.gzip)} |`,
  '',
  '## What paging, retries and the query factories cost (issue 32)',
  '',
  '| bundle | minified | gzip -9 | more than `createApiClient` alone |',
  '|---|---|---|---|',
  `| \`createApiClient\` alone (above) | ${min} | ${gzip} | — |`,
  `| with \`paginate\` and \`retryPolicy\` used | ${used.bytes.length} | ${used.gzip} | +${used.bytes.length - min} / +${used.gzip - gzip} |`,
  `| with the \`./query\` entry's \`createQueries\` | ${query.bytes.length} | ${query.gzip} | +${query.bytes.length - min} / +${query.gzip - gzip} |`,
  '',
  `Modules of paging, retries and the query factories in the \`createApiClient\` bundle: ${optionalIn.length === 0 ? "**none** (a page that uses neither pays nothing for them but the client core's hook, below)" : optionalIn.map((i) => `${i.file} (${i.bytes} B)`).join(', ')}.`,
  `The hook (\`retry\` read per call and handed the attempt): the same bundle at the commit before it`,
  `(17d5f8e, measured once with this command) was ${BEFORE_HOOK.min} / ${BEFORE_HOOK.gzip} bytes; now +${min - BEFORE_HOOK.min} / +${gzip - BEFORE_HOOK.gzip}`,
  '(the hook, and anything else that changed the client since).',
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
