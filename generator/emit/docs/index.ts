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
import type { ApiModel } from '../../model/types.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';
import { siteAssets } from './assets.js';
import { llmsTxt } from './md/llms.js';
import { operationFiles } from './operation-files.js';
import { schemaPages } from './schema-pages.js';
import { schemasScript } from './schemas-script.js';
import { buildSearchIndex, searchIndexScript } from './search-index.js';
import { navScript } from './sidebar.js';
import {
  changelogPage,
  errorsPage,
  groupPages,
  overviewPage,
  schemaListPage,
} from './site-pages.js';
import { createSite, type Site } from './site.js';

export { tryItServerOf } from './try-it-server.js';

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
      outDir: ctx.outDir,
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
  /** `--out`: where the samples import the client from (default `generated`) */
  outDir?: string;
}

/** A piece of the site: its files, served from the cache of pieces when the run keeps one. */
type Piece = (step: string, key: string, compute: () => GeneratedFile[]) => GeneratedFile[];

/**
 * With a cache, each operation page (and the out-of-line examples it writes) is a piece keyed
 * by the model without operation descriptions plus its own operation's description: a page
 * shows no other operation's description, so editing one redoes one page. The site's other
 * pages and scripts, which show none (test/generator/cache-slices.test.ts holds them to it),
 * are pieces keyed by the former alone; the search index, which shows them all, is made.
 */
function pieces(site: Site, opts: DocsOptions): Piece {
  const { memoFiles, slices } = opts;
  if (!memoFiles || !slices) return (_step, _key, compute) => compute();
  const common = [
    slices.withoutOperationDescriptions,
    opts.command,
    site.tryServer,
    site.client.specifier,
  ].join('\0');
  return (step, key, compute) => memoFiles(step, `${common}\0${key}`, compute);
}

export async function emitDocs(model: ApiModel, opts: DocsOptions): Promise<GeneratedFile[]> {
  const site = createSite(model, { ...opts, cached: !!opts.memoFiles });
  const piece = pieces(site, opts);
  const files: GeneratedFile[] = [];
  /** the pages made in numbers (operations', schemas'): handed over early when the caller takes them */
  const pages = (made: GeneratedFile[]) => {
    if (opts.writeEarly) opts.writeEarly(made);
    else files.push(...made);
  };
  files.push(...piece('overview-page', '', () => [overviewPage(site)]));
  const exampleFiles = operationPages(site, opts, piece, pages);
  files.push(...piece('group-pages', '', () => groupPages(site)));
  files.push(...piece('schema-list-page', '', () => [schemaListPage(site)]));
  pages(piece('schema-pages', '', () => schemaPages(site)));
  files.push(...piece('errors-page', '', () => [errorsPage(site)]));
  files.push(...piece('changelog-page', '', () => [changelogPage(site)]));
  files.push(...siteScripts(site, piece));
  files.push(...[...exampleFiles.values()].sort((a, b) => a.path.localeCompare(b.path)));
  return files;
}

/** Every operation's page and Markdown twin (to `pages`); returns the example files they link. */
function operationPages(
  site: Site,
  opts: DocsOptions,
  piece: Piece,
  pages: (made: GeneratedFile[]) => void,
): Map<string, GeneratedFile> {
  const exampleFiles = new Map<string, GeneratedFile>();
  for (const op of site.model.operations) {
    const [pageFile, markdownFile, ...examples] = piece(
      'operation-page',
      `${op.id}\0${opts.slices?.operationDescriptions[op.id] ?? ''}`,
      () => operationFiles(site, op, opts.warn),
    );
    pages([pageFile, markdownFile]);
    for (const e of examples) exampleFiles.set(e.path, e);
  }
  return exampleFiles;
}

/** llms.txt, the search index, the static assets and the scripts the pages load. */
function siteScripts(site: Site, piece: Piece): GeneratedFile[] {
  const { model, links, groups, bannerScript } = site;
  const files: GeneratedFile[] = [
    { path: 'llms.txt', contents: llmsTxt({ model, links, groups }) + site.bannerHtml },
    {
      path: 'search-index.js',
      contents: searchIndexScript(buildSearchIndex(model, links), bannerScript),
    },
  ];
  for (const asset of siteAssets()) files.push({ path: asset.path, contents: asset.text });
  if (site.big)
    files.push(
      ...piece('nav-script', '', () => [
        { path: 'nav.js', contents: navScript(groups, links, bannerScript) },
      ]),
    );
  files.push(
    ...piece('schemas-script', '', () => [
      { path: 'schemas.js', contents: schemasScript(model, bannerScript) },
    ]),
  );
  return files;
}
