/**
 * The samples of a generated operation page, as a reader copies them: each language's code
 * block with the highlighting markup removed and HTML entities decoded. The languages the page
 * script spells from the page's data (curl is text on the page) are spelled by the shipped
 * script itself (assets/samples.js, run in a VM context), as a browser would.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { SAMPLES_ASSET } from '../../generator/emit/docs/page-samples.js';
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

type Spelled = ({ id: string; html: string }[] | null)[];
let speller: ((data: unknown) => Spelled) | undefined;

/** assets/samples.js's `spelledPanels`, from the committed asset (checked fresh by emitter.test.ts). */
function spelledPanels(data: unknown): Spelled {
  speller ??= (
    runInNewContext(`${readFileSync(SAMPLES_ASSET, 'utf8')}; TMSSamples`) as {
      spelledPanels: (data: unknown) => Spelled;
    }
  ).spelledPanels;
  return speller(data);
}

export function pageSamples(html: string): PageSample[] {
  const out: PageSample[] = [];
  const block =
    /<div class="code-block lang-panel" data-lang="(\w+)"[^>]*>\n<pre class="code"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g;
  const data = /<script type="application\/json" class="sample-data">([\s\S]*?)<\/script>/.exec(
    html,
  );
  const spelled = data ? spelledPanels(JSON.parse(data[1])) : [];
  // each sample's languages in tab order: those on the page (curl), then those spelled
  html
    .split('<div class="sample">')
    .slice(1)
    .forEach((sample, i) => {
      for (const m of sample.matchAll(block)) out.push({ lang: m[1], code: decodeHtml(m[2]) });
      for (const l of spelled[i] ?? []) out.push({ lang: l.id, code: decodeHtml(l.html) });
    });
  return out;
}
