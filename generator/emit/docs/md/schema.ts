/**
 * A schema's Markdown page (`schemas/X.md`, beside `X.html`), from the same field tree as the
 * HTML page (docs/schema-tree.ts), and the operations that use it.
 */
import { markdownCode, markdownInline, markdownText } from '../../../common/source.js';
import type { Badge } from '../badges.js';
import type { SchemaNode } from '../schema-tree.js';
import { badgeWords, indented, markdownHref, treeLines, typeWords } from './text.js';

export interface SchemaMarkdownView {
  name: string;
  badges: Badge[];
  tree: SchemaNode;
  /** the HTML page, beside this one */
  htmlFile: string;
  /** the further parts of a big schema (HTML pages), if any */
  moreHref?: string;
  usedBy: { id: string; label: string; href: string }[];
}

export function schemaMarkdown(v: SchemaMarkdownView): string {
  const out = [
    `# ${markdownText(v.name)}`,
    '',
    `Schema ${markdownCode(v.name)}: ${typeWords(v.tree)} · [HTML page](${v.htmlFile})`,
    '',
  ];
  if (v.badges.length > 0) out.push(`Feature levels: ${badgeWords(v.badges)}.`, '');
  const description = indented(v.tree.description, '');
  if (description) out.push(description, '');
  if (v.tree.enumValues.length > 0)
    out.push(
      ...v.tree.enumValues.map(
        (e) => `- ${markdownCode(e.value)}${e.meaning ? `: ${markdownInline(e.meaning)}` : ''}`,
      ),
      '',
    );
  const fields = treeLines(v.tree);
  if (fields.length > 0) out.push('## Fields', '', ...fields, '');
  if (v.moreHref) out.push(`More fields: [next part](${v.moreHref}).`, '');
  if (v.usedBy.length > 0)
    out.push(
      '## Used by',
      '',
      ...v.usedBy.map(
        (u) => `- [${markdownCode(u.label)}](${markdownHref(u.href)}) (${markdownCode(u.id)})`,
      ),
      '',
    );
  return out.join('\n');
}
