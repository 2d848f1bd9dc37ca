/**
 * The site's pages that are one of a kind or one per group: overview, group pages, the schema
 * list, the error-code index, the changelog. None shows an operation's description.
 */
import type { GeneratedFile } from '../emitter.js';
import { lifecycleBadges } from './badges.js';
import { changelogHtml, errorIndexHtml, groupHtml, schemaListHtml } from './html/pages.js';
import { overviewHtml } from './html/overview.js';
import { errorAnchor } from './links.js';
import { groupTitle, summaryText } from './operation-page.js';
import { overviewView } from './overview.js';
import { page, type Site } from './site.js';

export function overviewPage(site: Site): GeneratedFile {
  const view = overviewView(site.model, site.links, site.changelog, site.client);
  return page(site, 'index.html', 'Overview', () => overviewHtml(site.markup, view), {
    current: 'overview',
    markdown: 'llms.txt',
  });
}

export function groupPages(site: Site): GeneratedFile[] {
  const { links } = site;
  return site.groups.map((g) => {
    const view = {
      name: groupTitle(g.name),
      description: g.description,
      ops: g.ops.map((op) => ({
        method: op.method.toUpperCase(),
        path: op.path,
        // An operation without a summary (Stripe's) is named by its id: a link never reads empty.
        summary: summaryText(op.summary) || op.id,
        href: `../${links.operation(op.id)}`,
        badges: lifecycleBadges(op.lifecycle),
        deprecated: op.lifecycle.deprecated,
      })),
    };
    return page(site, links.group(g.name), view.name, () => groupHtml(site.markup, view), {
      current: 'group',
      group: g.name,
    });
  });
}

export function schemaListPage(site: Site): GeneratedFile {
  const view = {
    schemas: site.model.schemas.map((s) => ({
      name: s.name,
      href: `../${site.links.schema(s.name)}`,
      summary: firstSentence(s.description),
      badges: lifecycleBadges(s.lifecycle),
    })),
  };
  return page(site, 'schemas/index.html', 'Schemas', () => schemaListHtml(site.markup, view), {
    current: 'schemas',
  });
}

export function errorsPage(site: Site): GeneratedFile {
  const { model, links } = site;
  const view = {
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
  };
  return page(site, 'errors.html', 'Error codes', () => errorIndexHtml(site.markup, view), {
    current: 'errors',
  });
}

export function changelogPage(site: Site): GeneratedFile {
  const body = (root: string) => changelogHtml(site.markup, site.changelog, root);
  return page(site, 'changelog.html', 'Changelog', body, { current: 'changelog' });
}

function firstSentence(text: string | undefined): string {
  const line = (text ?? '')
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ');
  return line.length > 160 ? line.slice(0, 157) + '…' : line;
}
