/**
 * A sample's values are carried once by an operation page: the samples data holds them as the
 * client call's arguments, and the try-it form starts from them (assets/tryit.js reads them
 * there), showing the very text it showed when the try-it data carried a copy. Headless Chromium.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { writeOutputs } from '../../generator/write/index.js';
import { serveDirectory, type StaticServer } from './static-server.js';
import { loadOrThrow } from '../load-contract.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing and CI is set`);

const CONTRACT = resolve('test/fixtures/docs-json-body/openapi.yaml');
const EXAMPLE = { title: 'Groceries: eggs </script> & milk', tags: ['home', 'weekly'] };
let dir: string;
let site: StaticServer;
let browser: Browser;

beforeAll(async () => {
  const contract = await loadOrThrow(CONTRACT);
  dir = mkdtempSync(join(tmpdir(), 'tms-json-body-'));
  const files = await emitDocs(contract.model, { command: 'test', warn: () => {} });
  writeOutputs([{ dir, files }]);
  if (!haveChromium) return;
  site = await serveDirectory(dir);
  browser = await sharedBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a sample’s values on its operation page', () => {
  it('are carried once, in the samples data', () => {
    const html = readFileSync(join(dir, 'operations', 'createNote.html'), 'utf8');
    // `</script>` is escaped in page data: count the title as the data spells it.
    const title = JSON.stringify(EXAMPLE.title).slice(1, -1).replace(/</g, '\\u003c');
    const data = [...html.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)];
    const count = (text: string) => data.map((m) => m[1].split(text).length - 1);
    expect(count(title)).toEqual([0, 1]);
    expect(count(JSON.stringify('Home & "kitchen"').slice(1, -1))).toEqual([0, 1]);
  });

  it.skipIf(!haveChromium)(
    'start the try-it form: the body pretty-printed, the parameters as text',
    async () => {
      const page = await browser.newPage();
      try {
        await page.goto(`${site.url}operations/createNote.html`);
        await page.click('.tryit-box > summary');
        expect(await page.inputValue('#tryit-body')).toBe(JSON.stringify(EXAMPLE, null, 2));
        expect(await page.inputValue('#try-param-folder')).toBe('Home & "kitchen"');
        expect(await page.inputValue('#try-param-pin')).toBe('3');
        // Name, location, type and required flag come from the wire fields the page carries once.
        const label = (name: string) =>
          page.locator(`.tryit-field[data-name="${name}"] label`).innerText();
        expect(await label('folder')).toBe('folder query · string required');
        expect(await label('pin')).toBe('pin query · integer');
      } finally {
        await page.close();
      }
    },
  );
});
