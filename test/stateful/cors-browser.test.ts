/**
 * CORS of the stateful mock, in headless Chromium (Debian's /usr/bin/chromium through
 * playwright-core): a page served from one port sends a message to the mock on another port
 * (a preflighted POST: Authorization and a form body) and reads it back; a page opened from
 * disk (Origin: null) does the same; and a mock whose origin list leaves the page out is
 * refused by the browser itself.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { createStatefulMock } from '../../mock/stateful/index.js';
import { createHttpServer } from '../../runtime/server.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI)
  throw new Error(
    `${CHROMIUM} is missing and CI is set: the browser tests may not be skipped on CI`,
  );
if (!haveChromium)
  console.warn(
    `\n!!! SKIPPING the CORS browser test: ${CHROMIUM} is not installed (apt-get install -y chromium)\n`,
  );

/** The page's script: send a message, read it back; the outcome lands in `window.outcome`. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>cors</title><script>
window.run = async (base, auth, content) => {
  try {
    const sent = await fetch(base + '/messages', {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'channel', to: 'general', topic: 'cors', content }),
    });
    const { id } = await sent.json();
    const read = await fetch(base + '/messages/' + id + '?apply_markdown=false', { headers: { authorization: auth } });
    const body = await read.json();
    return { ok: true, status: read.status, content: body.message && body.message.content };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
};
</script>`;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const close = (server: Server) =>
  new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });

describe.skipIf(!haveChromium)('the stateful mock called from another origin, in Chromium', () => {
  let browser: Browser;
  let pageServer: Server;
  let pageOrigin: string;
  let open: Server;
  let openBase: string;
  let strict: Server;
  let strictBase: string;
  let auth: string;
  let dir: string;
  const preflights: string[] = [];

  beforeAll(async () => {
    const anyOrigin = createStatefulMock();
    const maya = anyOrigin.credentials.find((c) => c.email === 'maya@example.com')!;
    auth = `Basic ${btoa(`${maya.email}:${maya.apiKey}`)}`;
    open = createHttpServer((req, res) => {
      if (req.method === 'OPTIONS') preflights.push(String(req.headers.origin));
      return anyOrigin.listener(req, res);
    });
    openBase = `${await listen(open)}/api/v1`;
    strict = createHttpServer(
      createStatefulMock({ cors: { origins: ['http://elsewhere.example'] } }).listener,
    );
    strictBase = `${await listen(strict)}/api/v1`;
    pageServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE);
    });
    pageOrigin = await listen(pageServer);
    dir = mkdtempSync(join(tmpdir(), 'tms-cors-'));
    writeFileSync(join(dir, 'page.html'), PAGE);
    browser = await sharedBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([close(open), close(strict), close(pageServer)]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a page on another port sends a message (preflighted) and reads it back', async () => {
    const page = await browser.newPage();
    await page.goto(`${pageOrigin}/`);
    const outcome = await page.evaluate(
      ([base, a]) =>
        (window as never as { run: (...x: string[]) => unknown }).run(base, a, 'from a page'),
      [openBase, auth],
    );
    expect(outcome).toEqual({ ok: true, status: 200, content: 'from a page' });
    expect(preflights).toContain(pageOrigin);
    await page.close();
  });

  it('a page opened from disk (Origin: null) does the same', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(dir, 'page.html')).href);
    const outcome = await page.evaluate(
      ([base, a]) =>
        (window as never as { run: (...x: string[]) => unknown }).run(base, a, 'from disk'),
      [openBase, auth],
    );
    expect(outcome).toEqual({ ok: true, status: 200, content: 'from disk' });
    expect(preflights).toContain('null');
    await page.close();
  });

  it('an origin the mock does not list is refused by the browser', async () => {
    const page = await browser.newPage();
    await page.goto(`${pageOrigin}/`);
    const outcome = (await page.evaluate(
      ([base, a]) => (window as never as { run: (...x: string[]) => unknown }).run(base, a, 'nope'),
      [strictBase, auth],
    )) as { ok: boolean; error?: string };
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/TypeError: Failed to fetch/);
    await page.close();
  });
});
