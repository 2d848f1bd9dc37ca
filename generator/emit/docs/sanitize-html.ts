/**
 * Raw HTML of the contract's descriptions (Stripe writes `<p>…</p>`, many documents `<br>`,
 * `<ul>`, `<a href>`), made safe for the reference by an allow-list. This is the one function
 * raw HTML from a contract passes through on its way to a page (markdown.ts hands it every
 * HTML fragment markdown-it finds); everything else of the contract is escaped (`htmlText`).
 *
 * - Allowed elements (ALLOWED) are rebuilt from their name and allowed attributes only: no `id`,
 *   `class`, `style` or `on*` survives, so contract text can neither run code, restyle the page,
 *   nor take over the page's anchors and script hooks.
 * - `a href` keeps only http(s), mailto and fragment links (the markdown rule, SAFE_LINK); a link
 *   to a path on the author's site (`/docs/api`) would be broken on a static copy and loses its
 *   tag, as markdown's do; external links open with `rel="noopener noreferrer"`.
 * - Elements that hold code or a foreign document (DROPPED: script, style, iframe, …) are
 *   removed with everything inside them.
 * - Other HTML elements (div, span, font, img, …) lose their tags and keep their text.
 * - Any other tag is unknown markup when the text also closes it (Stripe's
 *   `<currency>100</currency>`): its tags go, its text stays; a lone one (`<API_KEY>`: a
 *   placeholder in prose) is shown as the text it is.
 *
 * The contract's closing tags only close what the contract opened (never the page's or
 * markdown's elements), and what it leaves open is closed at the end of its text (`close`).
 * Chosen over sanitize-html (htmlparser2 and postcss, some 2 MB installed) and DOMPurify (needs a
 * DOM such as jsdom in Node): markdown-it already splits the HTML out, and this allow-list is
 * small enough to read whole.
 */

import { htmlContent, htmlText } from '../../common/source.js';

/** Elements rendered, with the attributes each keeps (values checked by ATTRIBUTE_VALUE). */
const ALLOWED: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  abbr: ['title'],
  b: [],
  blockquote: [],
  br: [],
  code: [],
  dd: [],
  del: [],
  details: [],
  dl: [],
  dt: [],
  em: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  ins: [],
  kbd: [],
  li: [],
  ol: ['start'],
  p: [],
  pre: [],
  s: [],
  samp: [],
  small: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: [],
  tbody: [],
  td: ['colspan', 'rowspan'],
  tfoot: [],
  th: ['colspan', 'rowspan', 'scope'],
  thead: [],
  tr: [],
  u: [],
  ul: [],
  var: [],
};

/**
 * Allowed elements that make blocks: inside a line of text (a table cell, a summary: `inline`)
 * their tags go, and a closing one leaves a space, so paragraphs stay apart as words.
 */
const BLOCK = new Set(
  'blockquote dd details dl dt h1 h2 h3 h4 h5 h6 hr li ol p pre summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);

/** Elements with no content and no closing tag. */
const VOID = new Set([
  'br',
  'hr',
  'img',
  'wbr',
  'input',
  'source',
  'track',
  'area',
  'col',
  'embed',
  'meta',
  'link',
  'base',
  'param',
]);

/** Elements removed with their content: code, styles, foreign documents, forms' raw text. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'option',
  'head',
  'meta',
  'link',
  'base',
  'param',
  'canvas',
  'audio',
  'video',
]);

/** Other HTML elements: their tags go, their text stays. */
const UNWRAPPED = new Set(
  (
    'address article aside bdi bdo big blink body button caption center cite col colgroup data ' +
    'datalist dfn dialog div fieldset figcaption figure font footer form header hgroup html img ' +
    'input label legend main mark marquee menu meter nav nobr output picture progress q rp rt ' +
    'ruby section source span strike tt time track wbr area map'
  ).split(' '),
);

/** The links contract text may make (markdown's and raw HTML's): none can run code. */
export const SAFE_LINK = /^(https?:|mailto:|#)/i;

/** Checks of an allowed attribute's value (absent: any text, escaped). */
const ATTRIBUTE_VALUE: Record<string, RegExp> = {
  href: SAFE_LINK,
  start: /^\d{1,6}$/,
  colspan: /^\d{1,3}$/,
  rowspan: /^\d{1,3}$/,
  scope: /^(row|col|rowgroup|colgroup)$/i,
};

/** A start or end tag (HTML's syntax, as CommonMark recognises raw HTML), at the start. */
const TAG =
  /^<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*)\s*(\/?)>/;
const ATTRIBUTE = /([A-Za-z_:][A-Za-z0-9_.:-]*)(?:\s*=\s*([^\s"'=<>`]+|'[^']*'|"[^"]*"))?/g;
/** Comments, processing instructions, declarations and CDATA: all removed. */
const OTHER_MARKUP = /^(<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>)/;
/** Every character reference of a text. */
const ENTITIES = /&(#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/** Where a sanitizer stands: how many of the text's elements are open, and whether it is removing. */
export interface SanitizerMark {
  depth: number;
  dropping: boolean;
}

/** The state of one description's HTML: what it opened, and whether its text is being removed. */
export interface HtmlSanitizer {
  /** a fragment of raw HTML (a whole block, or one inline tag) as safe HTML */
  feed(html: string): string;
  /** closing tags for what the text opened since `mark` (default: all); removal started since ends */
  close(mark?: SanitizerMark): string;
  mark(): SanitizerMark;
  /** inside an element removed with its content (its text must not be shown either) */
  readonly dropping: boolean;
}

export function createHtmlSanitizer(
  opts: { inline?: boolean; text?: boolean; source?: string } = {},
): HtmlSanitizer {
  const paired = pairedTags(opts.source ?? '');
  const open: string[] = [];
  /** the name of the element whose content is being removed, and how deep it nests */
  let drop: { name: string; nesting: number } | undefined;

  const feed = (html: string): string => {
    let out = '';
    let at = 0;
    while (at < html.length) {
      const lt = html.indexOf('<', at);
      const end = lt < 0 ? html.length : lt;
      if (!drop) out += textOf(html.slice(at, end));
      if (lt < 0) break;
      const rest = html.slice(lt);
      const other = OTHER_MARKUP.exec(rest);
      if (other) {
        at = lt + other[0].length;
        continue;
      }
      const tag = TAG.exec(rest);
      if (!tag) {
        if (!drop) out += '&lt;';
        at = lt + 1;
        continue;
      }
      at = lt + tag[0].length;
      const closing = tag[1] === '/';
      const name = tag[2].toLowerCase();
      if (drop) {
        if (name === drop.name) drop.nesting += closing ? -1 : 1;
        if (drop.nesting === 0) drop = undefined;
        continue;
      }
      if (DROPPED.has(name)) {
        if (!closing && !VOID.has(name) && tag[4] !== '/') drop = { name, nesting: 1 };
        continue;
      }
      if (opts.text && ALLOWED[name])
        out += closing && BLOCK.has(name) && !/\s$/.test(out) ? ' ' : '';
      else if (opts.inline && BLOCK.has(name)) out += closing && !/\s$/.test(out) ? ' ' : '';
      else if (ALLOWED[name]) out += closing ? closeTag(name) : openTag(name, tag[3]);
      else if (!UNWRAPPED.has(name) && !paired(name)) out += textOf(tag[0]);
    }
    return out;
  };

  const openTag = (name: string, attributes: string): string => {
    const kept = keptAttributes(name, attributes);
    // A link to anywhere but a safe scheme or fragment is shown as its text (as markdown's are).
    if (name === 'a' && !kept.some(([n]) => n === 'href')) {
      open.push('a!');
      return '';
    }
    if (name === 'a' && /^https?:/i.test(kept.find(([n]) => n === 'href')![1]))
      kept.push(['rel', 'noopener noreferrer']);
    if (!VOID.has(name)) open.push(name);
    return `<${name}${kept.map(([n, v]) => ` ${n}="${htmlText(v)}"`).join('')}>`;
  };

  const closeTag = (name: string): string => {
    if (VOID.has(name)) return '';
    let index = open.length - 1;
    while (index >= 0 && open[index] !== name && open[index] !== `${name}!`) index--;
    // A closing tag of something the text did not open (markdown's `</p>`, the page's `</main>`).
    if (index < 0) return '';
    return closeFrom(index);
  };

  const closeFrom = (index: number): string => {
    let out = '';
    while (open.length > index) {
      const n = open.pop()!;
      if (!n.endsWith('!')) out += `</${n}>`;
    }
    return out;
  };

  return {
    feed,
    close: (mark = { depth: 0, dropping: false }) => {
      if (!mark.dropping) drop = undefined;
      return closeFrom(mark.depth);
    },
    mark: () => ({ depth: open.length, dropping: drop !== undefined }),
    get dropping() {
      return drop !== undefined;
    },
  };
}

/** Whether `source` both opens and closes the tag `name` (so it is markup, not a placeholder). */
function pairedTags(source: string): (name: string) => boolean {
  const lower = source.toLowerCase();
  const known = new Map<string, boolean>();
  return (name) => {
    let found = known.get(name);
    if (found === undefined) {
      found = lower.includes(`</${name}>`) && new RegExp(`<${name}[\\s/>]`).test(lower);
      known.set(name, found);
    }
    return found;
  };
}

/**
 * Contract text meant as plain text (an operation's summary: a page title, a heading, a sidebar
 * entry) that holds HTML anyway (`Return the settings. <a href="…">Bluetooth</a> must be on.`):
 * its text without the tags, as sanitizing would leave it, entities decoded. Still plain text:
 * the caller escapes it (`htmlText`) like any other.
 */
export function plainTextOf(text: string): string {
  if (!text.includes('<')) return text;
  const s = createHtmlSanitizer({ text: true, source: text });
  const html = s.feed(text) + s.close();
  return decodeEntities(html, false).replace(/\s+/g, ' ').trim();
}

function keptAttributes(name: string, attributes: string): [string, string][] {
  const allowed = ALLOWED[name];
  const kept: [string, string][] = [];
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const attr = m[1].toLowerCase();
    if (!allowed.includes(attr) || kept.some(([n]) => n === attr)) continue;
    const value = decodeEntities(unquote(m[2] ?? '')).trim();
    const check = ATTRIBUTE_VALUE[attr];
    if (check && !check.test(value)) continue;
    kept.push([attr, value]);
  }
  return kept;
}

function unquote(value: string): string {
  return /^(["']).*\1$/s.test(value) ? value.slice(1, -1) : value;
}

/**
 * Text between tags: its character references stay as written (`&amp;`, `&#169;`); any other
 * `&`, and every `<` and `>`, are escaped.
 */
function textOf(text: string): string {
  let out = '';
  let at = 0;
  for (const entity of text.matchAll(ENTITIES)) {
    out += htmlContent(text.slice(at, entity.index)) + entity[0];
    at = entity.index + entity[0].length;
  }
  return out + htmlContent(text.slice(at));
}

/**
 * An attribute's character references, decoded before its value is checked: `&#106;avascript:`
 * is `javascript:` to a browser. Named references other than the few common ones are left as
 * text (and then fail the scheme check if they hid one).
 */
function decodeEntities(value: string, url = true): string {
  const named: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    colon: ':',
    tab: '\t',
    newline: '\n',
  };
  const decoded = value
    .replace(/&#(x[0-9a-f]+|\d+);?/gi, (_, n: string) => {
      const code = n[0].toLowerCase() === 'x' ? parseInt(n.slice(1), 16) : parseInt(n, 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/&([a-z]+);/gi, (m, n: string) => named[n.toLowerCase()] ?? m);
  // browsers drop tabs and newlines inside a URL's scheme (`java\tscript:`): so do we, and all controls
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return url ? decoded.replace(/[\u0000-\u0020\u007f]/g, (c) => (c === ' ' ? ' ' : '')) : decoded;
}
