/**
 * docs/: the published HTML reference, a static site built from the model with handlebars
 * (templates in generator/templates/docs). Pages: an overview, one page per operation grouped by
 * tag, one per schema, the error-code index, the changelog by feature level; a search index
 * loaded by a few lines of vanilla JS. Every link is relative and nothing is fetched from
 * another server, so the site works from any static host and from file://.
 *
 * Safety: the contract is data. Text goes through `{{ }}` (escaped), descriptions through
 * markdown-it with raw HTML off (generator/emit/docs/markdown.ts), and the search index is a
 * script with `<` escaped.
 */
import type { ApiModel, JsonSchema, Operation } from '../model/types.js';
import { banner } from '../source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { buildChangelog } from './docs/changelog.js';
import { curlSample } from './docs/curl-sample.js';
import type { ExampleFiles } from './docs/examples.js';
import { createSiteLinks, errorAnchor, groupOf, type SiteLinks } from './docs/links.js';
import { operationView, type RequestSampleView } from './docs/operation-page.js';
import { overviewView, resolvedUrl } from './docs/overview.js';
import { createRenderer, type Renderer } from './docs/render.js';
import { sampleInputs } from '../model/samples.js';
import { collectProperties } from '../model/schema-facts.js';
import { unescapeSegment } from '../pointer.js';
import { type SchemaNode, schemaTree } from './docs/schema-tree.js';
import { deref } from '../model/schema-facts.js';
import { lifecycleBadges } from './docs/badges.js';
import { buildSearchIndex, searchIndexScript } from './docs/search-index.js';
import { typescriptCall } from './docs/typescript-sample.js';

/** Above this many operations the sidebar lists only the current group's operations. */
const FULL_NAV_LIMIT = 150;
/** Rows of a schema page's field tree (GitHub's biggest schemas stay under the page budget). */
const SCHEMA_PAGE_ROWS = 450;

export const docsEmitter: Emitter = {
  name: 'docs',
  root: 'docs',
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    return emitDocs(ctx.model, { command: ctx.command, warn: ctx.warn });
  },
};

export interface DocsOptions {
  command: string;
  warn(message: string): void;
}

interface Site {
  model: ApiModel;
  links: SiteLinks;
  renderer: Renderer;
  groups: { name: string; description: string; ops: Operation[] }[];
  bannerHtml: string;
}

export async function emitDocs(model: ApiModel, opts: DocsOptions): Promise<GeneratedFile[]> {
  const groups = groupOperations(model);
  const links = createSiteLinks(
    model.operations.map((o) => o.id),
    model.schemas.map((s) => s.name),
    groups.map((g) => g.name),
  );
  const site: Site = {
    model,
    links,
    renderer: createRenderer(),
    groups,
    bannerHtml: banner(model.sourceFile, opts.command, 'html'),
  };
  const files: GeneratedFile[] = [];
  const exampleFiles: ExampleFiles = new Map();
  const changelog = buildChangelog(model, links);

  files.push(
    page(site, 'index.html', 'Overview', 'overview', overviewView(model, links, changelog), {
      current: 'overview',
    }),
  );

  const baseUrl = model.servers[0] ? resolvedUrl(model.servers[0]) : 'https://api.example.com';
  for (const op of model.operations) {
    const samples = requestSamples(op, model, baseUrl, opts.warn);
    const view = operationView(op, { model, links, exampleFiles, root: '../' }, samples);
    files.push(
      page(site, links.operation(op.id), `${op.summary ?? op.id}`, 'operation', view, {
        current: 'op',
        group: groupOf(op),
        op: op.id,
      }),
    );
  }
  for (const g of groups) {
    const view = {
      name: g.name,
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
    files.push(
      page(site, links.group(g.name), g.name, 'group', view, { current: 'group', group: g.name }),
    );
  }

  const usedBy = schemaUsage(model);
  files.push(
    page(
      site,
      'schemas/index.html',
      'Schemas',
      'schemas',
      {
        schemas: model.schemas.map((s) => ({
          name: s.name,
          href: `../${links.schema(s.name)}`,
          summary: firstSentence(s.description),
          badges: lifecycleBadges(s.lifecycle),
        })),
      },
      { current: 'schemas' },
    ),
  );
  for (const s of model.schemas) {
    for (const part of schemaParts(s.schema, model, links)) {
      const path =
        part.index === 1 ? links.schema(s.name) : schemaPartPath(links, s.name, part.index);
      files.push(
        page(
          site,
          path,
          part.index === 1 ? s.name : `${s.name} (part ${part.index})`,
          'schema',
          {
            name: s.name,
            part: part.index === 1 ? undefined : part.index,
            mainHref: `../${links.schema(s.name)}`,
            nextHref: part.next ? `../${schemaPartPath(links, s.name, part.next)}` : undefined,
            description: part.index === 1 ? (s.description ?? '') : '',
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
          },
          { current: 'schemas' },
        ),
      );
    }
  }

  files.push(
    page(
      site,
      'errors.html',
      'Error codes',
      'errors',
      {
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
      },
      { current: 'errors' },
    ),
  );
  files.push(
    page(
      site,
      'changelog.html',
      'Changelog',
      'changelog',
      { levels: changelog },
      { current: 'changelog' },
    ),
  );

  files.push({
    path: 'search-index.js',
    contents: searchIndexScript(
      buildSearchIndex(model, links),
      banner(model.sourceFile, opts.command),
    ),
  });
  for (const asset of site.renderer.assets) files.push({ path: asset.path, contents: asset.text });
  files.push(...[...exampleFiles.values()].sort((a, b) => a.path.localeCompare(b.path)));
  return files;
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
): { index: number; next?: number; tree: SchemaNode }[] {
  const parts: { index: number; next?: number; tree: SchemaNode }[] = [];
  let current: unknown = schema;
  for (let index = 1; index <= 50; index++) {
    const tree = schemaTree(current as JsonSchema, {
      document: model.document,
      links,
      prefix: [],
      anchors: new Set(),
      budget: { rows: SCHEMA_PAGE_ROWS },
      root: '../',
    });
    parts.push({ index, tree });
    if (!tree.rest || tree.rest.length === 0) break;
    const resolved = deref(model.document, current) ?? {};
    const { properties, required } = collectProperties(model.document, resolved);
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

/** Curl (from the wire model) and TypeScript for each sample input of the operation. */
function requestSamples(
  op: Operation,
  model: ApiModel,
  baseUrl: string,
  warn: (message: string) => void,
): RequestSampleView[] {
  const info = op.runtime;
  const inputs = sampleInputs(op, model.document);
  const out: RequestSampleView[] = [];
  for (const input of inputs) {
    let curl: string;
    try {
      curl = curlSample(info, input, { baseUrl, auth: op.auth });
    } catch (error) {
      // A sample the wire model refuses (a contract example of the wrong shape) is shown as
      // such, and said at generate time: it is a problem in the contract's examples.
      curl = `# no curl sample: the wire model refused this example (${(error as Error).message})`;
      warn(
        `docs: ${op.id}: no curl sample for '${input.name ?? 'request'}': ${(error as Error).message}`,
      );
    }
    out.push({
      title: input.summary ?? input.name ?? 'Request',
      curl,
      typescript: typescriptCall(op.names.method, input, op.requestBody?.kind),
    });
  }
  return out;
}

interface NavState {
  current: 'overview' | 'op' | 'group' | 'schemas' | 'errors' | 'changelog';
  group?: string;
  op?: string;
}

/** A page: the template's body inside the layout (sidebar, header, search). */
function page(
  site: Site,
  path: string,
  title: string,
  template: string,
  view: object,
  nav: NavState,
): GeneratedFile {
  const depth = path.split('/').length - 1;
  const root = '../'.repeat(depth);
  const body = site.renderer.render(template, { ...view, root });
  const full = site.groups.reduce((n, g) => n + g.ops.length, 0) <= FULL_NAV_LIMIT;
  const layout = site.renderer.render('layout', {
    root,
    title,
    siteTitle: site.model.info.title,
    version: site.model.info.version,
    nav,
    isOverview: nav.current === 'overview',
    isSchemas: nav.current === 'schemas',
    isErrors: nav.current === 'errors',
    isChangelog: nav.current === 'changelog',
    hasErrors: site.model.errorCodes.length > 0,
    groups: site.groups.map((g) => ({
      name: g.name,
      href: root + site.links.group(g.name),
      current: nav.group === g.name,
      open: full || nav.group === g.name,
      ops:
        full || nav.group === g.name
          ? g.ops.map((op) => ({
              label: op.summary ?? op.id,
              method: op.method.toUpperCase(),
              href: root + site.links.operation(op.id),
              current: nav.op === op.id,
              deprecated: op.lifecycle.deprecated,
            }))
          : [],
    })),
    body: site.renderer.safe(body),
  });
  return { path, contents: `<!doctype html>\n${site.bannerHtml}${layout}` };
}

function groupOperations(model: ApiModel): Site['groups'] {
  const byName = new Map<string, Operation[]>();
  for (const op of model.operations) {
    const g = groupOf(op);
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

function firstSentence(text: string | undefined): string {
  const line = (text ?? '')
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ');
  return line.length > 160 ? line.slice(0, 157) + '…' : line;
}
