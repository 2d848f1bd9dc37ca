/**
 * The search index: operations, parameters, schemas and error codes as a compact array, written
 * as a script (`search-index.js`) rather than JSON, because a page opened from file:// may not
 * fetch() a sibling file but may load a script. The page loads it on first use of the search box.
 *
 * Entry: [kind, name, context, href], href relative to the site root.
 */
import type { ApiModel } from '../../model/types.js';
import { literal } from '../../source.js';
import { errorAnchor, paramAnchor, type SiteLinks } from './links.js';

export type SearchEntry = [kind: 'operation' | 'parameter' | 'schema' | 'error', name: string, context: string, href: string];

export function buildSearchIndex(model: ApiModel, links: SiteLinks): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (const op of model.operations) {
    const href = links.operation(op.id);
    out.push(['operation', op.summary ? `${op.summary}` : op.id, `${op.method.toUpperCase()} ${op.path} · ${op.id}`, href]);
    const anchors = new Set<string>();
    for (const p of op.parameters) {
      let anchor = paramAnchor(p.name);
      if (anchors.has(anchor)) anchor = `${anchor}-${p.in}`;
      anchors.add(anchor);
      out.push(['parameter', p.name, `${p.in} parameter of ${op.id}`, `${href}#${anchor}`]);
    }
  }
  for (const s of model.schemas) out.push(['schema', s.name, firstLine(s.description), links.schema(s.name)]);
  for (const e of model.errorCodes) out.push(['error', e.code, firstLine(e.description), `errors.html#${errorAnchor(e.code)}`]);
  return out;
}

/** The index as a script. `<` is escaped so that no `</script>` in the data can end a script element. */
export function searchIndexScript(entries: SearchEntry[], bannerLine: string): string {
  const rows = entries.map((e) => literal(e).replace(/</g, '\\u003c'));
  return `${bannerLine}self.TMS_SEARCH_INDEX = [\n${rows.join(',\n')}\n];\n`;
}

function firstLine(text: string | undefined): string {
  const line = (text ?? '').trim().split(/\n/)[0] ?? '';
  return line.length > 120 ? line.slice(0, 117) + '…' : line;
}
