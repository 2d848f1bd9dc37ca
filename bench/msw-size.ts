/**
 * `npm run bench -- msw-size`: what a page using the MSW handlers downloads. The two test pages
 * (test/msw/pages/: the stateful handlers, the example handlers), each with the generated
 * client, bundled by esbuild as the README says (minified, ES modules, code splitting, `tldts`
 * aliased to the bindings' msw-tldts), and again without the alias; every chunk the page loads
 * (its entry chunk and what that imports, the validators chunks of the operations it calls, msw's
 * service worker script) gzipped at level 9. The browser test checks that a page loads exactly
 * the chunks counted here. Writes bench/results/msw-size.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForBrowser } from './lib/browser-bundle.js';
import { buildPages, PAGE_OPERATIONS, type PageSize } from '../test/msw/pages/build.js';

const TARGETS: Record<string, number> = { stateful: 150, examples: 100 };
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const quiet = process.env.CI === 'true' || process.argv.includes('--quiet');
const say = (line: string) => {
  if (!quiet) console.error(line);
};

/** One entry bundled minified for browsers, in one file, gzipped size in bytes. */
async function gzipOf(contents: string, alias: Record<string, string> = {}): Promise<number> {
  return (await bundleForBrowser(contents, process.cwd(), { alias, target: 'es2022' })).gzip;
}

function row(s: PageSize): string {
  const target = TARGETS[s.page];
  const verdict = s.totalGzip / 1024 <= target ? 'met' : 'missed';
  const inputs = s.largest
    .map((l) => `${l.file.replace(/^node_modules\//, '')} ${kb(l.bytes)} KB`)
    .join('; ');
  return `| ${s.page} | ${s.alias ? 'yes' : 'no'} | ${s.loaded.length} | ${kb(s.bundle)} KB | ${kb(s.bundleGzip)} KB | ${kb(s.workerGzip)} KB | **${kb(s.totalGzip)} KB** | ≤ ${target} KB ${verdict} | ${kb(s.allChunksGzip)} KB | ${inputs} |`;
}

const dir = mkdtempSync(join(tmpdir(), 'tms-msw-size-'));
try {
  say('msw-size: bundling the pages as documented (splitting, tldts alias)…');
  const documented = await buildPages(join(dir, 'alias'), { alias: true });
  say('msw-size: and without the alias…');
  const plain = await buildPages(join(dir, 'plain'), { alias: false });
  say('msw-size: msw, validators and fake data alone…');
  const tldts = { tldts: join(process.cwd(), 'generated', 'msw-tldts.js') };
  const mswAlone =
    "import { setupWorker } from 'msw/browser'; import { http } from 'msw'; console.log(setupWorker, http.get);";
  const parts = {
    msw: await gzipOf(mswAlone),
    mswAliased: await gzipOf(mswAlone, tldts),
    validators: await gzipOf("export * from './generated/validators/bundle.js';"),
    fake: await gzipOf("export * from './generated/msw-fake.js';"),
  };
  const lines = [
    '# MSW handlers: what a page downloads',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- msw-size\` (esbuild, minified, ES2022, code`,
    `splitting, gzip -9; load average ${loadavg()[0].toFixed(1)} on ${process.platform}, Node ${process.version}).`,
    '',
    'The pages (test/msw/pages/) use the generated client and the handlers as the README shows;',
    `the stateful page calls ${PAGE_OPERATIONS.stateful.join(' and ')}, the example page ${PAGE_OPERATIONS.examples.join(' and ')}.`,
    '"Loaded" is every chunk the page fetches (the browser test checks the list in Chromium):',
    'its entry chunk and what that imports, the validators chunks of the operations it calls',
    "(each operation's checks are loaded on its first request), and msw's mockServiceWorker.js.",
    '"tldts alias" is the one line of bundler config the README documents',
    "(`alias: { tldts: '<bindings>/msw-tldts' }`); the rows without it are what a page gets that skips it.",
    '',
    '| page | tldts alias | chunks loaded | loaded (min) | loaded (gzip) | mockServiceWorker.js (gzip) | total (gzip) | target | every operation called (gzip) | largest inputs (min bytes) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...documented.map(row),
    ...plain.map(row),
    '',
    'What dominates, each part bundled alone in one file the same way:',
    '',
    `- msw's browser side (\`setupWorker\` + \`http\`): **${kb(parts.msw)} KB** gzipped, of which its cookie store's`,
    `  Public Suffix List (tldts, through tough-cookie) is ${kb(parts.msw - parts.mswAliased)} KB: **${kb(parts.mswAliased)} KB** with the alias;`,
    `- every operation's validators (generated/validators/bundle.js, Ajv standalone): **${kb(parts.validators)} KB** gzipped; a page`,
    '  loads only the chunks of the operations it calls (a few KB each);',
    `- the fake-data chunk (generated/msw-fake.js: response schemas and the generator), loaded only when`,
    `  an answer is made up (no example, or \`Prefer: dynamic=true\`): **${kb(parts.fake)} KB** gzipped.`,
    '',
  ];
  writeFileSync('bench/results/msw-size.md', lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
