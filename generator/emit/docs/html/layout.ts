/**
 * The frame of every page: head, top bar (site title, version, level switcher), the sidebar
 * (the whole navigation on a small site; on a big one, a list nav.js fills in) and the page's
 * body. The controls only a script can work (the small screens' navigation button, the search
 * box) are made by assets/site.js rather than written on each of thousands of pages.
 */
import { htmlText as e } from '../../../common/source.js';
import type { Badge } from '../badges.js';
import { levelAttributes } from './markup.js';

export interface NavGroupView {
  name: string;
  /** the `x-tagGroups` section it is listed under (a heading of the sidebar) */
  section?: string;
  title: string;
  href: string;
  current: boolean;
  open: boolean;
  more: number;
  ops: {
    label: string;
    method: string;
    href: string;
    current: boolean;
    badges: Badge[];
    deprecated: boolean;
  }[];
}

export interface LayoutView {
  /** page-relative path to the site root (`''`, `../`) */
  root: string;
  title: string;
  siteTitle: string;
  version: string;
  /** the current group, on a big site's pages (nav.js opens it) */
  navGroup: string | undefined;
  isOverview: boolean;
  isSchemas: boolean;
  isErrors: boolean;
  isChangelog: boolean;
  hasErrors: boolean;
  /** feature levels of the switcher, newest first */
  levels: number[];
  /** the wide layout with a samples column, and the try-it scripts (operation pages) */
  wide: boolean;
  tryit: boolean;
  /** a big site's sidebar comes from one shared script (nav.js) instead of a copy per page */
  sharedNav: boolean;
  /** the page's Markdown twin, page-relative, for agents (`<link rel="alternate">`) */
  markdown?: string;
  groups: NavGroupView[];
  /** the page's own HTML */
  body: string;
}

export function layoutHtml(v: LayoutView): string {
  const { root } = v;
  const current = (on: boolean) => (on ? ' aria-current="page"' : '');
  const levels = v.levels.length > 0;
  return `<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${e(v.title)} · ${e(v.siteTitle)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${e(root)}assets/site.css">${v.markdown ? `\n<link rel="alternate" type="text/markdown" href="${e(v.markdown)}">` : ''}
${v.tryit ? `<script src="${e(root)}assets/samples.js" defer></script>\n` : ''}<script src="${e(root)}assets/site.js" defer></script>
${v.tryit ? `<script src="${e(root)}assets/wire.js" defer></script>\n<script src="${e(root)}assets/tryit.js" defer></script>` : ''}
</head>
<body data-root="${e(root)}">
<a class="skip-link" href="#main">Skip to content</a>
<header class="topbar">
<a class="brand" href="${e(root)}index.html">${e(v.siteTitle)}</a>
<span class="version">v${e(v.version)}</span>
${levels ? `<div class="level-switch">\n<label for="level-select">API as of</label>\n<select id="level-select"><option value="">latest</option>${v.levels.map((l) => `<option value="${e(l)}">level ${e(l)}</option>`).join('')}</select>\n</div>` : ''}
</header>
<div class="shell">
<nav id="sidebar" class="sidebar" aria-label="Reference">
<ul class="nav-top">
<li><a href="${e(root)}index.html"${current(v.isOverview)}>Overview</a></li>
${v.hasErrors ? `<li><a href="${e(root)}errors.html"${current(v.isErrors)}>Error codes</a></li>` : ''}
<li><a href="${e(root)}changelog.html"${current(v.isChangelog)}>Changelog</a></li>
<li><a href="${e(root)}schemas/index.html"${current(v.isSchemas)}>Schemas</a></li>
</ul>
${v.sharedNav ? `<p class="nav-heading">Operations</p>\n<ul class="nav-groups" data-nav="${e(v.navGroup)}"><li><a href="${e(root)}index.html">All operation groups</a></li></ul>\n` : navSectionsHtml(v.groups)}</nav>
<main id="main" class="content${v.wide ? ' content-wide' : ''}" tabindex="-1">
${levels ? `<p id="level-note" class="level-note" hidden>Showing the API as a server of feature level <span class="level-value"></span> has it: newer items are hidden, removed ones are gone. <a href="${e(root)}changelog.html">Changelog</a> · <button type="button" id="level-reset" class="link-button">show the latest</button></p>` : ''}
${v.body}
</main>
</div>
</body>
</html>
`;
}

/** The groups under "Operations", or under each of the document's sections (`x-tagGroups`). */
function navSectionsHtml(groups: NavGroupView[]): string {
  if (!groups.some((g) => g.section !== undefined))
    return `<p class="nav-heading">Operations</p>\n${navGroupsHtml(groups)}`;
  let out = '';
  for (let i = 0; i < groups.length;) {
    const section = groups[i].section;
    let end = i;
    while (end < groups.length && groups[end].section === section) end++;
    out += `<p class="nav-heading">${e(section)}</p>\n${navGroupsHtml(groups.slice(i, end))}`;
    i = end;
  }
  return out;
}

function navGroupsHtml(groups: NavGroupView[]): string {
  let out = '<ul class="nav-groups">\n';
  for (const g of groups) {
    out += `<li class="nav-group${g.current ? ' is-current' : ''}">\n<a class="nav-group-link" href="${e(g.href)}">${e(g.title)}</a>\n`;
    if (g.ops.length > 0) {
      out += '<ul>\n';
      for (const op of g.ops)
        out += `<li${levelAttributes(op.badges)}><a href="${e(op.href)}"${op.current ? ' aria-current="page"' : ''}${op.deprecated ? ' class="is-deprecated"' : ''}><span class="method method-${e(op.method.toLowerCase())}">${e(op.method)}</span> <span class="nav-label">${e(op.label)}</span></a></li>\n`;
      if (g.more)
        out += `<li><a class="nav-more" href="${e(g.href)}">All ${e(g.more)} operations of ${e(g.title)}</a></li>`;
      out += '\n</ul>\n';
    }
    out += '</li>\n';
  }
  return out + '</ul>\n';
}
