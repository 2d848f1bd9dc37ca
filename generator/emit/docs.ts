/**
 * docs/: the published HTML reference, a static site built from the model by plain functions
 * (generator/emit/docs/html/; static assets in generator/templates/docs/assets). Pages: an
 * overview, one page per operation grouped by tag, one per schema, the error-code index, the
 * changelog by feature level; a search index loaded by a few lines of vanilla JS. Every link is
 * relative and nothing is fetched from another server, so the site works from any static host
 * and from file://.
 *
 * Safety: the contract is data. Text goes through `htmlText` (generator/common/source.ts), descriptions
 * through markdown-it with raw HTML off (generator/emit/docs/markdown.ts), code through the
 * highlighter (which escapes every character), and the search index is a script with `<` escaped.
 */
import type { ApiModel, JsonSchema, Operation } from '../model/types.js';
import { banner, literal } from '../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { buildChangelog } from './docs/changelog.js';
import { curlSample } from './docs/curl-sample.js';
import {
  BIG_SITE_INLINE_EXAMPLE_LIMIT,
  type ExampleFiles,
  type ExampleMemo,
} from './docs/examples.js';
import { createSiteLinks, errorAnchor, type SiteLinks } from './docs/links.js';
import { groupTitle, operationView, type RequestSampleView } from './docs/operation-page.js';
import { overviewView, resolvedUrl } from './docs/overview.js';
import { siteAssets } from './docs/assets.js';
import {
  changelogHtml,
  errorIndexHtml,
  groupHtml,
  schemaHtml,
  schemaListHtml,
} from './docs/html/pages.js';
import { layoutHtml, type NavGroupView } from './docs/html/layout.js';
import { createMarkup, type Markup } from './docs/html/markup.js';
import { operationHtml } from './docs/html/operation.js';
import { overviewHtml } from './docs/html/overview.js';
import { unescapeSegment } from '../common/pointer.js';
import { type SchemaNode, schemaTree } from './docs/schema-tree.js';
import { propertiesOf, requestSamples, resolveSchema } from '../model/lookup.js';
import type { SampleInput } from '../model/samples.js';
import { lifecycleBadges } from './docs/badges.js';
import { buildSearchIndex, searchIndexScript } from './docs/search-index.js';
import { clientCredentials, typescriptCall } from './docs/typescript-sample.js';
import { sampleCredentials, type SampleCredential } from '../model/security.js';
import { fetchSample, pythonSample, requestParts, type Parts } from './docs/code-samples.js';
import { scriptJson, tryItView } from './docs/try-it.js';
import { basename } from 'node:path';
import { llmsTxt } from './docs/md/llms.js';
import { operationMarkdown } from './docs/md/operation.js';
import { schemaMarkdown } from './docs/md/schema.js';
import { markdownPath } from './docs/md/text.js';

/** Where try-it sends requests unless the reader picks another server: `npm run mock`. */
const TRY_IT_SERVER = 'http://127.0.0.1:4010';
/** Above this many operations the sidebar lists only the current group's operations. */
const FULL_NAV_LIMIT = 150;
/** Rows a named schema may take inline in a response on a small site before it is only linked. */
const SHARED_INLINE_ROWS = 40;
/** How deep a big site's schema pages expand anonymous nested objects. */
const BIG_SITE_DEPTH = 2;
/** Rows of a schema page's field tree (GitHub's biggest schemas stay under the page budget). */
const SCHEMA_PAGE_ROWS = 450;

export const docsEmitter: Emitter = {
  name: 'docs',
  root: 'docs',
  schedule: { rank: 1 },
  streamsPages: true,
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    return emitDocs(ctx.model, {
      command: ctx.command,
      warn: ctx.warn,
      memoFiles: ctx.memoFiles,
      slices: ctx.slices,
      writeEarly: ctx.writeEarly,
      ...(ctx.tryItServer ? { tryItServer: ctx.tryItServer } : {}),
    });
  },
};

export interface DocsOptions {
  command: string;
  warn(message: string): void;
  /** the cache of pieces (EmitContext.memoFiles) and the digests their keys are made of */
  memoFiles?: EmitContext['memoFiles'];
  slices?: EmitContext['slices'];
  /** pages handed over as soon as made (EmitContext.writeEarly) */
  writeEarly?(files: GeneratedFile[]): void;
  /** where try-it sends requests (`--try-it-server`); default: see tryItServerOf */
  tryItServer?: string;
}

/**
 * Where try-it sends requests: the one given at generate time; else the document's first server
 * when it names an http(s) address that is not a placeholder (`example.com`: RFC 2606), so
 * published references try against it; else the
 * local mock (`tms-gen mock`, port 4010) at the document's base path.
 */
/** Hosts RFC 2606 reserves for examples: no server answers there. */
function placeholderHost(url: string): boolean {
  const host = /^https?:\/\/([^/:]+)/.exec(url)?.[1]?.toLowerCase() ?? '';
  return /(^|\.)(example\.(com|net|org)|[a-z0-9-]+\.(test|example|invalid))$/.test(host);
}

export function tryItServerOf(model: ApiModel, given: string | undefined): string {
  if (given) return given.replace(/\/+$/, '');
  const declared = model.servers[0] ? resolvedUrl(model.servers[0]) : '';
  if (/^https?:\/\/[^{}\s]+$/.test(declared) && !placeholderHost(declared)) return declared;
  return `${TRY_IT_SERVER}${model.servers[0]?.basePath ?? ''}`;
}

interface Site {
  model: ApiModel;
  links: SiteLinks;
  /** the run's markdown (each distinct description rendered once) */
  markup: Markup;
  groups: { name: string; description: string; ops: Operation[] }[];
  bannerHtml: string;
  /**
   * Pages leave as UTF-8 bytes, encoded as soon as made (a big site without the cache of
   * pieces): a page's text is a rope of many small strings, which then dies young instead of
   * being kept for the whole emit and flattened at the end; GitHub's ~2500 pages held ~70 MB
   * that way, and the collector copied them between generations.
   */
  encoder: TextEncoder | undefined;
  /** feature levels the contract mentions, newest first (the level switcher's choices) */
  levels: number[];
  /** pretty JSON of the examples shown so far (a shared example is printed once) */
  exampleMemo: ExampleMemo;
}

export async function emitDocs(model: ApiModel, opts: DocsOptions): Promise<GeneratedFile[]> {
  const groups = groupOperations(model);
  const links = createSiteLinks(model);
  const site: Site = {
    model,
    links,
    markup: createMarkup(),
    groups,
    bannerHtml: banner(model.sourceFile, opts.command, 'html'),
    encoder:
      model.operations.length > FULL_NAV_LIMIT && !opts.memoFiles ? new TextEncoder() : undefined,
    levels: [],
    exampleMemo: new WeakMap(),
  };
  const files: GeneratedFile[] = [];
  const exampleFiles: ExampleFiles = new Map();
  const changelog = buildChangelog(model, links);
  site.levels = changelog.map((l) => l.level).filter((l): l is number => l !== null);

  // With a cache, each operation page (and the out-of-line examples it writes) is a piece keyed
  // by the model without operation descriptions plus its own operation's description: a page
  // shows no other operation's description, so editing one redoes one page. The site's other
  // pages and scripts, which show none (test/generator/cache-slices.test.ts holds them to it),
  // are pieces keyed by the former alone; the search index, which shows them all, is made.
  const { memoFiles, slices } = opts;
  const tryServer = tryItServerOf(model, opts.tryItServer);
  const piece = (step: string, key: string, compute: () => GeneratedFile[]) =>
    memoFiles && slices
      ? memoFiles(
          step,
          `${slices.withoutOperationDescriptions}\0${opts.command}\0${tryServer}\0${key}`,
          compute,
        )
      : compute();

  files.push(
    ...piece('overview-page', '', () => [
      page(
        site,
        'index.html',
        'Overview',
        () => overviewHtml(site.markup, overviewView(model, links, changelog)),
        { current: 'overview', markdown: 'llms.txt' },
      ),
    ]),
  );

  /** the pages made in numbers (operations', schemas'): handed over early when the caller takes them */
  const pages = (made: GeneratedFile[]) => {
    if (opts.writeEarly) opts.writeEarly(made);
    else files.push(...made);
  };
  const baseUrl = model.servers[0] ? resolvedUrl(model.servers[0]) : 'https://api.example.com';
  // A big document (GitHub's) links its shared schemas from operation pages instead of copying
  // their trees, and shows nested anonymous objects less deep; each schema has its own page.
  const big = model.operations.length > FULL_NAV_LIMIT;
  for (const op of model.operations) {
    const [pageFile, markdownFile, ...examples] = piece(
      'operation-page',
      `${op.id}\0${slices?.operationDescriptions[op.id] ?? ''}`,
      () => operationPage(site, op, baseUrl, tryServer, big, opts.warn),
    );
    pages([pageFile, markdownFile]);
    for (const e of examples) exampleFiles.set(e.path, e);
  }
  files.push(
    ...piece('group-pages', '', () =>
      groups.map((g) => {
        const view = {
          name: groupTitle(g.name),
          description: g.description,
          ops: g.ops.map((op) => ({
            method: op.method.toUpperCase(),
            path: op.path,
            summary: op.summary ?? '',
            href: `../${links.operation(op.id)}`,
            badges: lifecycleBadges(op.lifecycle),
            deprecated: op.lifecycle.deprecated,
          })),
        };
        return page(
          site,
          links.group(g.name),
          groupTitle(g.name),
          () => groupHtml(site.markup, view),
          {
            current: 'group',
            group: g.name,
          },
        );
      }),
    ),
  );

  files.push(
    ...piece('schema-list-page', '', () => [
      page(
        site,
        'schemas/index.html',
        'Schemas',
        () =>
          schemaListHtml(site.markup, {
            schemas: model.schemas.map((s) => ({
              name: s.name,
              href: `../${links.schema(s.name)}`,
              summary: firstSentence(s.description),
              badges: lifecycleBadges(s.lifecycle),
            })),
          }),
        { current: 'schemas' },
      ),
    ]),
  );
  pages(piece('schema-pages', '', () => schemaPages(site, schemaUsage(model), big)));

  files.push(
    ...piece('errors-page', '', () => [
      page(
        site,
        'errors.html',
        'Error codes',
        () =>
          errorIndexHtml(site.markup, {
            codes: model.errorCodes.map((e) => ({
              code: e.code,
              anchor: errorAnchor(e.code),
              description: e.description,
              statuses: e.statuses.map((s) => ({ status: String(s.status), note: s.note })),
              badges: lifecycleBadges(e.lifecycle),
              ops: model.operations
                .filter((op) => op.errorCodes.includes(e.code))
                .map((op) => ({ id: op.id, href: links.operation(op.id) })),
            })),
          }),
        { current: 'errors' },
      ),
    ]),
  );
  files.push(
    ...piece('changelog-page', '', () => [
      page(
        site,
        'changelog.html',
        'Changelog',
        (root) => changelogHtml(site.markup, changelog, root),
        { current: 'changelog' },
      ),
    ]),
  );

  files.push({
    path: 'llms.txt',
    contents: llmsTxt({ model, links, groups }) + site.bannerHtml,
  });
  files.push({
    path: 'search-index.js',
    contents: searchIndexScript(
      buildSearchIndex(model, links),
      banner(model.sourceFile, opts.command),
    ),
  });
  for (const asset of siteAssets()) files.push({ path: asset.path, contents: asset.text });
  if (model.operations.length > FULL_NAV_LIMIT)
    files.push(
      ...piece('nav-script', '', () => [
        { path: 'nav.js', contents: navScript(site, banner(model.sourceFile, opts.command)) },
      ]),
    );
  files.push(
    ...piece('schemas-script', '', () => [
      {
        path: 'schemas.js',
        contents: schemasScript(model, banner(model.sourceFile, opts.command)),
      },
    ]),
  );
  files.push(...[...exampleFiles.values()].sort((a, b) => a.path.localeCompare(b.path)));
  return files;
}

/**
 * One operation's page, followed by the out-of-line example files it links (each named by its
 * content, so a page made alone writes the same files as in the whole run).
 */
function operationPage(
  site: Site,
  op: Operation,
  baseUrl: string,
  tryServer: string,
  big: boolean,
  warn: (message: string) => void,
): GeneratedFile[] {
  const { model, links } = site;
  const exampleFiles: ExampleFiles = new Map();
  // Sample requests are built once: the samples column shows them all, try-it starts from the first.
  const inputs = requestSamples(model, op);
  const samples = sampleViews(model, op, inputs, baseUrl, warn);
  const tryit = tryItView(op, op.runtime, model, tryServer, inputs[0]);
  const view = operationView(
    op,
    {
      model,
      links,
      exampleFiles,
      exampleMemo: site.exampleMemo,
      root: '../',
      sharedInlineRows: big ? 0 : SHARED_INLINE_ROWS,
      inlineExampleLimit: big ? BIG_SITE_INLINE_EXAMPLE_LIMIT : undefined,
    },
    samples,
    tryit,
  );
  return [
    page(
      site,
      links.operation(op.id),
      `${op.summary ?? op.id}`,
      () => operationHtml(site.markup, view),
      {
        current: 'op',
        group: op.names.group,
        op: op.id,
        markdown: basename(markdownPath(links.operation(op.id))),
      },
    ),
    {
      path: markdownPath(links.operation(op.id)),
      contents: operationMarkdown(view, basename(links.operation(op.id))) + site.bannerHtml,
    },
    ...exampleFiles.values(),
  ];
}

/** Every schema's page (a big schema's in parts): they show no operation's description. */
function schemaPages(site: Site, usedBy: Map<string, Operation[]>, big: boolean): GeneratedFile[] {
  const { model, links } = site;
  const out: GeneratedFile[] = [];
  for (const s of model.schemas) {
    for (const part of schemaParts(s.schema, model, links, big ? BIG_SITE_DEPTH : undefined)) {
      const path =
        part.index === 1 ? links.schema(s.name) : schemaPartPath(links, s.name, part.index);
      const view = {
        name: s.name,
        part: part.index === 1 ? undefined : part.index,
        mainHref: `../${links.schema(s.name)}`,
        nextHref: part.next ? `../${schemaPartPath(links, s.name, part.next)}` : undefined,
        badges: part.index === 1 ? lifecycleBadges(s.lifecycle) : [],
        tree: part.tree,
        usedBy:
          part.index === 1
            ? (usedBy.get(s.name) ?? []).map((op) => ({
                id: op.id,
                label: `${op.method.toUpperCase()} ${op.path}`,
                href: `../${links.operation(op.id)}`,
              }))
            : [],
      };
      const markdown = part.index === 1 ? markdownPath(path) : undefined;
      out.push(
        page(
          site,
          path,
          part.index === 1 ? s.name : `${s.name} (part ${part.index})`,
          () => schemaHtml(site.markup, view),
          { current: 'schemas', markdown: markdown && basename(markdown) },
        ),
      );
      if (markdown)
        out.push({
          path: markdown,
          contents:
            schemaMarkdown({
              ...view,
              htmlFile: basename(path),
              moreHref: view.nextHref && basename(view.nextHref),
            }) + site.bannerHtml,
        });
    }
  }
  return out;
}

/**
 * A schema's field tree, split over several pages when its top-level fields do not fit in one
 * page's budget (GitHub's webhook payloads): each part continues with the fields the previous
 * one left out. Deeper truncations stay notes.
 */
function schemaParts(
  schema: unknown,
  model: ApiModel,
  links: SiteLinks,
  maxDepth: number | undefined,
): { index: number; next?: number; tree: SchemaNode }[] {
  const parts: { index: number; next?: number; tree: SchemaNode }[] = [];
  let current: unknown = schema;
  for (let index = 1; index <= 50; index++) {
    const tree = schemaTree(current as JsonSchema, {
      model,
      links,
      prefix: [],
      anchors: new Set(),
      budget: { rows: SCHEMA_PAGE_ROWS },
      root: '../',
      maxDepth,
    });
    parts.push({ index, tree });
    if (!tree.rest || tree.rest.length === 0) break;
    const resolved = resolveSchema(model, current) ?? {};
    const { properties, required } = propertiesOf(model, resolved);
    current = {
      type: 'object',
      properties: Object.fromEntries(tree.rest.map((n) => [n, properties[n]])),
      required: tree.rest.filter((n) => required.has(n)),
    };
    parts[parts.length - 1].next = index + 1;
    tree.truncated = undefined;
  }
  return parts;
}

function schemaPartPath(links: SiteLinks, name: string, index: number): string {
  return links.schema(name).replace(/\.html$/, `.part${index}.html`);
}

/** The sample languages, in tab order: id (remembered by the page), label, highlighter. */
const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', language: 'shell' },
  { id: 'typescript', label: 'TypeScript', language: 'js' },
  { id: 'fetch', label: 'JavaScript', language: 'js' },
  { id: 'python', label: 'Python', language: 'python' },
] as const;

/** The lines before a client call: import and construction, so the sample runs as it stands. */
function clientSetup(baseUrl: string, credentials: SampleCredential[]): string {
  return `import { createApiClient } from './generated/client.js';\n\nconst api = createApiClient({ baseUrl: ${literal(baseUrl)}${clientCredentials(credentials)} });\n`;
}

/**
 * Every sample input of the operation in four languages, all encoded by the wire model, and
 * highlighted here at build time.
 */
function sampleViews(
  model: ApiModel,
  op: Operation,
  inputs: SampleInput[],
  baseUrl: string,
  warn: (message: string) => void,
): RequestSampleView[] {
  const info = op.runtime;
  const credentials = sampleCredentials(model.securitySchemes, op);
  const target = { baseUrl, auth: op.auth, credentials };
  const out: RequestSampleView[] = [];
  for (const input of inputs) {
    // fetch and Python spell the same parts: made once (or refused once, with the same error)
    let parts: { made: Parts } | { refused: unknown } | undefined;
    const partsOnce = (): Parts => {
      if (!parts) {
        try {
          parts = { made: requestParts(info, input, target) };
        } catch (error) {
          parts = { refused: error };
        }
      }
      if ('refused' in parts) throw parts.refused;
      return parts.made;
    };
    const build: Record<(typeof SAMPLE_LANGUAGES)[number]['id'], () => string> = {
      curl: () => curlSample(info, input, target),
      typescript: () =>
        clientSetup(baseUrl, credentials) +
        typescriptCall(op.names, input, op.requestBody?.kind, model.errorShape?.code !== undefined),
      fetch: () => fetchSample(partsOnce()),
      python: () => pythonSample(partsOnce()),
    };
    const langs = SAMPLE_LANGUAGES.map((lang): RequestSampleView['langs'][number] => {
      let text: string;
      try {
        text = build[lang.id]();
      } catch (error) {
        // A sample the wire model refuses (a contract example of the wrong shape) is shown as
        // such, and said at generate time: it is a problem in the contract's examples.
        const why = (error as Error).message;
        text = `${lang.language === 'js' ? '//' : '#'} no sample: the wire model refused this example (${why})`;
        if (lang.id === 'curl')
          warn(`docs: ${op.id}: no sample for '${input.name ?? 'request'}': ${why}`);
      }
      return { id: lang.id, label: lang.label, text, language: lang.language };
    });
    out.push({ title: input.summary ?? input.name ?? 'Request', langs });
  }
  return out;
}

interface NavState {
  current: 'overview' | 'op' | 'group' | 'schemas' | 'errors' | 'changelog';
  group?: string;
  op?: string;
  /** the page's Markdown twin, page-relative (`<link rel="alternate" type="text/markdown">`) */
  markdown?: string;
}

/** A page: its body (given the path to the site root) inside the layout (sidebar, header, search). */
function page(
  site: Site,
  path: string,
  title: string,
  body: (root: string) => string,
  nav: NavState,
): GeneratedFile {
  const depth = path.split('/').length - 1;
  const root = '../'.repeat(depth);
  const full = site.groups.reduce((n, g) => n + g.ops.length, 0) <= FULL_NAV_LIMIT;
  const layout = layoutHtml({
    root,
    title,
    siteTitle: site.model.info.title,
    version: site.model.info.version,
    navGroup: nav.group,
    isOverview: nav.current === 'overview',
    isSchemas: nav.current === 'schemas',
    isErrors: nav.current === 'errors',
    isChangelog: nav.current === 'changelog',
    hasErrors: site.model.errorCodes.length > 0,
    levels: site.levels,
    wide: nav.current === 'op',
    tryit: nav.current === 'op',
    // A big site's sidebar comes from one shared script (nav.js) instead of a copy per page.
    sharedNav: !full,
    navCurrent: nav.op ? site.links.operation(nav.op) : '',
    markdown: nav.markdown,
    groups: (full ? site.groups : []).map((g): NavGroupView => {
      const shown = g.ops;
      return {
        name: g.name,
        title: groupTitle(g.name),
        href: root + site.links.group(g.name),
        current: nav.group === g.name,
        open: full || nav.group === g.name,
        more: shown.length > 0 && shown.length < g.ops.length ? g.ops.length : 0,
        ops: shown.map((op) => ({
          label: op.summary ?? op.id,
          method: op.method.toUpperCase(),
          href: root + site.links.operation(op.id),
          current: nav.op === op.id,
          badges: lifecycleBadges(op.lifecycle),
          deprecated: op.lifecycle.deprecated,
        })),
      };
    }),
    body: body(root),
  });
  const html = `<!doctype html>\n${site.bannerHtml}${layout}`;
  return { path, contents: site.encoder ? site.encoder.encode(html) : html };
}

/**
 * The sidebar of a big site as data, `[group title, group href, [[method, label, href, flags]]]`
 * with hrefs from the site root; assets/site.js builds the list with DOM methods (text only).
 * One ~100 KB script cached by the browser instead of the list repeated on 2000 pages.
 */
function navScript(site: Site, bannerLine: string): string {
  const data = site.groups.map((g) => [
    groupTitle(g.name),
    site.links.group(g.name),
    g.ops.map((op) => {
      const row: (string | number)[] = [
        op.method.toUpperCase(),
        op.summary ?? op.id,
        site.links.operation(op.id),
        op.lifecycle.deprecated ? 1 : 0,
      ];
      if (op.lifecycle.addedIn !== undefined || op.lifecycle.removedIn !== undefined)
        row.push(op.lifecycle.addedIn ?? 0, op.lifecycle.removedIn ?? 0);
      return row;
    }),
    g.name,
  ]);
  return `${bannerLine}self.TMS_NAV = ${scriptJson(data)};\n`;
}

function groupOperations(model: ApiModel): Site['groups'] {
  const byName = new Map<string, Operation[]>();
  for (const op of model.operations) {
    const g = op.names.group;
    if (!byName.has(g)) byName.set(g, []);
    byName.get(g)!.push(op);
  }
  // Declared tags first, in the contract's order; then the rest by name.
  const declared = model.tags.map((t) => t.name).filter((n) => byName.has(n));
  const rest = [...byName.keys()].filter((n) => !declared.includes(n)).sort();
  return [...declared, ...rest].map((name) => ({
    name,
    description: model.tags.find((t) => t.name === name)?.description ?? '',
    ops: byName.get(name)!,
  }));
}

/** Which operations mention each named schema directly (parameters, bodies, responses). */
function schemaUsage(model: ApiModel): Map<string, Operation[]> {
  const out = new Map<string, Operation[]>();
  for (const op of model.operations) {
    const names = new Set<string>();
    const visit = (v: unknown, depth: number) => {
      if (!v || typeof v !== 'object' || depth > 6) return;
      const ref = (v as Record<string, unknown>).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
        names.add(unescapeSegment(ref.slice('#/components/schemas/'.length)));
      for (const x of Object.values(v)) visit(x, depth + 1);
    };
    for (const p of op.parameters) visit(p.schema, 0);
    for (const m of op.requestBody?.mediaTypes ?? []) visit(m.schema, 0);
    for (const r of op.responses) for (const m of r.mediaTypes) visit(m.schema, 0);
    for (const n of names) {
      if (!out.has(n)) out.set(n, []);
      out.get(n)!.push(op);
    }
  }
  return out;
}

/**
 * The contract's named schemas as a script, loaded by try-it when it checks an answer: response
 * schemas on the pages `$ref` into it, so each shared schema is written once for the whole site.
 */
function schemasScript(model: ApiModel, bannerLine: string): string {
  const schemas = Object.fromEntries(model.schemas.map((s) => [s.name, s.schema]));
  const data = { components: { schemas: forChecking(schemas) } };
  return `${bannerLine}self.TMS_SCHEMAS = ${scriptJson(data)};\n`;
}

/** Keywords that only annotate (the checker ignores them): left out of schemas.js to keep it small. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'externalDocs',
  'summary',
  '$comment',
]);

function forChecking(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forChecking);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // Inside `properties` the keys are field names (a field may be called `description`).
    if (k === 'properties' && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, forChecking(s)]));
    } else if (!ANNOTATIONS.has(k) && !k.startsWith('x-')) out[k] = forChecking(v);
  }
  return out;
}

function firstSentence(text: string | undefined): string {
  const line = (text ?? '')
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ');
  return line.length > 160 ? line.slice(0, 157) + '…' : line;
}
