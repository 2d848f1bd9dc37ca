/**
 * The static files (CSS, JS) shipped with every site: generator/templates/docs/assets, copied
 * as they are. The pages themselves are built by the functions of generator/emit/docs/html/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ASSET_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'templates',
  'docs',
  'assets',
);

/** Every asset, path in the site → text, in file-name order. */
export function siteAssets(): { path: string; text: string }[] {
  return readdirSync(ASSET_DIR)
    .sort()
    .map((file) => ({
      path: `assets/${file}`,
      text: readFileSync(join(ASSET_DIR, file), 'utf8'),
    }));
}
