/**
 * The reference's layout on documents other than ours (issue 30): Stripe's (no tags, every path
 * under `/v1/`, long operation ids, an empty form body on each DELETE), ConfigCat's (tags in
 * `x-tagGroups` sections), and a small document with no security, error catalogue, feature
 * levels or limits. Views are made for a few of Stripe's operations only, not its whole site.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser.js';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { createMarkup } from '../../generator/emit/docs/html/markup.js';
import { operationHtml } from '../../generator/emit/docs/html/operation.js';
import { createSiteLinks } from '../../generator/emit/docs/links.js';
import { operationView } from '../../generator/emit/docs/operation-page.js';
import { groupOperations } from '../../generator/emit/docs/sidebar.js';
import type { ApiModel } from '../../generator/model/types.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { pageSamples } from './page-code.js';
import { loadOrThrow } from '../load-contract.js';

async function load(file: string): Promise<ApiModel> {
  return (await loadOrThrow(file)).model;
}

const text = (files: GeneratedFile[], path: string): string =>
  String(files.find((f) => f.path === path)?.contents ?? `(no ${path})`);

const STRIPE = haveShared("the reference's layout on Stripe", 'specs', 'big', 'stripe-spec3.json');
const CONFIGCAT = haveShared(
  "the reference's sidebar sections",
  'specs',
  'breadth',
  'configcat.com.json',
);

describe.skipIf(!STRIPE)("the reference on Stripe's document", () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await load(sharedPath('specs', 'big', 'stripe-spec3.json'));
  }, 60_000);

  const pageOf = (id: string): string => {
    const op = model.operations.find((o) => o.id === id);
    if (!op) throw new Error(`no operation ${id}`);
    const ctx = {
      model,
      links: createSiteLinks(model),
      exampleFiles: new Map(),
      root: '../',
      sharedInlineRows: 0,
    };
    return operationHtml(createMarkup(), operationView(op, ctx, { views: [] }));
  };

  it('groups the sidebar by resource, not under the `/v1/` every path starts with', () => {
    const groups = groupOperations(model);
    expect(groups.map((g) => g.name)).not.toContain('v1');
    expect(groups.length).toBeGreaterThan(20);
    const customers = groups.find((g) => g.name === 'customers');
    expect(customers?.ops.map((o) => o.id)).toContain('GetCustomersCustomer');
  });

  it('says each limit of a parameter once', () => {
    const ids = model.operations.filter((o) => o.path.startsWith('/v1/customers')).map((o) => o.id);
    let rows = 0;
    for (const id of ids)
      for (const row of pageOf(id).split('<tr id="param-').slice(1)) {
        const cell = row.slice(row.indexOf('<td class="param-desc">'), row.indexOf('</tr>'));
        // the parameter's own facts: those before a nested field tree (which has its own)
        const own = cell.split('<ul class="tree">')[0];
        const facts = [...own.matchAll(/<span class="fact">([^<]*)<\/span>/g)].map((m) => m[1]);
        expect(new Set(facts).size, `${id}: ${facts.join(' | ')}`).toBe(facts.length);
        rows++;
      }
    expect(rows).toBeGreaterThan(50);
  });

  it('announces a request body only where one can carry something', () => {
    expect(pageOf('GetCustomers')).not.toContain('Request body');
    // DELETE /v1/customers/{customer}: a form body that allows no field
    expect(pageOf('DeleteCustomersCustomer')).not.toContain('Request body');
    expect(pageOf('PostCustomers')).toContain(
      'Request body: <code>application/x-www-form-urlencoded</code>',
    );
  });
});

describe.skipIf(!CONFIGCAT)('the sidebar of a document with x-tagGroups (ConfigCat)', () => {
  it('lists the groups under the sections, in their order, each operation once', async () => {
    const model = await load(sharedPath('specs', 'breadth', 'configcat.com.json'));
    const files = await emitDocs(model, { command: 'tms-gen', warn: () => {} });
    const nav = text(files, 'index.html').split('<nav id="sidebar"')[1].split('</nav>')[0];
    const headings = [...nav.matchAll(/<p class="nav-heading">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      'Feature Flag values',
      'Feature Flag metadata',
      'General',
      'Membership',
      'Diagnostics',
      // a tag the operations use and no section names is shown, never hidden
      'Other operations',
    ]);
    const membership = nav.split('Membership</p>')[1].split('<p class="nav-heading">')[0];
    const groupsOf = (html: string) =>
      [...html.matchAll(/class="nav-group-link" href="[^"]*">([^<]*)</g)].map((m) => m[1]);
    expect(groupsOf(membership)).toEqual(['Organizations', 'Members', 'Permission Groups']);
    const links = [...nav.matchAll(/href="(operations\/[^"]*)"/g)].map((m) => m[1]);
    expect(links.length).toBe(model.operations.length);
    expect(new Set(links).size).toBe(links.length);
  }, 30_000);
});

describe('the overview of a small document', () => {
  let dir: string;
  let model: ApiModel;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tms-layout-'));
    writeFileSync(join(dir, 'api.yaml'), TINY);
    model = await load(join(dir, 'api.yaml'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has no section for what the document does not have', async () => {
    const files = await emitDocs(model, { command: 'tms-gen', warn: () => {} });
    const overview = text(files, 'index.html');
    for (const id of ['authentication', 'errors', 'limits', 'versioning'])
      expect(overview, id).not.toContain(`id="${id}"`);
    expect(overview).not.toMatch(/feature.level/i);
    expect(overview).toContain('id="base-url"');
    expect(overview).toContain('id="client-setup"');
  });

  it('imports the client from where --out put the bindings', async () => {
    const at = async (outDir: string) => {
      const files = await emitDocs(model, { command: 'tms-gen', warn: () => {}, outDir });
      const op = text(files, `operations/${LONG_ID}.html`);
      const samples = pageSamples(op).map((s) => s.code);
      return { overview: text(files, 'index.html'), op: samples.join('\n') };
    };
    const nested = await at('src/api/');
    expect(nested.overview).toContain('createApiClient } from &#x27;./src/api/client.js&#x27;');
    expect(nested.op).toContain("from './src/api/client.js'");
    expect(nested.overview).toContain('<code>tiny-things-api</code>');
    // an absolute --out is a machine's path: the package's name stands in for it
    const out = join(dir, 'out');
    const absolute = await at(out);
    expect(absolute.overview).toContain('createApiClient } from &#x27;tiny-things-api&#x27;');
    expect(absolute.overview).not.toContain(out);
    expect(absolute.op).not.toContain(out);
  });
});

const CHROMIUM = '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('a long operation id in Chromium', () => {
  it('wraps between words on a laptop and a phone, and the page never scrolls sideways', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tms-wrap-'));
    const browser = await sharedBrowser();
    try {
      writeFileSync(join(dir, 'api.yaml'), TINY);
      const model = await load(join(dir, 'api.yaml'));
      for (const f of await emitDocs(model, { command: 'tms-gen', warn: () => {} })) {
        mkdirSync(dirname(join(dir, 'site', f.path)), { recursive: true });
        writeFileSync(join(dir, 'site', f.path), f.contents);
      }
      const page = await browser.newPage();
      for (const width of [1100, 380]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`file://${join(dir, 'site', 'operations', `${LONG_ID}.html`)}`);
        // a word split over two lines: one text piece (between break points) on two line boxes
        const seen = await page.evaluate(() => {
          const split: string[] = [];
          const range = document.createRange();
          for (const el of document.querySelectorAll('h1, .nav-label, code.path, .op-meta code'))
            for (const node of el.childNodes) {
              if (node.nodeType !== 3 || !node.textContent?.trim()) continue;
              range.selectNodeContents(node);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) split.push(node.textContent);
            }
          const root = document.documentElement;
          return { split, sideways: root.scrollWidth - root.clientWidth };
        });
        expect(seen, `${width}px`).toEqual({ split: [], sideways: 0 });
      }
      // the break points, as the page script puts them (the pages are written without them)
      const id = 'get<wbr>Thing<wbr>By<wbr>Its<wbr>Identifier<wbr>With<wbr>Details';
      expect(await page.innerHTML('h1')).toBe(id);
      expect(await page.innerHTML('.op-meta code')).toBe(id);
      expect(await page.innerHTML('code.path')).toBe(
        '/things/<wbr>{thing<wbr>Id}/<wbr>attachments_<wbr>and_<wbr>related_<wbr>documents',
      );
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

const LONG_ID = 'getThingByItsIdentifierWithDetails';

const TINY = `openapi: 3.1.0
info:
  title: Tiny Things
  version: 2.0.0
servers:
  - url: https://things.example.org/v2
paths:
  /things/{thingId}/attachments_and_related_documents:
    get:
      operationId: getThingByItsIdentifierWithDetails
      parameters:
        - name: thingId
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: The thing.
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
`;
