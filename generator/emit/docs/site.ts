/**
 * What every page of one docs run shares (model, links, markdown, groups, banner, levels), and
 * the page shell: a page's body inside the layout (head, top bar, sidebar).
 */
import { siteBanner } from '../../common/source.js';
import type { ApiModel } from '../../model/types.js';
import type { GeneratedFile } from '../emitter.js';
import { buildChangelog, type ChangeLevel } from './changelog.js';
import { clientImportOf, DEFAULT_OUT, type ClientImport } from './client-import.js';
import type { ExampleMemo } from './examples.js';
import { layoutHtml } from './html/layout.js';
import { createMarkup, type Markup } from './html/markup.js';
import { createSiteLinks, type SiteLinks } from './links.js';
import { resolvedUrl } from './overview.js';
import { groupOperations, navGroupViews, type OperationGroup } from './sidebar.js';
import { tryItServerOf } from './try-it-server.js';

/** Above this many operations the sidebar lists only the current group's operations. */
export const FULL_NAV_LIMIT = 150;

export interface Site {
  model: ApiModel;
  links: SiteLinks;
  /** the run's markdown (each distinct description rendered once) */
  markup: Markup;
  groups: OperationGroup[];
  bannerHtml: string;
  /** the banner of the site's scripts */
  bannerScript: string;
  /**
   * Pages leave as UTF-8 bytes, encoded as soon as made (a big site without the cache of
   * pieces): a page's text is a rope of many small strings, which then dies young instead of
   * being kept for the whole emit and flattened at the end, where the collector would copy
   * them between generations.
   */
  encoder: TextEncoder | undefined;
  changelog: ChangeLevel[];
  /** feature levels the contract mentions, newest first (the level switcher's choices) */
  levels: number[];
  /** pretty JSON of the examples shown so far (a shared example is printed once) */
  exampleMemo: ExampleMemo;
  /**
   * A big document (GitHub's) links its shared schemas from operation pages instead of copying
   * their trees, shows nested anonymous objects less deep, and shares one sidebar script.
   */
  big: boolean;
  /** the server the samples call */
  baseUrl: string;
  /** where try-it sends requests */
  tryServer: string;
  /** where the samples import the client from */
  client: ClientImport;
}

export interface SiteOptions {
  /** the run keeps a cache of pieces (pages are then kept as text) */
  cached: boolean;
  tryItServer?: string;
  outDir?: string;
}

export function createSite(model: ApiModel, opts: SiteOptions): Site {
  const links = createSiteLinks(model);
  const big = model.operations.length > FULL_NAV_LIMIT;
  const changelog = buildChangelog(model, links);
  return {
    model,
    links,
    markup: createMarkup(),
    groups: groupOperations(model),
    bannerHtml: siteBanner(model.sourceFile, 'html'),
    bannerScript: siteBanner(model.sourceFile, 'js'),
    encoder: big && !opts.cached ? new TextEncoder() : undefined,
    changelog,
    levels: changelog.map((l) => l.level).filter((l): l is number => l !== null),
    exampleMemo: new WeakMap(),
    big,
    baseUrl: model.servers[0] ? resolvedUrl(model.servers[0]) : 'https://api.example.com',
    tryServer: tryItServerOf(model, opts.tryItServer),
    client: clientImportOf(model, opts.outDir ?? DEFAULT_OUT),
  };
}

export interface NavState {
  current: 'overview' | 'op' | 'group' | 'schemas' | 'errors' | 'changelog';
  group?: string;
  op?: string;
  /** the page's Markdown twin, page-relative (`<link rel="alternate" type="text/markdown">`) */
  markdown?: string;
}

/** A page: its body (given the path to the site root) inside the layout (sidebar, header, search). */
export function page(
  site: Site,
  path: string,
  title: string,
  body: (root: string) => string,
  nav: NavState,
): GeneratedFile {
  const root = '../'.repeat(path.split('/').length - 1);
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
    sharedNav: site.big,
    markdown: nav.markdown,
    groups: site.big ? [] : navGroupViews(site.groups, site.links, { root, ...nav }),
    body: body(root),
  });
  const html = `<!doctype html>\n${site.bannerHtml}${layout}`;
  return { path, contents: site.encoder ? site.encoder.encode(html) : html };
}
