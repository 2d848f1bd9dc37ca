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
    return opts.inline ? md.renderInline(text) : md.render(text);
  };
}
