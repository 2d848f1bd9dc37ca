/**
 * The command line of page-wire.ts and page-samples.ts: write the committed asset, or with
 * `--check` (CI, beside `generate --check`) say whether it is as its sources would build it now.
 * The bundles' bytes move with any edit of a bundled module (source.ts is shared by the whole
 * generator), so staleness is caught here, early, rather than only by the test suite.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Returns the exit code: 0 written or fresh, 1 stale (said on stderr, with the fix). */
export function writeOrCheckAsset(asset: string, bundle: string, argv: string[]): number {
  const name = relative(process.cwd(), asset);
  if (!argv.includes('--check')) {
    writeFileSync(asset, bundle);
    console.log(`wrote ${name}`);
    return 0;
  }
  let committed: string | undefined;
  try {
    committed = readFileSync(asset, 'utf8');
  } catch {
    // missing: stale
  }
  if (committed === bundle) return 0;
  console.error(`${name} is stale: run \`node --import tsx ${relative(process.cwd(), argv[1])}\``);
  return 1;
}
