/**
 * Try it on documents that are not ours (test/fixtures/auth/), in headless Chromium
 * (playwright-core, Debian's chromium): the form asks for the credentials the operation's
 * security schemes take and sends them as the scheme says, only to the chosen server — a Bearer
 * token in Authorization, an API key in the query (the form says the URL will carry it),
 * nothing for a document without security. The server is each document's generated listener
 * (CORS on) on 127.0.0.1, which lets the right credential through and refuses anything else.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { tryItAuth } from '../../generator/emit/docs/try-it.js';
import { writeOutputs } from '../../generator/write/index.js';
import { serve, type Running } from '../contract-runner/servers.js';
import { serveDirectory, type StaticServer } from './static-server.js';
import { fixtureBindings } from '../fixture-bindings.js';
import { loadOrThrow } from '../load-contract.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing and CI is set`);

const FIXTURES = resolve('test/fixtures/auth');
// Inside the project, so the generated code resolves its dependencies from node_modules.
const SCRATCH = resolve('test-artifacts', `tryit-auth-${process.pid}`);
const DOCUMENTS = ['bearer', 'api-key-query', 'no-auth'] as const;
type Doc = (typeof DOCUMENTS)[number];
const TOKEN = 'tok-Try-1';
const KEY = 'key Try/2';

interface Site {
  docs: StaticServer;
  api: Running & { origin: string };
  /** what the listener saw: method, URL, Authorization */
  seen: { method: string; url: string; authorization?: string }[];
}
const sites = new Map<Doc, Site>();
let browser: Browser;

async function setUp(doc: Doc): Promise<Site> {
  const contract = join(FIXTURES, `${doc}.yaml`);
  const { model, createRequestListener } = await fixtureBindings(contract, join(SCRATCH, doc));
  const siteDir = join(SCRATCH, `${doc}-docs`);
  writeOutputs([
    { dir: siteDir, files: await emitDocs(model, { command: 'test', warn: () => {} }) },
  ]);
  const listener = createRequestListener({
    cors: true,
    authenticate: (c: { type: string; token?: string; key?: string }) =>
      (c.type === 'bearer' && c.token === TOKEN) || (c.type === 'apiKey' && c.key === KEY)
        ? { id: 1 }
        : null,
    handlers: {
      getHealth: () => ({ status: 200, body: {} }),
      getThing: (params: { id: number }) => ({ status: 200, body: { id: params.id } }),
    },
  });
  const seen: Site['seen'] = [];
  const running = await serve((req, res) => {
    if (req.method !== 'OPTIONS')
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    listener(req, res);
  });
  return {
    docs: await serveDirectory(siteDir),
    api: { ...running, origin: running.baseUrl.replace(/\/api\/v1$/, '') },
    seen,
  };
}

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(SCRATCH, { recursive: true });
  for (const doc of DOCUMENTS) sites.set(doc, await setUp(doc));
  browser = await sharedBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const site of sites.values()) {
    await site.docs.stop();
    await site.api.stop();
  }
  rmSync(SCRATCH, { recursive: true, force: true });
});

/** Opens getThing's try-it, fills the server and id, and returns the page. */
async function openThing(doc: Doc, basePath: string): Promise<Page> {
  const site = sites.get(doc)!;
  const page = await browser.newPage();
  await page.goto(`${site.docs.url}operations/getThing.html`);
  await page.click('.tryit-box > summary');
  await page.fill('#tryit-server', `${site.api.origin}${basePath}`);
  await page.locator('.tryit-field[data-name="id"] input').fill('5');
  return page;
}

async function send(page: Page): Promise<{ verdict: string | null; summary: string }> {
  // Hidden first, so that waiting for it waits for this answer, not the one before.
  await page.evaluate(() => {
    (document.querySelector('.tryit-result') as HTMLElement).hidden = true;
  });
  await page.click('.tryit-form button[type=submit]');
  const result = page.locator('.tryit-result');
  await result.waitFor({ state: 'visible', timeout: 30_000 });
  return {
    verdict: await result.getAttribute('data-verdict'),
    summary: await result.locator('.tryit-summary').innerText(),
  };
}

describe.skipIf(!haveChromium)('try it sends credentials as the document declares them', () => {
  it('Bearer: asks for a token (no email, no API key), sends it in Authorization, keeps it out of URLs', async () => {
    const site = sites.get('bearer')!;
    const page = await openThing('bearer', '/v2');
    const labels = await page.locator('.tryit-server label').allInnerTexts();
    expect(labels).toEqual(['Server', 'Bearer token']);
    expect(await page.locator('.tryit-server .note').innerText()).toMatch(
      /go only to the server above, as a Bearer token\./,
    );
    // Without the token: the listener's 401.
    site.seen.length = 0;
    expect((await send(page)).summary).toMatch(/^401 /);
    expect(site.seen.at(-1)!.authorization).toBeUndefined();
    await page.getByLabel('Bearer token').fill(TOKEN);
    const answer = await send(page);
    expect(answer.summary).toMatch(/^200 /);
    expect(answer.verdict).toBe('valid');
    expect(site.seen.at(-1)).toEqual({
      method: 'GET',
      url: '/v2/things/5',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(page.url()).not.toContain(TOKEN);
    expect(await page.evaluate(() => sessionStorage.getItem('tms-docs-tryit') ?? '')).toContain(
      TOKEN,
    );
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(TOKEN);
    // The health check takes no credentials: no input asked, none sent.
    await page.goto(`${site.docs.url}operations/getHealth.html`);
    expect(await page.locator('.tryit-server input').count()).toBe(1);
    await page.close();
  });

  it('API key in the query: says the URL carries it, sends it there (encoded), and the header alternative in its header', async () => {
    const site = sites.get('api-key-query')!;
    const page = await openThing('api-key-query', '');
    const notes = await page.locator('.tryit-server .note').allInnerTexts();
    expect(notes.join('\n')).toMatch(
      /puts the API key in the query \(api_key\): it travels in the request’s URL/,
    );
    expect(notes.join('\n')).toMatch(/Any one of .*queryKey, or headerKey/);
    await page.getByLabel('API key (query api_key)').fill(KEY);
    expect((await send(page)).summary).toMatch(/^200 /);
    expect(site.seen.at(-1)!.url).toBe('/things/5?api_key=key%20Try%2F2');
    expect(page.url()).not.toContain('api_key');
    await page.getByLabel('API key (query api_key)').fill('');
    await page.getByLabel('API key (header X-Api-Key)').fill(KEY);
    expect((await send(page)).summary).toMatch(/^200 /);
    expect(site.seen.at(-1)!.url).toBe('/things/5');
    await page.close();
  });

  it('no security: no credentials asked, none sent', async () => {
    const site = sites.get('no-auth')!;
    const page = await openThing('no-auth', '');
    expect(await page.locator('.tryit-server input').count()).toBe(1);
    expect(await page.locator('.tryit-server .note').count()).toBe(0);
    expect((await send(page)).summary).toMatch(/^200 /);
    expect(site.seen.at(-1)!.authorization).toBeUndefined();
    await page.close();
  });
});

describe('what try-it asks for, by scheme (page data)', () => {
  it('OAuth 2 and OpenID Connect as Bearer tokens, Basic halves named by x-placeholder, what a page cannot send said', async () => {
    const dir = join(SCRATCH, 'schemes');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'openapi.yaml');
    writeFileSync(
      file,
      [
        'openapi: 3.1.0',
        'info: { title: Schemes, version: "1" }',
        'paths:',
        '  /a:',
        '    get:',
        '      operationId: getA',
        '      security: [{ oauth: [read] }, { oidc: [] }, { basicPlain: [] }, { named: [] }, { tls: [] }, {}]',
        '      responses: { "200": { description: ok } }',
        'components:',
        '  securitySchemes:',
        '    oauth: { type: oauth2, flows: { clientCredentials: { tokenUrl: "https://x/token", scopes: { read: r } } } }',
        '    oidc: { type: openIdConnect, openIdConnectUrl: "https://x/.well-known/openid-configuration" }',
        '    basicPlain: { type: http, scheme: basic }',
        '    named: { type: http, scheme: basic, x-placeholder: "<CLIENT_ID>:<CLIENT_SECRET>" }',
        '    tls: { type: mutualTLS }',
        '',
      ].join('\n'),
    );
    const contract = await loadOrThrow(file);
    const model = contract.model;
    const auth = tryItAuth(model.operations[0], model);
    expect(auth).toEqual({
      optional: 1,
      alternatives: [['oauth'], ['oidc'], ['basicPlain'], ['named'], ['tls']],
      schemes: {
        oauth: { type: 'bearer', label: 'OAuth 2 access token' },
        oidc: { type: 'bearer', label: 'OpenID Connect token' },
        basicPlain: { type: 'basic', user: 'Username', secret: 'Password' },
        named: { type: 'basic', user: 'Client id', secret: 'Client secret' },
        tls: { type: 'other', label: 'tls (mutualTLS)' },
      },
    });
  });
});
