/**
 * MSW in headless Chromium (Debian's /usr/bin/chromium through playwright-core): pages bundled
 * with esbuild register msw's service worker; the stateful page sends a message with the
 * generated client and reads it back from GET /messages, all inside the page; the example page
 * gets a contract example, then a typed override changes that one answer.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { buildPages, type PageSize } from './pages/build.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI)
  throw new Error(
    `${CHROMIUM} is missing and CI is set: the browser tests may not be skipped on CI`,
  );
if (!haveChromium)
  console.warn(
    `\n!!! SKIPPING the MSW browser test: ${CHROMIUM} is not installed (apt-get install -y chromium)\n`,
  );

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** The scripts of the page's folder the browser fetched, as build.ts names them. */
const chunksServed = (served: string[], page: string) =>
  [
    ...new Set(
      served.filter((p) => p.startsWith(`/${page}/`)).map((p) => p.slice(page.length + 2)),
    ),
  ].sort();

describe.skipIf(!haveChromium)('MSW handlers in a page, in Chromium', () => {
  let dir: string;
  let server: Server;
  let origin: string;
  let browser: Browser;
  let sizes: PageSize[];
  const served: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tms-msw-pages-'));
    sizes = await buildPages(dir);
    // A static server for the pages only: any /api/v1 request reaching it means the worker missed it.
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      served.push(path);
      const file = join(dir, path.replace(/^\/+/, ''));
      if (!path.startsWith('/api/') && existsSync(file) && TYPES[extname(file)]) {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] }).end(readFileSync(file));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await sharedBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function outcome(page: string): Promise<Record<string, unknown>> {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(`${origin}/${page}.html`);
      await tab.waitForFunction(() => 'outcome' in window, null, { timeout: 20_000 });
      return (await tab.evaluate(
        () => (window as unknown as { outcome: unknown }).outcome,
      )) as Record<string, unknown>;
    } finally {
      await context.close();
    }
  }

  it('the stateful page sends a message and reads it back, the mock running in the page', async () => {
    const result = await outcome('stateful');
    expect(result.ok, String(result.error)).toBe(true);
    expect(result.readId).toBe(result.sentId);
    expect(result.readContent).toBe(result.content);
    expect(served.filter((p) => p.startsWith('/api/'))).toEqual([]);
    expect(served).toContain('/mockServiceWorker.js');
    // what the bench counts is what the page loaded: its chunks and the two operations' validators
    const expected = sizes.find((s) => s.page === 'stateful')!.loaded.map((c) => c.file);
    expect(chunksServed(served, 'stateful')).toEqual(expected);
    expect(expected.some((f) => f.startsWith('sendMessage-'))).toBe(true);
  }, 40_000);

  it('the example page gets the contract example, then the typed override', async () => {
    const result = await outcome('examples');
    expect(result).toEqual({ exampleId: 42, overriddenId: 777, readOk: true });
    expect(served.filter((p) => p.startsWith('/api/'))).toEqual([]);
    const expected = sizes.find((s) => s.page === 'examples')!.loaded.map((c) => c.file);
    expect(chunksServed(served, 'examples')).toEqual(expected);
  }, 40_000);
});
