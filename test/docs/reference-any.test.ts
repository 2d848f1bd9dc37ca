/**
 * The reference on documents that are not ours (issue 30): Stripe's (big/, HTML in its
 * descriptions, not one example) and one breadth document (trashnothing.com: `<br>` in its
 * descriptions, path parameters without examples), with a hostile description planted in the
 * breadth one. Every page is read as HTML in Node: no description shows an HTML tag as text,
 * every operation page has a response sample, no path in a sample is filled with the word
 * `text`. A few pages are opened in headless Chromium (playwright-core, Debian's chromium): the
 * HTML renders as elements, try-it sends to the document's own server (answered by the test),
 * the hostile description runs nothing, and axe-core finds no violation (reviewed exceptions in
 * axe.ts). Each reference is generated once for the file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { loadContract } from '../../generator/load/index.js';
import { writeOutputs } from '../../generator/write/index.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { axeViolations, unexpected } from './axe.js';
import { serveDirectory, type StaticServer } from './static-server.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing and CI is set`);
const STRIPE = ['specs', 'big', 'stripe-spec3.json'];
const BREADTH = ['specs', 'breadth', 'trashnothing.com.json'];
const haveDocuments =
  haveShared("the reference on Stripe's and a breadth document", ...STRIPE) &&
  haveShared('the breadth reference', ...BREADTH);

/** The operation whose description the test replaces with the hostile fixture's HTML. */
const HOSTILE_OP = 'get_group';

/** The hostile fixture's HTML payloads, plus markup that must render, as one description. */
function hostileDescription(): string {
  const fixture = parseYaml(readFileSync('test/fixtures/hostile/openapi.yaml', 'utf8')) as {
    info: { description: string };
  };
  return [
    '<p><strong id="pwned-strong" onclick="window.__pwned=40">Allowed</strong> markup, <a href="https://example.com/ok">a link</a>.</p>',
    fixture.info.description,
    '<img src=x onerror="window.__pwned=41"><svg onload="window.__pwned=42"></svg><iframe srcdoc="<script>parent.__pwned=43</script>"></iframe>',
    '<a href="javascript:window.__pwned=44">js</a> <a href="data:text/html,<script>alert(1)</script>">data</a> <p style="position:fixed;inset:0" class="tryit-form">styled</p>',
  ].join('\n\n');
}

/** Escaped forms of the tags descriptions use: shown as text, they would read `<p>` on the page. */
const LITERAL_TAG =
  /&lt;\/?(p|a|code|strong|em|b|i|ul|ol|li|br|pre|table|tr|td|th|h[1-6])(\s|\/|&gt;)/;

async function site(file: string, out: string): Promise<string> {
  const loaded = await loadContract(file);
  if (!loaded.ok)
    throw new Error(`${file} does not load: ${JSON.stringify(loaded.problems.slice(0, 3))}`);
  const dir = join(out, 'docs');
  writeOutputs([
    { dir, files: await emitDocs(loaded.contract.model, { command: 'tms-gen', warn: () => {} }) },
  ]);
  return dir;
}

/** Each operation page's HTML, by operation id. */
function operationPages(docs: string): Map<string, string> {
  const dir = join(docs, 'operations');
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.html'))
      .map((f) => [f.slice(0, -5), readFileSync(join(dir, f), 'utf8')]),
  );
}

const unescape = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The URL of a page's curl sample, as the reader sees it. */
function curlUrl(html: string): string {
  const block = /data-lang="curl"[\s\S]*?<code>([\s\S]*?)<\/code>/.exec(html);
  const url = block && /curl\b[^'\n]*'([^']+)'/.exec(unescape(block[1]));
  if (!url) throw new Error('no curl sample');
  return url[1];
}

/** What every page of a reference must hold; the problems found, one line each. */
function pageProblems(pages: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [id, html] of pages) {
    if (!html.includes('id="response-samples"')) problems.push(`${id}: no response sample`);
    const literal = LITERAL_TAG.exec(html);
    if (literal) problems.push(`${id}: shows ${unescape(literal[0])} as text`);
    const path = new URL(curlUrl(html)).pathname;
    if (path.split('/').includes('text')) problems.push(`${id}: sample path ${path}`);
  }
  return problems;
}

describe.skipIf(!haveChromium || !haveDocuments)(
  "the reference on Stripe's and a breadth document",
  () => {
    let dir: string;
    let stripe: string;
    let breadth: string;
    let browser: Browser;
    let stripeServer: StaticServer;
    let breadthServer: StaticServer;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tms-docs-any-'));
      const doc = JSON.parse(readFileSync(sharedPath(...BREADTH), 'utf8')) as {
        paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
      };
      const op = Object.values(doc.paths)
        .flatMap((p) => Object.values(p))
        .find((o) => o.operationId === HOSTILE_OP)!;
      op.description = hostileDescription();
      writeFileSync(join(dir, 'breadth.json'), JSON.stringify(doc));
      [stripe, breadth] = [
        await site(sharedPath(...STRIPE), join(dir, 'stripe')),
        await site(join(dir, 'breadth.json'), join(dir, 'breadth')),
      ];
      [stripeServer, breadthServer] = await Promise.all([
        serveDirectory(stripe),
        serveDirectory(breadth),
      ]);
      browser = await sharedBrowser();
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await stripeServer?.stop();
      await breadthServer?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("Stripe's pages: no tag shown as text, a response sample on each, no `text` in a sample path", () => {
      const pages = operationPages(stripe);
      expect(pages.size).toBe(468);
      expect(pageProblems(pages)).toEqual([]);
      expect(curlUrl(pages.get('GetCustomersCustomer')!)).toBe(
        'https://api.stripe.com/v1/customers/customer_1',
      );
    });

    it("the breadth document's pages: the same", () => {
      const pages = operationPages(breadth);
      expect(pages.size).toBe(12);
      expect(pageProblems(pages)).toEqual([]);
    });

    /** Opens `path`, with console errors, page errors and requests to other hosts collected. */
    async function open(
      server: StaticServer,
      path: string,
    ): Promise<{ page: Page; problems: string[] }> {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on(
        'console',
        (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)),
      );
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('dialog', (d) => void (problems.push(`dialog: ${d.message()}`), d.dismiss()));
      await page.goto(server.url + path);
      return { page, problems };
    }

    it("renders Stripe's HTML as elements, shows the made-up response, and try-it sends to api.stripe.com", async () => {
      const { page, problems } = await open(stripeServer, 'operations/GetCustomersCustomer.html');
      const description = page.locator('section.description');
      expect(await description.locator('p').first().textContent()).toBe(
        'Retrieves a Customer object.',
      );
      expect(await description.innerText()).not.toContain('<');
      await expect.poll(() => page.locator('#response-samples').isVisible()).toBe(true);
      expect(await page.locator('.panel-response details[open] pre').innerText()).toContain(
        '"object": "customer"',
      );

      const sent: string[] = [];
      await page.route('https://api.stripe.com/**', (route) => {
        sent.push(route.request().url());
        return route.fulfill({
          status: 200,
          headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
          body: '{"id":"cus_1","object":"customer"}',
        });
      });
      await page.click('.tryit-box > summary');
      expect(await page.inputValue('#tryit-server')).toBe('https://api.stripe.com');
      await page.click('.tryit-form button[type=submit]');
      await page.locator('.tryit-result:not([hidden])').waitFor({ timeout: 15_000 });
      expect(sent).toEqual(['https://api.stripe.com/v1/customers/customer_1']);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('keeps the hostile description inert: allowed markup renders, nothing of the payload runs', async () => {
      const { page, problems } = await open(breadthServer, `operations/${HOSTILE_OP}.html`);
      await page.waitForLoadState('load');
      const state = await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: unknown }).__pwned,
        strong: document.querySelector('section.description strong')?.textContent,
        link: document
          .querySelector('section.description a[href="https://example.com/ok"]')
          ?.getAttribute('rel'),
        payload: document.querySelectorAll(
          'section.description :is(img, svg, iframe, script, style, object, embed, [id], [style], [class], [onclick])',
        ).length,
        unsafeLinks: [...document.querySelectorAll('a[href]')]
          .map((a) => a.getAttribute('href')!)
          .filter((h) => /^\s*(javascript|data|vbscript):/i.test(h)),
        scripts: [...document.scripts]
          .filter((s) => s.type !== 'application/json')
          .map((s) => s.getAttribute('src') ?? 'inline'),
      }));
      expect(state.pwned).toBeUndefined();
      expect(state.strong).toBe('Allowed');
      expect(state.link).toBe('noopener noreferrer');
      expect(state.payload).toBe(0);
      expect(state.unsafeLinks).toEqual([]);
      expect(
        state.scripts.every((s) =>
          /^(\.\.\/)?(assets\/(samples|site|wire|tryit)\.js|nav\.js)$/.test(s),
        ),
        state.scripts.join(', '),
      ).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('has no axe-core violation on a Stripe operation page and the hostile breadth page (reviewed exceptions: axe.ts)', async () => {
      const found: string[] = [];
      for (const [server, path] of [
        [stripeServer, 'operations/GetCustomersCustomer.html'],
        [breadthServer, `operations/${HOSTILE_OP}.html`],
      ] as const) {
        const { page } = await open(server, path);
        found.push(...unexpected(await axeViolations(page), path));
        await page.close();
      }
      expect(found).toEqual([]);
    });
  },
);
