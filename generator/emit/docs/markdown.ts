/**
 * Markdown of the contract's descriptions, rendered for the reference. The contract is data, not
 * trusted HTML: its raw HTML goes through an allow-list (sanitize-html.ts: `<p>`, `<a href>`,
 * `<code>` render; scripts, styles, event handlers and unsafe links never survive), images are
 * off (an image would make the page fetch from an outside server), and links keep only schemes
 * that cannot run code.
 *
 * Links that are neither external (http, https, mailto) nor fragments point somewhere on the
 * author's own site (`/api/register-queue`); on a static copy of this reference they would be
 * broken, so they render as their text.
 */
import { createRequire } from 'node:module';
import type MarkdownItModule from 'markdown-it';
import { htmlContent } from '../../common/source.js';
import { createHtmlSanitizer, SAFE_LINK, type HtmlSanitizer } from './sanitize-html.js';

type MarkdownIt = InstanceType<typeof MarkdownItModule>;

export type RenderMarkdown = (text: string | undefined, opts?: { inline?: boolean }) => string;

/**
 * A renderer for one generate run (no shared, mutable markdown-it instance between runs).
 * `fastPath: false` sends every text through markdown-it (the tests compare the two).
 */
export function createMarkdown(opts: { fastPath?: boolean } = {}): RenderMarkdown {
  const fast = opts.fastPath !== false;
  let md: MarkdownIt | undefined;
  // A text's HTML depends on the text alone: rendered once per run. Big documents repeat their
  // descriptions (GitHub's `owner`, `repo`, `per_page` on hundreds of pages, shared schemas'
  // fields in many inline trees).
  const rendered = new Map<string, string>();
  return (text, opts = {}) => {
    if (typeof text !== 'string' || text.trim() === '') return '';
    const key = (opts.inline ? 'i' : 'b') + text;
    let html = rendered.get(key);
    if (html === undefined) {
      html = renderOnce(text, opts.inline === true);
      rendered.set(key, html);
    }
    return html;
  };

  function renderOnce(text: string, inline: boolean): string {
    const quick = !fast
      ? undefined
      : (plainMarkdown(text, inline) ?? (inline ? undefined : plainBlocks(text)));
    if (quick !== undefined) return quick;
    md ??= markdownIt();
    // One sanitizer per text: what its HTML opens is closed at its end, never beyond.
    const env: HtmlEnv = { sanitizer: createHtmlSanitizer({ inline, source: text }) };
    const html = inline ? md.renderInline(text, env) : md.render(text, env);
    return html + env.sanitizer.close();
  }
}

/**
 * markdown-it set up for the reference, loaded on the first text the fast path declines: a run
 * whose every text is plain (and each checks or emit thread, which imports this module with the
 * CLI's bundle) does not pay for its import.
 */
function markdownIt(): MarkdownIt {
  const Markdown = createRequire(import.meta.url)('markdown-it') as typeof MarkdownItModule;
  const md = new Markdown({ html: true, linkify: false, typographer: false });
  md.disable(['image']);
  sanitizeRawHtml(md);
  // validateLink runs before any link is emitted; markdown-it's default already refuses
  // javascript:, vbscript:, file: and most data: URLs. We are stricter: only the safe list.
  md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

  // Links that passed validation: external ones open safely; the rest are fragments.
  const defaultOpen =
    md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = String(tokens[idx].attrGet('href') ?? '');
    if (/^https?:/i.test(href)) tokens[idx].attrSet('rel', 'noopener noreferrer');
    return defaultOpen(tokens, idx, options, env, self);
  };
  // Text and code spans are element content: escaped by the one function for it (markdown-it's
  // own escaper would also write every quote as `&quot;`).
  md.renderer.rules.text = (tokens, idx) => htmlContent(tokens[idx].content);
  md.renderer.rules.code_inline = (tokens, idx, _options, _env, self) =>
    `<code${self.renderAttrs(tokens[idx])}>${htmlContent(tokens[idx].content)}</code>`;
  // Tables from descriptions scroll on a phone instead of widening the page.
  md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

/** What a render carries: the sanitizer of the text being rendered. */
type HtmlEnv = { sanitizer: HtmlSanitizer };

/**
 * Every raw HTML fragment markdown-it finds (a block, or one inline tag) goes through the text's
 * sanitizer; while it removes an element with its content (`<script>…</script>` inside a
 * paragraph), the markdown between those tags is removed too, and what a paragraph's inline
 * HTML opened is closed at the paragraph's end.
 */
function sanitizeRawHtml(md: MarkdownIt): void {
  const sanitizerOf = (env: unknown): HtmlSanitizer => (env as HtmlEnv).sanitizer;
  md.renderer.rules.html_block = (tokens, idx, _options, env) =>
    sanitizerOf(env).feed(tokens[idx].content);
  md.renderer.rules.html_inline = (tokens, idx, _options, env) =>
    sanitizerOf(env).feed(tokens[idx].content);
  md.renderer.renderInline = function (tokens, options, env) {
    const sanitizer = sanitizerOf(env);
    const mark = sanitizer.mark();
    let out = '';
    for (let i = 0; i < tokens.length; i++) {
      const type = tokens[i].type;
      if (type !== 'html_inline' && sanitizer.dropping) continue;
      const rule = this.rules[type];
      out += rule ? rule(tokens, i, options, env, this) : this.renderToken(tokens, i, options);
    }
    return out + sanitizer.close(mark);
  };
}

/**
 * Text with no markdown meaning outside code spans and links: letters, digits, spaces, this
 * punctuation and any character past U+00A0 (markdown-it gives none of them a meaning of its own;
 * they only count for emphasis, which `*` and `_` are kept out for). `#` opens a heading only at
 * the start of a line, where the text never has it.
 */
const PLAIN_TEXT = /^[A-Za-z0-9 ,.;:'"()?/@$%{}=!+#\u00a0-\uffff-]*$/;

/**
 * An inline link to an http(s) page with a plain text: its destination holds only characters
 * markdown-it's normalizeLink and escapeHtml leave as they are (no `%`, `&`, `'`, `@`, brackets,
 * spaces or non-ASCII), and no title.
 */
const PLAIN_LINK = /^\[([^[\]`\\*_<>&|~\n]*)\]\((https?:\/\/[A-Za-z0-9\-._~:/?#!$+,;=]+)\)/;

/**
 * A link to a fragment of the page (`[text](#anchor)`), as PLAIN_LINK: markdown-it keeps it
 * (SAFE_LINK) without `rel`, its destination unchanged.
 */
const FRAGMENT_LINK = /^\[([^[\]`\\*_<>&|~\n]*)\]\((#[A-Za-z0-9\-._~:/?#!$+,;=]*)\)/;

/**
 * A link to a path on the author's own site (`[text](/path)`): markdown-it's validateLink
 * (SAFE_LINK) refuses it, so the brackets, the text and the destination stay as they are
 * written. Its destination holds no character with a markdown meaning (no emphasis, entity,
 * escape, HTML, parenthesis or quote).
 */
const SITE_LINK = /^\[([^[\]`\\*_<>&|~\n]*)\]\((\/[A-Za-z0-9\-.:/?#$+,;=%@]*)\)/;

/**
 * Brackets that are no link (`[!NOTE]`): nothing after `]` could make them one (no `(`, `[` or
 * `:` follows; a reference definition would be a line the fast path declines), so markdown-it
 * prints them as they are.
 */
const PLAIN_BRACKETS = /^\[([^[\]`\\*_<>&|~\n]*)\](?![([:])/;

/**
 * The HTML markdown-it makes of a paragraph whose lines are plain words, single-backtick code
 * spans and plain links to http(s) pages (most of a big document's descriptions), made without
 * its parser; undefined for anything else. Each line starts with a letter, a code span or a link
 * (no list, heading, quote, rule, fence, table or indented code can start, nor interrupt the
 * paragraph), ends with no space (no hard break, nothing trimmed), and holds no character that
 * could open emphasis, an entity, an escape, HTML, a table or a strikethrough; a code span or a
 * link stays on its line. A code span's text is escaped and loses one space on each side when it
 * has both (CommonMark 6.1), as markdown-it does; a link opens with `rel="noopener noreferrer"`
 * as createMarkdown's link rule makes it; lines stay apart by a newline (a soft break).
 * test/docs/markdown-fast-path.test.ts holds the two to the same bytes.
 */
export function plainMarkdown(text: string, inline: boolean): string | undefined {
  let out: string | undefined;
  if (!text.includes('\n')) out = plainLine(text);
  else {
    out = '';
    for (const line of text.split('\n')) {
      const html = plainLine(line);
      if (html === undefined) return undefined;
      out += out === '' ? html : '\n' + html;
    }
  }
  if (out === undefined) return undefined;
  return inline ? out : `<p>${out}</p>\n`;
}

/** One line of plainMarkdown's paragraph as markdown-it prints it; undefined for any other. */
function plainLine(text: string): string | undefined {
  const first = text.charCodeAt(0);
  const letter = (first | 32) >= 97 && (first | 32) <= 122;
  // `*` or `_` only as emphasis (checked below): `* ` would be a list, `***` a rule
  if ((!letter && first !== 96 && first !== 91 && first !== 42 && first !== 95) || /\s$/.test(text))
    return undefined;
  const special = /[`[*_]/g;
  let out = '';
  let at = 0;
  while (at < text.length) {
    special.lastIndex = at;
    const next = special.exec(text)?.index ?? -1;
    const end = next < 0 ? text.length : next;
    const plain = plainText(text.slice(at, end));
    if (plain === undefined) return undefined;
    out += plain;
    if (next < 0) break;
    const mark = text.charCodeAt(next);
    if (mark === 42 || mark === 95) {
      const span = emphasis(text, next);
      if (span === undefined) return undefined;
      out += span.html;
      at = span.end;
    } else if (mark === 96) {
      // single backticks only: a run of two or more opens or closes a different span
      const close = text.indexOf('`', next + 1);
      if (close < 0 || close === next + 1 || text.charCodeAt(close + 1) === 96) return undefined;
      const code = codeSpan(text.slice(next + 1, close));
      if (code === undefined) return undefined;
      out += code;
      at = close + 1;
    } else {
      // `![` would be an image (off, but not plain either)
      if (next > 0 && text.charCodeAt(next - 1) === 33) return undefined;
      const rest = text.slice(next);
      const link = PLAIN_LINK.exec(rest);
      const fragment = link ? undefined : FRAGMENT_LINK.exec(rest);
      const site = link || fragment ? undefined : SITE_LINK.exec(rest);
      const brackets = link || fragment || site ? undefined : PLAIN_BRACKETS.exec(rest);
      const found = link ?? fragment ?? site ?? brackets;
      if (!found || found[1].trim() === '') return undefined;
      const label = plainText(found[1]);
      if (label === undefined) return undefined;
      if (link) out += `<a href="${link[2]}" rel="noopener noreferrer">${label}</a>`;
      else if (fragment) out += `<a href="${fragment[2]}">${label}</a>`;
      else if (site) out += `[${label}](${site[2]})`;
      else out += `[${label}]`;
      at = next + found[0].length;
    }
  }
  return out;
}

/** A delimiter's neighbours that make it open only (before it) or close only (after it). */
const OPENS_AFTER = ' ("';
const CLOSES_BEFORE = ' .,:;)"?!';
/**
 * The first and last characters of an emphasised text: no whitespace, so that the opening run
 * (after the line's start, a space, `(` or `"`) is left-flanking and the closing one (before the
 * line's end, a space or `.,:;)"?!`) right-flanking whatever they are (CommonMark 6.2);
 * a backtick starts or ends a code span inside (`**\`name\`**`).
 */
const EMPHASIS_FIRST = /^[A-Za-z0-9`"'(]$/;
const EMPHASIS_LAST = /^[A-Za-z0-9`"'.:!?)]$/;

/**
 * Emphasis (`*a*`, `_a_`) or strong emphasis (`**a**`, `__a__`) of plain words starting at
 * `at`, as markdown-it prints it; undefined for any other use of `*` or `_`. The opening run
 * follows the line's start, a space, `(` or `"` and precedes a letter or digit; the closing run
 * follows a letter or digit and precedes the line's end, a space or `.,:;)"?!`: each run can then
 * only open, or only close (CommonMark 6.2's flanking rules), and nothing between them opens.
 */
function emphasis(text: string, at: number): { html: string; end: number } | undefined {
  const mark = text[at];
  const size = text[at + 1] === mark ? 2 : 1;
  if (text[at + size] === mark) return undefined;
  if (at > 0 && !OPENS_AFTER.includes(text[at - 1])) return undefined;
  const delimiter = mark.repeat(size);
  const close = text.indexOf(delimiter, at + size);
  if (close < 0) return undefined;
  const inner = text.slice(at + size, close);
  const after = close + size;
  if (
    inner === '' ||
    !EMPHASIS_FIRST.test(inner[0]) ||
    !EMPHASIS_LAST.test(inner[inner.length - 1]) ||
    (after < text.length && !CLOSES_BEFORE.includes(text[after]))
  )
    return undefined;
  const words = plainWithCode(inner);
  if (words === undefined) return undefined;
  const tag = size === 2 ? 'strong' : 'em';
  return { html: `<${tag}>${words}</${tag}>`, end: after };
}

/**
 * Plain words and single-backtick code spans (an emphasis's text); undefined for anything else.
 * A closing emphasis run found inside a code span leaves an odd backtick here: declined.
 */
function plainWithCode(part: string): string | undefined {
  let out = '';
  let at = 0;
  while (at < part.length) {
    const tick = part.indexOf('`', at);
    const plain = plainText(part.slice(at, tick < 0 ? part.length : tick));
    if (plain === undefined) return undefined;
    out += plain;
    if (tick < 0) break;
    const close = part.indexOf('`', tick + 1);
    if (close < 0 || close === tick + 1 || part.charCodeAt(close + 1) === 96) return undefined;
    const code = codeSpan(part.slice(tick + 1, close));
    if (code === undefined) return undefined;
    out += code;
    at = close + 1;
  }
  return out;
}

/** Plain words as markdown-it prints them; undefined for a text with markdown meaning. */
function plainText(part: string): string | undefined {
  if (!PLAIN_TEXT.test(part)) return undefined;
  return part;
}

/** A single-backtick code span's text as markdown-it prints it; undefined for an odd one. */
function codeSpan(part: string): string | undefined {
  if (part.trim() === '' || /[\s\u00a0]/.test(part.replace(/ /g, ''))) return undefined;
  const code =
    part.length >= 2 && part.startsWith(' ') && part.endsWith(' ') ? part.slice(1, -1) : part;
  return `<code>${htmlContent(code)}</code>`;
}

/**
 * Blocks split by one blank line, each a paragraph plainMarkdown renders, a block quote of one
 * such paragraph (every line `> ` and a plain line), or a tight bullet list of plain one-line
 * items (`* ` or `- `, one marker), as markdown-it prints them; undefined for anything else.
 * Two lists in a row decline (a blank line between items makes one loose list of paragraphs).
 */
export function plainBlocks(text: string): string | undefined {
  let out = '';
  let lastWasList = false;
  for (const block of text.split('\n\n')) {
    const list = plainList(block);
    if (list !== undefined) {
      if (lastWasList) return undefined;
      lastWasList = true;
      out += list;
      continue;
    }
    lastWasList = false;
    const html = block.startsWith('>') ? plainQuote(block) : plainMarkdown(block, false);
    if (html === undefined) return undefined;
    out += html;
  }
  return out;
}

/** `> line` on every line, the lines a plain paragraph: a block quote of it. */
function plainQuote(block: string): string | undefined {
  const lines = block.split('\n');
  if (!lines.every((line) => line.startsWith('> '))) return undefined;
  const inner = plainMarkdown(lines.map((line) => line.slice(2)).join('\n'), false);
  return inner === undefined ? undefined : `<blockquote>\n${inner}</blockquote>\n`;
}

/** Every line `* item` (or every line `- item`), each item a plain line: a tight list. */
function plainList(block: string): string | undefined {
  const marker = block[0];
  if ((marker !== '*' && marker !== '-') || block[1] !== ' ') return undefined;
  let out = '<ul>\n';
  for (const line of block.split('\n')) {
    if (line[0] !== marker || line[1] !== ' ') return undefined;
    const item = plainLine(line.slice(2));
    if (item === undefined) return undefined;
    out += `<li>${item}</li>\n`;
  }
  return out + '</ul>\n';
}
