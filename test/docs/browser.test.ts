/**
 * The reference in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
 * every internal link and anchor resolves, search finds an operation, a parameter and an error
 * code, no console errors, axe-core finds no violation of any impact (reviewed exceptions in axe.ts), a screenshot of an
 * operation page lands in test-artifacts/, and the hostile document runs no script of its own.
 *
 * The site is generated fresh from the contract into a temp dir (what `npm run generate` writes
 * to docs/) and served by a node:http server on 127.0.0.1:0.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { loadContract } from '../../generator/load/index.js';
import { writeOutputs } from '../../generator/write/index.js';
import { axeViolations, unexpected } from './axe.js';
import { serveDirectory, type StaticServer } from './static-server.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) {
  throw new Error(
    `${CHROMIUM} is missing and CI is set: install it (apt-get install -y chromium); the browser tests may not be skipped on CI`,
  );
}
if (!haveChromium) {
  console.warn(
    `\n!!!!!!!!\n!!! SKIPPING the docs browser tests: ${CHROMIUM} is not installed (apt-get install -y chromium). CI fails instead of skipping.\n!!!!!!!!\n`,
  );
}

async function buildSite(contract: string): Promise<string> {
  const loaded = await loadContract(contract);
  if (!loaded.ok)
    throw new Error(`${contract} does not load: ${JSON.stringify(loaded.problems.slice(0, 3))}`);
  const dir = mkdtempSync(join(tmpdir(), 'tms-docs-'));
  const out = join(dir, 'docs');
  writeOutputs([
    {
      dir: out,
      files: await emitDocs(loaded.contract.model, { command: 'npm run generate', warn: () => {} }),
    },
  ]);
  return out;
}

/** Console errors, page errors and requests to any host but ours, collected per page. */
function watch(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(origin)) problems.push(`outside request: ${r.url()}`);
  });
  return problems;
}

describe.skipIf(!haveChromium)('docs in a browser', () => {
  let browser: Browser;
  let server: StaticServer;
  let siteDir: string;
  beforeAll(async () => {
    siteDir = await buildSite('openapi/openapi.yaml');
    server = await serveDirectory(siteDir);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (siteDir) rmSync(join(siteDir, '..'), { recursive: true, force: true });
  });

  it('resolves every internal link and anchor, with no console error on any page', async () => {
    const page = await browser.newPage();
    const problems = watch(page, server.url);
    const idsByPage = new Map<string, Set<string>>();
    const linksByPage = new Map<string, string[]>();
    const queue = [server.url + 'index.html'];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (idsByPage.has(url)) continue;
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      const { ids, hrefs } = await page.evaluate(() => ({
        ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
        hrefs: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
      }));
      idsByPage.set(url, new Set(ids));
      linksByPage.set(url, hrefs);
      for (const href of hrefs) {
        const target = href.split('#')[0];
        if (target.startsWith(server.url) && target.endsWith('.html') && !idsByPage.has(target))
          queue.push(target);
      }
    }
    expect(idsByPage.size).toBeGreaterThan(50);
    const broken: string[] = [];
    for (const [from, hrefs] of linksByPage) {
      for (const href of hrefs) {
        if (!href.startsWith(server.url)) continue;
        const [target, hash] = href.split('#');
        if (target.endsWith('.html')) {
          const ids = idsByPage.get(target);
          if (!ids) broken.push(`${from} → ${href} (no page)`);
          else if (hash && !ids.has(decodeURIComponent(hash)))
            broken.push(`${from} → ${href} (no anchor)`);
        } else {
          const res = await fetch(target);
          if (res.status !== 200) broken.push(`${from} → ${href} (${res.status})`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(server.misses).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  const searchCases = [
    { query: 'sendMessage', kind: 'Operation', expectUrl: /operations\/sendMessage\.html$/ },
    {
      query: 'read_by_sender',
      kind: 'Parameter',
      expectUrl: /operations\/sendMessage\.html#param-read_by_sender$/,
    },
    {
      query: 'STREAM_DOES_NOT_EXIST',
      kind: 'Error code',
      expectUrl: /errors\.html#error-STREAM_DOES_NOT_EXIST$/,
    },
  ];
  for (const c of searchCases) {
    it(`finds ${c.kind.toLowerCase()} ${c.query} with the search box and opens it`, async () => {
      const page = await browser.newPage();
      const problems = watch(page, server.url);
      await page.goto(server.url + 'schemas/index.html');
      await page.fill('#search-input', c.query);
      const hit = page
        .locator('#search-results a.search-hit', { hasText: c.query })
        .filter({ has: page.locator('.search-kind', { hasText: c.kind }) })
        .first();
      await hit.waitFor({ state: 'visible', timeout: 30_000 });
      await hit.click();
      await page.waitForURL(c.expectUrl);
      const hash = new URL(page.url()).hash.slice(1);
      if (hash) expect(await page.locator(`[id="${hash}"]`).count()).toBe(1);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('has no axe-core violation of any impact on the overview, an operation, a schema and the changelog (reviewed exceptions: axe.ts)', async () => {
    const page = await browser.newPage();
    const found: string[] = [];
    for (const path of [
      'index.html',
      'operations/sendMessage.html',
      'schemas/Message.html',
      'changelog.html',
    ]) {
      await page.goto(server.url + path);
      found.push(...unexpected(await axeViolations(page), path));
    }
    expect(found).toEqual([]);
    await page.close();
  });

  it('saves a screenshot of an operation page (desktop and phone) to test-artifacts/', async () => {
    mkdirSync('test-artifacts', { recursive: true });
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(server.url + 'operations/sendMessage.html');
    await page.screenshot({ path: 'test-artifacts/docs-operation.png', fullPage: false });
    // Readable on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(server.url + 'operations/sendMessage.html');
    await page.screenshot({ path: 'test-artifacts/docs-operation-phone.png' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(existsSync('test-artifacts/docs-operation.png')).toBe(true);
    await page.close();
  });
});

describe.skipIf(!haveChromium)('the hostile document in a browser', () => {
  let browser: Browser;
  let server: StaticServer;
  let siteDir: string;
  beforeAll(async () => {
    siteDir = await buildSite('test/fixtures/hostile/openapi.yaml');
    server = await serveDirectory(siteDir);
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (siteDir) rmSync(join(siteDir, '..'), { recursive: true, force: true });
  });

  it('renders every page without running any script of the payload', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    const problems = watch(page, server.url);
    const pages = ['index.html', 'errors.html', 'changelog.html', 'schemas/index.html'];
    await page.goto(server.url + 'index.html');
    const more = await page.evaluate(() =>
      [...document.querySelectorAll('nav a[href]')].map((a) => (a as HTMLAnchorElement).href),
    );
    for (const href of more) pages.push(href.replace(server.url, ''));
    pages.push(
      ...(
        await page.evaluate(() =>
          [...document.querySelectorAll('main a[href]')].map((a) => (a as HTMLAnchorElement).href),
        )
      )
        .filter((h) => h.startsWith(server.url))
        .map((h) => h.split('#')[0].replace(server.url, '')),
    );
    for (const path of [...new Set(pages)].filter((p) => p.endsWith('.html'))) {
      await page.goto(server.url + path);
      // Try-it on the hostile operation: its form, its data and a hostile answer stay text.
      if (await page.locator('.tryit-form').count()) {
        await page.route('http://127.0.0.1:9/**', (route) =>
          route.fulfill({
            status: 200,
            headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
            body: JSON.stringify({
              '<img src=x onerror="window.__pwned=7">': '<script>window.__pwned=8</script>',
            }),
          }),
        );
        await page.click('.tryit-box > summary');
        await page.fill('#tryit-server', 'http://127.0.0.1:9');
        await page.click('.tryit-form button[type=submit]');
        await page.waitForFunction(() => {
          const r = document.querySelector('.tryit-result') as HTMLElement | null;
          const s = document.querySelector('.tryit-status');
          return (r && !r.hidden) || (s && s.textContent !== '' && s.textContent !== 'Sending…');
        });
      }
      // Searching loads the index script, which holds the payload strings too.
      await page.fill('#search-input', 'script');
      await page.waitForSelector('#search-results:not([hidden])');
      const state = await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: unknown }).__pwned,
        payloadElements: document.querySelectorAll('[id^="pwned"], img, iframe, object, embed')
          .length,
        scripts: [...document.scripts]
          .filter((s) => s.type !== 'application/json')
          .map((s) => s.getAttribute('src') ?? `inline: ${s.textContent?.slice(0, 40)}`),
        dangerousLinks: [...document.querySelectorAll('a[href]')]
          .map((a) => a.getAttribute('href')!)
          .filter((h) => /^\s*(javascript|data|vbscript):/i.test(h)),
      }));
      expect(state.pwned, path).toBeUndefined();
      expect(state.payloadElements, path).toBe(0);
      expect(
        state.scripts.every((s) =>
          /^(\.\.\/)?(assets\/(samples|site|wire|tryit)\.js|search-index\.js|schemas\.js)$/.test(s),
        ),
        `${path}: ${state.scripts.join(', ')}`,
      ).toBe(true);
      expect(state.dangerousLinks, path).toEqual([]);
    }
    expect(dialogs).toEqual([]);
    // Try-it's requests went to the server the test chose (answered by page.route), none elsewhere.
    expect(problems.filter((p) => !p.startsWith('outside request: http://127.0.0.1:9/'))).toEqual(
      [],
    );
    await page.close();
  });
});
