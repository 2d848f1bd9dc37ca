/**
 * The reference as a reader uses it, in headless Chromium (playwright-core, Debian's chromium):
 * the samples column stays beside the text, language tabs switch and are remembered, copy
 * buttons copy, try-it sends a form with a JSON-encoded field to the Prism mock (vitest global
 * setup) from a served folder and from file:// and shows the answer checked against the
 * schema, the level switcher hides what a server of that level lacks, the committed search
 * table (search-queries.md) ranks as it says, axe-core finds no violation of any impact on any
 * page template, light and dark, desktop and phone (reviewed exceptions in axe.ts), and the dark
 * theme really applies when the reader asks for it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { writeOutputs } from '../../generator/write/index.js';
import { AXE_ALLOWED, appliedTheme, axeViolations, unexpected } from './axe.js';
import { serveDirectory, type StaticServer } from './static-server.js';
import { loadOrThrow } from '../load-contract.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing and CI is set`);

/** `| query | page |` rows of the committed table. */
function queryTable(): { query: string; page: string }[] {
  const text = readFileSync('test/docs/search-queries.md', 'utf8');
  return [...text.matchAll(/^\| ([^|]+?) \| ([^|]+?) \|$/gm)]
    .map((m) => ({ query: m[1], page: m[2] }))
    .filter((r) => r.query !== 'query' && !r.query.startsWith('---'));
}

describe.skipIf(!haveChromium)('the reference in use', () => {
  let browser: Browser;
  let server: StaticServer;
  let siteDir: string;
  let mockUrl: string;
  beforeAll(async () => {
    mockUrl = inject('mockBaseUrl');
    const contract = await loadOrThrow();
    const dir = mkdtempSync(join(tmpdir(), 'tms-docs-ui-'));
    siteDir = join(dir, 'docs');
    writeOutputs([
      {
        dir: siteDir,
        files: await emitDocs(contract.model, {
          command: 'npm run generate',
          warn: () => {},
        }),
      },
    ]);
    server = await serveDirectory(siteDir);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (siteDir) rmSync(join(siteDir, '..'), { recursive: true, force: true });
  });

  async function open(
    path: string,
    opts: { width?: number; context?: BrowserContext } = {},
  ): Promise<Page> {
    const context =
      opts.context ??
      (await browser.newContext({ viewport: { width: opts.width ?? 1400, height: 900 } }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    (page as unknown as { errors: string[] }).errors = errors;
    await page.goto(server.url + path);
    return page;
  }

  it('keeps the samples column beside the text while the reader scrolls, response examples coming up with the responses', async () => {
    const page = await open('operations/sendMessage.html');
    // a section heading's # link: made by site.js, not written on every page
    expect(await page.getAttribute('#responses > .heading-anchor', 'href')).toBe('#responses');
    expect(await page.getAttribute('#responses > .heading-anchor', 'aria-hidden')).toBe('true');
    const aside = page.locator('.op-samples');
    const before = await aside.boundingBox();
    const text = await page.locator('.op-text').boundingBox();
    expect(before!.x).toBeGreaterThan(text!.x + text!.width - 1); // beside, to the right
    await page.locator('#responses').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    await page.waitForTimeout(600);
    const after = await aside.boundingBox();
    expect(after!.y).toBeGreaterThanOrEqual(0);
    expect(after!.y).toBeLessThan(100); // still at the top of the window: sticky
    const panel = await page.locator('.panel-response').boundingBox();
    expect(panel!.y).toBeLessThan(900);
    expect(panel!.y + panel!.height).toBeGreaterThan(0);
    // On a phone: one column, the samples after the text.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneAside = await aside.boundingBox();
    const phoneText = await page.locator('.op-text').boundingBox();
    expect(phoneAside!.y).toBeGreaterThan(phoneText!.y + phoneText!.height - 1);
    await page.context().close();
  });

  it('switches the language tabs and remembers the choice on the next page', async () => {
    const page = await open('operations/sendMessage.html');
    const visible = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.lang-panel')]
          .filter((p) => (p as HTMLElement).offsetParent !== null)
          .map((p) => p.getAttribute('data-lang')),
      );
    expect(new Set(await visible())).toEqual(new Set(['curl']));
    await page.click('.lang-tab[data-lang="python"]');
    expect(new Set(await visible())).toEqual(new Set(['python']));
    expect(await page.getAttribute('.lang-tab[data-lang="python"]', 'aria-pressed')).toBe('true');
    await page.goto(server.url + 'operations/getMessages.html');
    expect(new Set(await visible())).toEqual(new Set(['python']));
    await page.click('.lang-tab[data-lang="typescript"]');
    expect(
      await page.locator('.lang-panel[data-lang="typescript"] pre').first().innerText(),
    ).toContain('api.getMessages(');
    await page.context().close();
  });

  it('copies a sample with its copy button', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url.replace(/\/$/, ''),
    });
    const page = await open('operations/sendMessage.html', { context });
    const block = page.locator('.lang-panel[data-lang="curl"]').first();
    const expected = await block.locator('pre code').evaluate((c) => c.textContent);
    await block.locator('button.copy').click();
    await expect.poll(() => block.locator('button.copy').innerText()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expected);
    expect(copied).toMatch(/^curl 'https:/);
    await context.close();
  });

  for (const where of ['a served folder', 'file://'] as const) {
    it(`try-it from ${where}: sends a form with a JSON-encoded list to the mock and shows the checked answer`, async () => {
      expect(mockUrl, inject('mockError')).not.toBe('');
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(mockUrl))
          sent.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
      });
      const url =
        where === 'file://'
          ? pathToFileURL(join(siteDir, 'operations/updateMessageFlags.html')).href
          : server.url + 'operations/updateMessageFlags.html';
      await page.goto(url);
      await page.click('.tryit-box > summary');
      await page.fill('#tryit-server', mockUrl);
      await page.fill('#tryit-email', 'iago@example.com');
      await page.fill('#tryit-key', 'secret-key');
      // The JSON-encoded list is a structured input: one box per message ID.
      const list = page.locator('.tryit-list');
      await expect.poll(() => list.locator('.tryit-item input').count()).toBe(2);
      await list.getByRole('button', { name: 'Add an item' }).click();
      await list.locator('.tryit-item input').nth(2).fill('44');
      await page.click('.tryit-form button[type=submit]');
      const result = page.locator('.tryit-result');
      await result.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await result.getAttribute('data-verdict')).toBe('valid');
      expect(await result.locator('.tryit-summary').innerText()).toMatch(
        /^200 .*matches the contract/,
      );
      expect(sent.length).toBe(1);
      expect(sent[0]).toContain('messages=%5B42%2C43%2C44%5D');
      expect(page.url()).not.toContain('secret-key');
      const stored = await page.evaluate(() => sessionStorage.getItem('tms-docs-tryit') ?? '');
      expect(stored).toContain('secret-key');
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('secret-key');
      await context.close();
    });
  }

  it('try-it shows an answer that breaks the schema as such', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('http://127.0.0.1:9/**', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: JSON.stringify({ result: 'success', msg: 5 }),
      }),
    );
    await page.goto(server.url + 'operations/updateMessageFlags.html');
    await page.click('.tryit-box > summary');
    await page.fill('#tryit-server', 'http://127.0.0.1:9/api/v1');
    await page.click('.tryit-form button[type=submit]');
    const result = page.locator('.tryit-result');
    await result.waitFor({ state: 'visible' });
    expect(await result.getAttribute('data-verdict')).toBe('invalid');
    expect(await result.locator('.tryit-problems').innerText()).toMatch(/msg: expected string/);
    await context.close();
  });

  it('the level switcher shows the API as a server of that level has it', async () => {
    const page = await open('operations/getMessages.html');
    const row = page.locator('#param-message_ids');
    expect(await row.getAttribute('data-since')).toBe('300');
    expect(await row.isVisible()).toBe(true);
    // The newest level the switcher offers before 300: a server there lacks message_ids.
    const before300 = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('#level-select option')]
          .map((o) => Number((o as HTMLOptionElement).value))
          .filter((n) => n > 0 && n < 300),
      ),
    );
    await page.selectOption('#level-select', String(before300));
    expect(await row.isVisible()).toBe(false);
    expect(
      await page
        .locator('.tryit-field[data-name="message_ids"]')
        .evaluate((e) => e.classList.contains('level-hidden')),
    ).toBe(true);
    expect(await page.locator('#level-note').isVisible()).toBe(true);
    expect(await page.locator('#level-note a[href$="changelog.html"]').count()).toBe(1);
    // Remembered on the next page, and undone by "show the latest".
    await page.goto(server.url + 'operations/getMessages.html');
    expect(await page.locator('#param-message_ids').isVisible()).toBe(false);
    await page.click('#level-reset');
    expect(await page.locator('#param-message_ids').isVisible()).toBe(true);
    await page.context().close();
  });

  it('the level switcher hides a schema field added after the chosen level (Channel.is_archived, level 315)', async () => {
    const page = await open('schemas/Channel.html');
    const field = page.locator('#field-is_archived');
    expect(await field.getAttribute('data-since')).toBe('315');
    expect(await field.isVisible()).toBe(true);
    const before = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('#level-select option')]
          .map((o) => Number((o as HTMLOptionElement).value))
          .filter((n) => n > 0 && n < 315),
      ),
    );
    await page.selectOption('#level-select', String(before));
    expect(await field.isVisible()).toBe(false);
    // A field the server of that level has stays.
    expect(await page.locator('#field-name').isVisible()).toBe(true);
    await page.click('#level-reset');
    expect(await field.isVisible()).toBe(true);
    await page.context().close();
  });

  it('ranks the committed search table: each query has its page first', async () => {
    const rows = queryTable();
    expect(rows.length).toBeGreaterThanOrEqual(25);
    const page = await open('index.html');
    const misses: string[] = [];
    for (const row of rows) {
      await page.fill('#search-input', '');
      await page.fill('#search-input', row.query);
      await page.waitForSelector('#search-results:not([hidden])');
      const first = await page.evaluate(() => {
        const a = document.querySelector(
          '#search-results a.search-hit',
        ) as HTMLAnchorElement | null;
        return a ? { href: a.getAttribute('href') ?? '', text: a.textContent ?? '' } : null;
      });
      if (!first || !first.href.endsWith(row.page))
        misses.push(`${row.query} → ${first?.href ?? 'nothing'} (want ${row.page})`);
    }
    expect(misses).toEqual([]);
    // Clean text: no Markdown marks in what the results show.
    await page.fill('#search-input', 'message');
    const shown = await page.locator('#search-results').innerText();
    expect(shown).not.toContain('`');
    await page.context().close();
  });

  const templates = [
    'index.html',
    'operations/sendMessage.html',
    'groups/messages.html',
    'schemas/index.html',
    'schemas/Message.html',
    'errors.html',
    'changelog.html',
  ];
  it('axe-core: no violation of any impact on any page template, light and dark, desktop and phone (reviewed exceptions: test/docs/axe.ts)', async () => {
    const found: string[] = [];
    const allowedSeen = new Set<string>();
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1400, 390]) {
        const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
        const page = await context.newPage();
        for (const path of templates) {
          await page.goto(server.url + path);
          // The try-it form and a level note are part of the template: show them to axe.
          await page.evaluate(() =>
            document.querySelectorAll('details').forEach((d) => (d.open = true)),
          );
          const violations = await axeViolations(page);
          violations.forEach((v) => v.id in AXE_ALLOWED && allowedSeen.add(v.id));
          found.push(...unexpected(violations, `${path} ${colorScheme} ${width}px`));
        }
        await context.close();
      }
    }
    expect(found).toEqual([]);
    // An exception that matches nothing any more has lost its reason: remove it.
    expect(Object.keys(AXE_ALLOWED).filter((id) => !allowedSeen.has(id))).toEqual([]);
  }, 180_000);

  it('the theme follows the reader: dark pages are dark to the last element, light pages light', async () => {
    const wrong: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        colorScheme,
        viewport: { width: 1400, height: 900 },
      });
      const page = await context.newPage();
      for (const path of templates) {
        await page.goto(server.url + path);
        await page.evaluate(() =>
          document.querySelectorAll('details').forEach((d) => (d.open = true)),
        );
        const theme = await appliedTheme(page);
        const where = `${path} ${colorScheme}`;
        if (colorScheme === 'dark') {
          if (theme.body > 0.05)
            wrong.push(`${where}: background luminance ${theme.body.toFixed(2)}`);
          if (theme.text < 0.5) wrong.push(`${where}: text luminance ${theme.text.toFixed(2)}`);
          // No light panel left behind: every painted background stays dark.
          if (theme.lightest.luminance > 0.2)
            wrong.push(
              `${where}: ${theme.lightest.element} has a light background (${theme.lightest.luminance.toFixed(2)})`,
            );
        } else {
          if (theme.body < 0.9)
            wrong.push(`${where}: background luminance ${theme.body.toFixed(2)}`);
          if (theme.text > 0.1) wrong.push(`${where}: text luminance ${theme.text.toFixed(2)}`);
        }
      }
      await context.close();
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
