/**
 * Pieces shared by several pages: badges, a type, a schema's facts and field tree, an example,
 * the try-it section's data. Each returns HTML; text goes through `htmlText`, markdown through
 * `Markup`, code through `highlight` (highlight.ts), page data through `scriptJson`.
 */
import { htmlText as e, scriptJson } from '../../../common/source.js';
import type { Badge } from '../badges.js';
import type { ExampleView } from '../examples.js';
import { highlight } from '../highlight.js';
import type { EnumRow, SchemaNode } from '../schema-tree.js';
import type { TryItView } from '../try-it.js';
import { levelAttributes, type Markup } from './markup.js';

export function badgesHtml(badges: readonly Badge[] | undefined): string {
  let out = '';
  for (const b of badges ?? [])
    out += `<span class="badge badge-${e(b.kind)}" title="${e(b.note)}">${e(b.label)}<span class="visually-hidden">: ${e(b.note)}</span></span> `;
  return out;
}

/** A type, linked to its schema's page when it is a named schema (`array of <a>User</a>`). */
export function typeHtml(node: Pick<SchemaNode, 'type' | 'typeName' | 'typeHref'>): string {
  if (!node.typeHref) return `<span class=type>${e(node.type)}</span>\n`;
  const before = node.type === node.typeName ? '' : `${e(node.type)} `;
  return `<span class=type>${before}<a href="${e(node.typeHref)}">${e(node.typeName)}</a></span>\n`;
}

function enumHasDetails(rows: readonly EnumRow[]): boolean {
  return rows.some((r) => !!r.meaning || (r.badges?.length ?? 0) > 0);
}

/** Limits, formats, defaults as short facts, then the enum values (a table when they have meanings). */
export function factsHtml(m: Markup, node: Pick<SchemaNode, 'facts' | 'enumValues'>): string {
  let out = '';
  if (node.facts.length > 0) {
    out += '<p class="facts">';
    for (const f of node.facts) out += `<span class="fact">${e(f)}</span> `;
    out += '</p>';
  }
  const rows = node.enumValues;
  if (rows.length === 0) return out;
  if (enumHasDetails(rows)) {
    out +=
      '<table class="enum">\n<thead><tr><th scope="col">Value</th><th scope="col">Meaning</th></tr></thead>\n<tbody>\n';
    for (const r of rows)
      out += `<tr${levelAttributes(r.badges)}><td><code>${e(r.value)}</code> ${badgesHtml(r.badges)}</td><td>${m.inline(r.meaning)}</td></tr>\n`;
    return out + '</tbody>\n</table>';
  }
  out += '<p class="enum-values">One of: ';
  for (const r of rows) out += `<code>${e(r.value)}</code> `;
  return out + '</p>';
}

/** A node's fields (nested), its variants (oneOf/anyOf), and what was left out. */
export function treeHtml(m: Markup, node: SchemaNode): string {
  let out = '';
  if (node.children.length > 0) {
    out += '<ul class="tree">\n';
    for (const c of node.children) {
      out += `<li id="${e(c.anchor)}"${c.deprecated ? ' class=is-deprecated' : ''}${levelAttributes(c.badges)}><div class=fh><code>${e(c.name)}</code> ${typeHtml(c)}`;
      if (c.required) out += ' <span class=req>required</span>';
      if (c.badges.length > 0) out += ` ${badgesHtml(c.badges)}`;
      out += '</div>';
      if (c.description) out += `<div class=fd>${m.block(c.description)}</div>`;
      out += `${factsHtml(m, c)}${treeHtml(m, c)}</li>\n`;
    }
    out += '</ul>';
  }
  if (node.variants.length > 0) {
    out += `<div class="variants">\n<p class="variant-kind">${e(node.variantKind)}:</p>\n<ul>\n`;
    for (const v of node.variants) {
      out += '<li>';
      out += v.href
        ? `<a href="${e(v.href)}">${e(v.label)}</a>`
        : `<span class="type">${e(v.label)}</span>`;
      if (v.node) {
        if (v.node.description) out += `<div class=fd>${m.block(v.node.description)}</div>`;
        out += factsHtml(m, v.node) + treeHtml(m, v.node);
      }
      out += '</li>\n';
    }
    out += '</ul>\n</div>';
  }
  if (node.truncated) out += `<p class="truncated">${e(node.truncated)}</p>`;
  return out;
}

/** The inside of an example's box after its summary: description, highlighted JSON or a link. */
export function exampleBodyHtml(m: Markup, ex: ExampleView): string {
  const code = ex.json
    ? `<pre class="code" tabindex="0"><code>${highlight(ex.json, 'json')}</code></pre>`
    : '';
  const link = ex.href
    ? `<p class="big-example">This example is ${e(ex.size)}: <a href="${e(ex.href)}">open it as JSON</a>.</p>`
    : '';
  return `${code}\n${link}\n</details>\n`;
}

/** An example in a collapsible box (an error's example in the error table). */
export function exampleHtml(m: Markup, ex: ExampleView): string {
  const summary = ex.summary ? m.inline(ex.summary) : `Example <code>${e(ex.name)}</code>`;
  const description = ex.description
    ? `<div class="example-desc">${m.block(ex.description)}</div>`
    : '';
  return `<details class="example code-block">\n<summary>${summary}</summary>\n${description}\n${exampleBodyHtml(m, ex)}`;
}

/**
 * The try-it section: its heading and data; the page script (assets/tryit.js) builds the box,
 * the form and the answer's place from the data (only a script can send the request, so the
 * page does not carry their empty markup, repeated on every operation page).
 */
export function tryItHtml(view: TryItView | undefined): string {
  return `<section class="tryit" aria-labelledby="try-it">
<h2 id="try-it">Try it</h2>
<noscript><p>Try it needs JavaScript.</p></noscript>
<script type="application/json" class="tryit-data" data-server="${e(view?.server)}"${view?.auth ? ' data-auth' : ''}>${scriptJson(view?.data)}</script>
</section>
`;
}
