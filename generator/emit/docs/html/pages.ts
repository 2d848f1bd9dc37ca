/**
 * The bodies of the smaller pages: an operation group, the schema list, a schema (or one part of
 * a big one), the error-code index, the changelog.
 */
import { htmlText as e } from '../../../common/source.js';
import type { Badge } from '../badges.js';
import type { ChangeLevel } from '../changelog.js';
import type { SchemaNode } from '../schema-tree.js';
import { levelAttributes, type Markup } from './markup.js';
import { badgesHtml, factsHtml, treeHtml, typeHtml } from './parts.js';

export interface GroupView {
  name: string;
  description: string;
  ops: {
    method: string;
    path: string;
    summary: string;
    href: string;
    badges: Badge[];
    deprecated: boolean;
  }[];
}

export function groupHtml(m: Markup, v: GroupView): string {
  let out = `<article>\n<h1>${e(v.name)}</h1>\n${v.description ? m.block(v.description) : ''}
<div class="table-scroll" tabindex="0"><table class="op-list">
<thead><tr><th scope="col">Operation</th><th scope="col">Endpoint</th></tr></thead>
<tbody>
`;
  for (const op of v.ops)
    out += `<tr${op.deprecated ? ' class="is-deprecated"' : ''}${levelAttributes(op.badges)}><td><a href="${e(op.href)}">${e(op.summary)}</a> ${badgesHtml(op.badges)}</td><td><span class="method method-${e(op.method.toLowerCase())}">${e(op.method)}</span> <code class="path">${e(op.path)}</code></td></tr>\n`;
  return out + '</tbody></table></div>\n</article>\n';
}

export interface SchemaListView {
  schemas: { name: string; href: string; summary: string; badges: Badge[] }[];
}

export function schemaListHtml(m: Markup, v: SchemaListView): string {
  let out = '<article>\n<h1>Schemas</h1>\n';
  if (v.schemas.length > 0) {
    out +=
      '<div class="table-scroll" tabindex="0"><table>\n<thead><tr><th scope="col">Schema</th><th scope="col">Summary</th></tr></thead>\n<tbody>\n';
    for (const s of v.schemas)
      out += `<tr><td><a href="${e(s.href)}"><code>${e(s.name)}</code></a> ${badgesHtml(s.badges)}</td><td>${m.inline(s.summary)}</td></tr>\n`;
    out += '</tbody></table></div>\n';
  } else out += '<p>The contract has no named schemas.</p>';
  return out + '\n</article>\n';
}

export interface SchemaPageView {
  name: string;
  /** the part's number, after the first */
  part: number | undefined;
  mainHref: string;
  nextHref: string | undefined;
  badges: Badge[];
  tree: SchemaNode;
  usedBy: { id: string; label: string; href: string }[];
}

export function schemaHtml(m: Markup, v: SchemaPageView): string {
  const t = v.tree;
  let out = `<article class="schema">
<p class="breadcrumb"><a href="index.html">Schemas</a></p>
<h1><code>${e(v.name)}</code>${v.part ? ` <span class="part">part ${e(v.part)}</span>` : ''}</h1>
${v.part ? `<p>The fields of <a href="${e(v.mainHref)}">${e(v.name)}</a> continued.</p>` : ''}
<p>${badgesHtml(v.badges)}</p>
<p class="schema-root">Type: ${typeHtml(t)}</p>
${t.description ? `<section class="description" aria-label="Description">${m.block(t.description)}</section>` : ''}
${factsHtml(m, t)}${t.children.length > 0 ? '<h2 id="fields">Fields</h2>' : ''}
${treeHtml(m, t)}${v.nextHref ? `<p class="continued">More fields: <a href="${e(v.nextHref)}">continued on the next page</a>.</p>` : ''}
`;
  if (v.usedBy.length > 0) {
    out += '<h2 id="used-by">Used by</h2>\n<ul>';
    for (const u of v.usedBy)
      out += `<li><a href="${e(u.href)}"><code>${e(u.label)}</code></a> (${e(u.id)})</li>`;
    out += '</ul>\n';
  }
  return out + '</article>\n';
}

export interface ErrorIndexView {
  codes: {
    code: string;
    anchor: string;
    description: string;
    statuses: { status: string; note: string | undefined }[];
    badges: Badge[];
    ops: { id: string; href: string }[];
  }[];
}

export function errorIndexHtml(m: Markup, v: ErrorIndexView): string {
  let out = `<article>
<h1>Error codes</h1>
<p>An error response carries the code in its <code>code</code> field. Each entry says when it happens, its HTTP status where the contract gives one, and the operations that document it.</p>
`;
  if (v.codes.length === 0)
    return out + '<p>The contract declares no error codes.</p>\n</article>\n';
  for (const c of v.codes) {
    const a = e(c.anchor);
    out += `<section class="error-code" id="${a}" aria-labelledby="${a}-title">
<h2 id="${a}-title"><a class="anchor" href="#${a}"><code>${e(c.code)}</code></a> ${badgesHtml(c.badges)}</h2>
${m.block(c.description)}
`;
    if (c.statuses.length > 0) {
      out += '<ul class="statuses">';
      for (const s of c.statuses)
        out += `<li>HTTP <code>${e(s.status)}</code>${s.note ? `: ${m.inline(s.note)}` : ''}</li>`;
      out += '</ul>';
    } else out += '<p class="note">HTTP status not given.</p>';
    out += '\n';
    if (c.ops.length > 0) {
      out += '<p>Returned by: ';
      for (const op of c.ops) out += `<a href="${e(op.href)}"><code>${e(op.id)}</code></a> `;
      out += '</p>';
    }
    out += '\n</section>\n';
  }
  return out + '\n</article>\n';
}

export function changelogHtml(m: Markup, levels: ChangeLevel[], root: string): string {
  let out = `<article>
<h1>Changelog</h1>
<p>Every change the contract records, by feature level (newest first): operations, parameters, enum values, schemas, fields and error codes.</p>
`;
  if (levels.length === 0)
    return out + '<p>The contract records no feature-level changes.</p>\n</article>\n';
  out += '<nav class="toc" aria-label="Feature levels"><p class="code-list">';
  for (const l of levels) out += `<a href="#${e(l.anchor)}">${e(l.label)}</a> `;
  out += '</p></nav>\n';
  for (const l of levels) {
    out += `<section aria-labelledby="${e(l.anchor)}">\n<h2 id="${e(l.anchor)}">${e(l.label)}</h2>\n<ul class="changes">\n`;
    for (const c of l.entries)
      out += `<li><span class="badge badge-${e(c.change)}">${e(c.change)}</span> <span class="kind">${e(c.kind)}</span> <a href="${e(root)}${e(c.href)}"><code>${e(c.subject)}</code></a>${c.context ? ` <span class="context">(${e(c.context)})</span>` : ''}: ${m.inline(c.note)}</li>\n`;
    out += '</ul>\n</section>\n';
  }
  return out + '\n</article>\n';
}
