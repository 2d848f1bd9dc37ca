/**
 * Pieces shared by the Markdown pages: a schema tree as nested bullets, badges as words, links
 * to the Markdown twin of a page. Contract text goes through `markdownText` (inline),
 * `markdownCode` (names, values) and `markdownProse` (descriptions) of common/source.ts only.
 */
import {
  markdownCode,
  markdownInline,
  markdownProse,
  markdownText,
} from '../../../common/source.js';
import type { Badge } from '../badges.js';
import type { EnumRow, SchemaNode } from '../schema-tree.js';

/** The Markdown page beside an HTML page: `x.html` → `x.md`. */
export function markdownPath(htmlPath: string): string {
  return htmlPath.replace(/\.html$/, '.md');
}

/** A page-relative href of the HTML site, pointed at the Markdown twin where there is one. */
export function markdownHref(href: string): string {
  const m = /^((?:\.\.\/)*(?:operations|schemas)\/[^#]*)\.html(?:#.*)?$/.exec(href);
  return m ? `${m[1]}.md` : href;
}

/** `Added in level 297 (note)`, `Deprecated (Use x instead.)`: every badge in words. */
export function badgeWords(badges: Badge[]): string {
  return badges
    .map((b) =>
      b.note && b.note !== b.label
        ? `${markdownText(b.label)} (${markdownInline(b.note)})`
        : markdownText(b.label),
    )
    .join('; ');
}

/** `text.` once: a sentence of the contract's that may already end with its period. */
export function sentence(text: string): string {
  return text === '' || /[.!?…:]$/.test(text) ? text : `${text}.`;
}

/** Contract prose on a list item's continuation lines. */
export function indented(prose: string, indent: string): string {
  const text = markdownProse(prose).trim();
  return text === ''
    ? ''
    : text
        .split('\n')
        .map((l) => (l ? indent + l : l))
        .join('\n');
}

export function enumWords(values: EnumRow[]): string {
  return values
    .map((v) => {
      const extra = [v.meaning ? markdownInline(v.meaning) : '', badgeWords(v.badges)];
      const words = extra.filter(Boolean).join('; ');
      return `${markdownCode(v.value)}${words ? ` (${words})` : ''}`;
    })
    .join(', ');
}

/** A type as words, linking a named schema to its Markdown page. */
export function typeWords(node: SchemaNode): string {
  const type = markdownText(node.type);
  if (!node.typeName) return type;
  const name = markdownText(node.typeName);
  const named = node.typeHref ? `[${name}](${markdownHref(node.typeHref)})` : name;
  return node.type === node.typeName ? named : `${type} ${named}`;
}

/** A schema tree as nested bullets: one per field, its facts, values and description. */
export function treeLines(node: SchemaNode, depth = 0): string[] {
  const out: string[] = [];
  for (const child of node.children) out.push(...fieldLines(child, depth));
  for (const variant of node.variants) {
    const label = markdownText(variant.label);
    const pad = '  '.repeat(depth);
    out.push(
      `${pad}- ${markdownText(node.variantKind ?? 'variant')}: ${variant.href ? `[${label}](${markdownHref(variant.href)})` : label}`,
    );
    if (variant.node) out.push(...treeLines(variant.node, depth + 1));
  }
  if (node.truncated) out.push(`${'  '.repeat(depth)}- … ${markdownText(node.truncated)}`);
  return out;
}

function fieldLines(node: SchemaNode, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const facts = [
    typeWords(node),
    node.required ? 'required' : '',
    ...node.facts.map((f) => markdownText(f)),
  ].filter(Boolean);
  const extras = [
    node.enumValues.length > 0 ? `Values: ${enumWords(node.enumValues)}.` : '',
    node.badges.length > 0 ? sentence(badgeWords(node.badges)) : '',
  ].filter(Boolean);
  const head = `${pad}- ${markdownCode(node.name ?? '')} (${facts.join(', ')})${extras.length > 0 ? ' ' + extras.join(' ') : ''}`;
  const description = indented(node.description, `${pad}  `);
  return [head, ...(description ? [description] : []), ...treeLines(node, depth + 1)];
}
