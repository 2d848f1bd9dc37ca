/**
 * Markdown of the contract's descriptions, rendered for the reference. The contract is data, not
 * trusted HTML: raw HTML is off (it is shown as text), images are off (an image would make the
 * page fetch from an outside server), and links keep only schemes that cannot run code.
 *
 * Links that are neither external (http, https, mailto) nor fragments point somewhere on the
 * author's own site (`/api/register-queue`); on a static copy of this reference they would be
 * broken, so they render as their text.
 */
import MarkdownIt from 'markdown-it';

const SAFE_LINK = /^(https?:|mailto:|#)/i;

export type RenderMarkdown = (text: string | undefined, opts?: { inline?: boolean }) => string;

/** A renderer for one generate run (no shared, mutable markdown-it instance between runs). */
export function createMarkdown(): RenderMarkdown {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.disable(['image']);
  // validateLink runs before any link is emitted; markdown-it's default already refuses
  // javascript:, vbscript:, file: and most data: URLs. We are stricter: only the safe list.
  md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

  // Links that passed validation: external ones open safely; the rest are fragments.
  const defaultOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = String(tokens[idx].attrGet('href') ?? '');
    if (/^https?:/i.test(href)) tokens[idx].attrSet('rel', 'noopener noreferrer');
    return defaultOpen(tokens, idx, options, env, self);
  };
  // Tables from descriptions scroll on a phone instead of widening the page.
  md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';

  return (text, opts = {}) => {
    if (typeof text !== 'string' || text.trim() === '') return '';
    return (
      plainMarkdown(text, opts.inline === true) ??
      (opts.inline ? undefined : plainParagraphs(text)) ??
      (opts.inline ? md.renderInline(text) : md.render(text))
    );
  };
}

/** Text with no markdown meaning outside code spans: letters, digits, spaces and this punctuation. */
const PLAIN_TEXT = /^[A-Za-z0-9 ,.;:'"()?/@$%{}=!+-]*$/;

/**
 * The HTML markdown-it makes of a one-line text that is plain words and single-backtick code
 * spans (most of a big document's descriptions: 4,075 of GitHub's 5,510 distinct ones), made
 * without its parser; undefined for anything else. The text starts with a letter or a code
 * span (no list, heading, quote, rule or indented code can start), ends with no space, and
 * holds no character that could open emphasis, a link, an entity, an escape, HTML, a table or a
 * strikethrough. A code span's text is escaped and loses one space on each side when it has
 * both (CommonMark 6.1), as markdown-it does. test/docs/markdown-fast-path.test.ts holds the
 * two to the same bytes.
 */
export function plainMarkdown(text: string, inline: boolean): string | undefined {
  const first = text.charCodeAt(0);
  const letter = (first | 32) >= 97 && (first | 32) <= 122;
  if ((!letter && first !== 96) || text.includes('\n') || /\s$/.test(text)) return undefined;
  const parts = text.split('`');
  if (parts.length % 2 === 0) return undefined;
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (i % 2 === 0) {
      if (!PLAIN_TEXT.test(part)) return undefined;
      out += part.includes('"') ? part.replace(/"/g, '&quot;') : part;
    } else {
      if (part.trim() === '' || /[\s\u00a0]/.test(part.replace(/ /g, ''))) return undefined;
      const code =
        part.length >= 2 && part.startsWith(' ') && part.endsWith(' ') ? part.slice(1, -1) : part;
      out += `<code>${escapeCode(code)}</code>`;
    }
  }
  return inline ? out : `<p>${out}</p>\n`;
}

/**
 * Paragraphs split by one blank line, each of them a one-line text plainMarkdown renders: the
 * paragraphs in turn (328 more of GitHub's descriptions); undefined for anything else.
 */
export function plainParagraphs(text: string): string | undefined {
  if (!text.includes('\n\n')) return undefined;
  let out = '';
  for (const paragraph of text.split('\n\n')) {
    const html = plainMarkdown(paragraph, false);
    if (html === undefined) return undefined;
    out += html;
  }
  return out;
}

function escapeCode(text: string): string {
  return /[&<>"]/.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : text;
}
