/**
 * The samples of a generated operation page, as a reader copies them: each language's code
 * block with the highlighting markup removed and HTML entities decoded.
 */
export interface PageSample {
  lang: string;
  code: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

export function decodeHtml(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ENTITIES[e]);
}

export function pageSamples(html: string): PageSample[] {
  const out: PageSample[] = [];
  const block =
    /<div class="code-block lang-panel" data-lang="(\w+)"[^>]*>\n<pre class="code"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g;
  for (const m of html.matchAll(block)) out.push({ lang: m[1], code: decodeHtml(m[2]) });
  return out;
}
