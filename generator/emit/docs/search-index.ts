/**
 * The search index: operations, parameters, schemas and error codes as a compact array, written
 * as a script (`search-index.js`) rather than JSON, because a page opened from file:// may not
 * fetch() a sibling file but may load a script. The page loads it on first use of the search box.
 *
 * Entry: [kind, title, context, href, keywords], href relative to the site root. Titles and
 * contexts are clean text (no Markdown marks); keywords are the distinct words of the
 * description and of the examples' summaries (the resource words a reader types: message,
 * topic, reaction, mute...), which rank below a match in the title (assets/site.js).
 */
import type { ApiModel, Operation } from '../../model/types.js';
import { scriptJson } from '../../common/source.js';
import { errorAnchor, paramAnchor, type SiteLinks } from './links.js';
import { summaryText } from './operation-page.js';

export type SearchEntry = [
  kind: 'operation' | 'parameter' | 'schema' | 'error',
  title: string,
  context: string,
  href: string,
  keywords: string,
];

/** Words that carry no meaning for a search (short function words). */
const STOP = new Set(
  'the a an and or of to in on for is are be by with as at it its this that from if not no any can may when which than then into only was were has have will their there these those also each other more most such but so do does'.split(
    ' ',
  ),
);
/** Keywords kept per entry: enough for the description's resource words, small on GitHub's spec. */
const MAX_KEYWORDS = 32;

/** Markdown to plain text: code marks, emphasis, links and HTML-ish brackets dropped. */
export function cleanText(text: string | undefined): string {
  return (text ?? '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/(\*\*|__|\*|_(?=\s|$)|(?<=\s|^)_)/g, '')
    .replace(/^#+\s*/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function keywords(...texts: (string | undefined)[]): string {
  const seen = new Set<string>();
  for (const text of texts) {
    for (const raw of cleanText(text).split(/[^A-Za-z0-9\u00c0-\uffff]+/)) {
      const w = raw.toLowerCase();
      if (w.length < 3 || STOP.has(w) || /^\d+$/.test(w)) continue;
      seen.add(w);
      if (seen.size >= MAX_KEYWORDS) return [...seen].join(' ');
    }
  }
  return [...seen].join(' ');
}

function exampleSummaries(op: Operation): string {
  const out: string[] = [];
  for (const m of op.requestBody?.mediaTypes ?? [])
    for (const e of m.examples) out.push(e.summary ?? '');
  return out.join(' ');
}

export function buildSearchIndex(model: ApiModel, links: SiteLinks): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (const op of model.operations) {
    const href = links.operation(op.id);
    out.push([
      'operation',
      // the title the page and the sidebar show (a summary's HTML tags are not words)
      cleanText(summaryText(op.summary)) || op.id,
      `${op.method.toUpperCase()} ${op.path} · ${op.id}`,
      href,
      keywords(op.tags.join(' '), exampleSummaries(op), op.description),
    ]);
    const anchors = new Set<string>();
    for (const p of op.parameters) {
      let anchor = paramAnchor(p.name);
      if (anchors.has(anchor)) anchor = `${anchor}-${p.in}`;
      anchors.add(anchor);
      // Parameters are found by name: their descriptions would double the index on GitHub's spec.
      out.push(['parameter', p.name, `${p.in} · ${op.id}`, `${href}#${anchor}`, '']);
    }
  }
  for (const s of model.schemas)
    out.push([
      'schema',
      s.name,
      firstLine(s.description),
      links.schema(s.name),
      keywords(s.description),
    ]);
  for (const e of model.errorCodes)
    out.push([
      'error',
      e.code,
      firstLine(e.description),
      `errors.html#${errorAnchor(e.code)}`,
      keywords(e.description),
    ]);
  return out;
}

/** The index as a script (`scriptJson`: no `</script>` in the data can end a script element). */
export function searchIndexScript(entries: SearchEntry[], bannerLine: string): string {
  const rows = entries.map((e) => scriptJson(e));
  return `${bannerLine}self.TMS_SEARCH_INDEX = [\n${rows.join(',\n')}\n];\n`;
}

function firstLine(text: string | undefined): string {
  const line = cleanText((text ?? '').trim().split(/\n\s*\n/)[0]);
  return line.length > 120 ? line.slice(0, 117) + '…' : line;
}
