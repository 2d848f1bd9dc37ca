/**
 * What the page functions (generator/emit/docs/html/) share: the markdown of one run, and the
 * few attribute helpers. Contract text reaches a page only three ways: `htmlText`
 * (generator/common/source.ts) for plain text, `Markup.block`/`Markup.inline` (markdown-it with raw
 * HTML off, generator/emit/docs/markdown.ts), and `highlight` (which escapes every character).
 */
import type { Badge } from '../badges.js';
import { createMarkdown } from '../markdown.js';

export interface Markup {
  /** a description's markdown as HTML blocks */
  block(text: string | undefined): string;
  /** markdown as inline HTML (a table cell, a summary) */
  inline(text: string | undefined): string;
}

/**
 * The markdown of one generate run: each distinct text is rendered once per run, by
 * createMarkdown's own memory (a big document repeats its descriptions on hundreds of pages).
 */
export function createMarkup(): Markup {
  const md = createMarkdown();
  return {
    block: (text) => md(text),
    inline: (text) => md(text, { inline: true }),
  };
}

/** Feature-level attributes read by the level switcher (` data-since="3"`): numbers only. */
export function levelAttributes(badges: readonly Badge[] | undefined): string {
  let out = '';
  for (const b of badges ?? []) {
    if (typeof b.level !== 'number' || !Number.isInteger(b.level)) continue;
    if (b.kind === 'added' && !out.includes('data-since')) out += ` data-since="${b.level}"`;
    if (b.kind === 'removed' && !out.includes('data-removed')) out += ` data-removed="${b.level}"`;
  }
  return out;
}
