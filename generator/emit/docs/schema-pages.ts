/**
 * Every named schema's page and Markdown twin (a big schema's tree split over several pages),
 * with the operations that use it. They show no operation's description.
 */
import { basename } from 'node:path';
import { unescapeSegment } from '../../common/pointer.js';
import { propertiesOf, resolveSchema } from '../../model/lookup.js';
import type { ApiModel, JsonSchema, NamedSchema, Operation } from '../../model/types.js';
import type { GeneratedFile } from '../emitter.js';
import { lifecycleBadges } from './badges.js';
import { schemaHtml } from './html/pages.js';
import type { SiteLinks } from './links.js';
import { schemaMarkdown } from './md/schema.js';
import { markdownPath } from './md/text.js';
import { type SchemaNode, schemaTree } from './schema-tree.js';
import { page, type Site } from './site.js';

/** How deep a big site's schema pages expand anonymous nested objects. */
const BIG_SITE_DEPTH = 2;
/** Rows of a schema page's field tree (GitHub's biggest schemas stay under the page budget). */
const SCHEMA_PAGE_ROWS = 450;

interface SchemaPart {
  index: number;
  next?: number;
  tree: SchemaNode;
}

export function schemaPages(site: Site): GeneratedFile[] {
  const usedBy = schemaUsage(site.model);
  const out: GeneratedFile[] = [];
  for (const s of site.model.schemas) {
    const depth = site.big ? BIG_SITE_DEPTH : undefined;
    for (const part of schemaParts(s.schema, site.model, site.links, depth))
      out.push(...schemaPartFiles(site, s, part, usedBy.get(s.name) ?? []));
  }
  return out;
}

/** One part's page, and for the first part its Markdown twin. */
function schemaPartFiles(
  site: Site,
  s: NamedSchema,
  part: SchemaPart,
  usedBy: Operation[],
): GeneratedFile[] {
  const { links } = site;
  const first = part.index === 1;
  const path = first ? links.schema(s.name) : schemaPartPath(links, s.name, part.index);
  const view = {
    name: s.name,
    part: first ? undefined : part.index,
    mainHref: `../${links.schema(s.name)}`,
    nextHref: part.next ? `../${schemaPartPath(links, s.name, part.next)}` : undefined,
    badges: first ? lifecycleBadges(s.lifecycle) : [],
    tree: part.tree,
    usedBy: first
      ? usedBy.map((op) => ({
          id: op.id,
          label: `${op.method.toUpperCase()} ${op.path}`,
          href: `../${links.operation(op.id)}`,
        }))
      : [],
  };
  const markdown = first ? markdownPath(path) : undefined;
  const title = first ? s.name : `${s.name} (part ${part.index})`;
  const files = [
    page(site, path, title, () => schemaHtml(site.markup, view), {
      current: 'schemas',
      markdown: markdown && basename(markdown),
    }),
  ];
  if (markdown) {
    const more = view.nextHref && basename(view.nextHref);
    const text = schemaMarkdown({ ...view, htmlFile: basename(path), moreHref: more });
    files.push({ path: markdown, contents: text + site.bannerHtml });
  }
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
  maxDepth: number | undefined,
): SchemaPart[] {
  const parts: SchemaPart[] = [];
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
