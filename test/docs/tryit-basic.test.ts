/**
 * Try it sends HTTP Basic credentials with the runtime's one encoder (runtime/client-auth's
 * `basicAuthorization`, bundled into the docs' wire.js asset): UTF-8 before base64 (RFC 7617),
 * so a username or password outside Latin-1 arrives as the client would send it. Headless
 * Chromium against the document's generated listener on 127.0.0.1 (CORS on), which accepts only
 * the exact credentials. tryit.js carries no encoder of its own.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { writeOutputs } from '../../generator/write/index.js';
import { serve, type Running } from '../contract-runner/servers.js';
import { serveDirectory, type StaticServer } from './static-server.js';
import { fixtureBindings } from '../fixture-bindings.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing and CI is set`);

const CONTRACT = resolve('test/fixtures/auth/basic.yaml');
const SCRATCH = resolve('test-artifacts', `tryit-basic-${process.pid}`);
// Outside Latin-1 and with a colon in the password (only the first colon separates).
const USER = 'zoë.Ω@example.com';
const PASSWORD = 'clé:秘密';

let browser: Browser;
let docs: StaticServer;
let api: Running;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(SCRATCH, { recursive: true });
  const { model, createRequestListener } = await fixtureBindings(CONTRACT, join(SCRATCH, 'out'));
  const siteDir = join(SCRATCH, 'docs');
  writeOutputs([
    { dir: siteDir, files: await emitDocs(model, { command: 'test', warn: () => {} }) },
  ]);
  const listener = createRequestListener({
    cors: true,
    authenticate: (c: { type: string; username?: string; password?: string }) =>
      c.type === 'basic' && c.username === USER && c.password === PASSWORD ? { id: 1 } : null,
    handlers: { getThing: (params: { id: number }) => ({ status: 200, body: { id: params.id } }) },
  });
  api = await serve((req, res) => {
    if (req.method !== 'OPTIONS') seen.push(req.headers.authorization);
    listener(req, res);
  });
  docs = await serveDirectory(siteDir);
  browser = await sharedBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await docs?.stop();
  await api?.stop();
  rmSync(SCRATCH, { recursive: true, force: true });
});

describe.skipIf(!haveChromium)('try it: HTTP Basic through the runtime’s encoder', () => {
  it('sends UTF-8 credentials as RFC 7617 says; the page has no encoder of its own', async () => {
    const tryit = readFileSync(join(SCRATCH, 'docs', 'assets', 'tryit.js'), 'utf8');
    expect(tryit).not.toMatch(/btoa|TextEncoder/);
    expect(tryit).toContain('TMSWire.basicAuthorization');
    const page = await browser.newPage();
    await page.goto(`${docs.url}operations/getThing.html`);
    await page.click('.tryit-box > summary');
    await page.fill('#tryit-server', api.baseUrl.replace(/\/api\/v1$/, ''));
    await page.locator('.tryit-field[data-name="id"] input').fill('5');
    await page.getByLabel('Username').fill(USER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.click('.tryit-form button[type=submit]');
    const result = page.locator('.tryit-result');
    await result.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await result.locator('.tryit-summary').innerText()).toMatch(/^200 /);
    // Computed here independently of the runtime: UTF-8 bytes, then base64.
    expect(seen.at(-1)).toBe(
      `Basic ${Buffer.from(`${USER}:${PASSWORD}`, 'utf8').toString('base64')}`,
    );
    await page.close();
  });
});
