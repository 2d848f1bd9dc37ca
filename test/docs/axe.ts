/**
 * axe-core in a page of the reference, and the theme the page really shows. Every violation
 * counts, whatever its impact, unless the reviewed list below names its rule with the reason
 * it does not apply to the reference; an entry that no longer matches anything is an error
 * too, so the list cannot outlive its reason.
 */
import type { Page } from 'playwright-core';

/** axe rule id → why a violation of it is accepted (reviewed; keep empty when possible). */
export const AXE_ALLOWED: Readonly<Record<string, string>> = Object.freeze({});

export interface AxeFinding {
  id: string;
  impact: string;
  nodes: string[];
}

/** Every violation axe finds in the page as it is now (open what it should see first). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  return page.evaluate(async () => {
    type Result = {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run(): Promise<Result> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
}

/** Findings not on the reviewed list, as lines naming `where`. */
export function unexpected(findings: AxeFinding[], where: string): string[] {
  return findings
    .filter((f) => !(f.id in AXE_ALLOWED))
    .map((f) => `${where}: ${f.id} (${f.impact}) ${f.nodes.join(', ')}`);
}

/** The page's body colours and its lightest element background, as relative luminance (0–1). */
export async function appliedTheme(
  page: Page,
): Promise<{ body: number; text: number; lightest: { luminance: number; element: string } }> {
  return page.evaluate(() => {
    // WCAG 2.x relative luminance of a computed `rgb(a)` colour; transparent is undefined.
    const luminance = (css: string): number | undefined => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(css);
      if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return undefined;
      const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
        const s = Number(c) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(document.body);
    let lightest = { luminance: -1, element: '' };
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const l = luminance(getComputedStyle(el).backgroundColor);
      if (l !== undefined && l > lightest.luminance)
        lightest = {
          luminance: l,
          element: `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')}`,
        };
    }
    return {
      body: luminance(style.backgroundColor) ?? 1,
      text: luminance(style.color) ?? 0,
      lightest,
    };
  });
}
