/**
 * Descriptions' raw HTML in the reference (issue 30): the tags third-party documents write
 * (Stripe's `<p>`, `<a href>`, `<code>`) render; scripts, event handlers, styles, frames and
 * unsafe links never survive; placeholders in angle brackets stay text; markdown keeps working.
 * Every payload of the hostile fixtures (test/fixtures/hostile/) goes through the same function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { createMarkup } from '../../generator/emit/docs/html/markup.js';
import { plainTextOf } from '../../generator/emit/docs/sanitize-html.js';
import { unsafeMarkup } from './safe-html.js';

const HOSTILE = 'test/fixtures/hostile';

describe('descriptions with HTML', () => {
  const m = createMarkup();

  it("renders the tags Stripe's descriptions use, as elements", () => {
    expect(m.block('<p>Retrieves a Customer object.</p>')).toBe(
      '<p>Retrieves a Customer object.</p>',
    );
    const linked = m.block(
      '<p>See <a href="https://stripe.com/docs/api">the API</a>, <code>id</code> and <strong>more</strong>.</p>',
    );
    expect(linked).toBe(
      '<p>See <a href="https://stripe.com/docs/api" rel="noopener noreferrer">the API</a>, <code>id</code> and <strong>more</strong>.</p>',
    );
    expect(m.block('<ul>\n<li>one</li>\n\n<li>two</li>\n</ul>')).toBe(
      '<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    );
  });

  it('keeps markdown working beside HTML', () => {
    expect(m.block('**Bold** and `code`<br>next')).toBe(
      '<p><strong>Bold</strong> and <code>code</code><br>next</p>\n',
    );
    expect(m.block('A [link](https://example.com/x).')).toBe(
      '<p>A <a href="https://example.com/x" rel="noopener noreferrer">link</a>.</p>\n',
    );
  });

  it('shows placeholders in angle brackets and stray brackets as text', () => {
    expect(m.block('Amount in <currency>, as a < b > c & d')).toBe(
      '<p>Amount in &lt;currency&gt;, as a &lt; b &gt; c &amp; d</p>\n',
    );
  });

  it('keeps the text of unknown markup the description also closes (Stripe’s <currency>)', () => {
    expect(m.block('<p>A subtotal of <currency>100</currency> and <amount>.</p>')).toBe(
      '<p>A subtotal of 100 and &lt;amount&gt;.</p>',
    );
  });

  it('renders a link to a path on the author’s site as its text, as markdown does', () => {
    expect(m.block('<p>See <a href="/docs/api/expanding_objects">expanding</a>.</p>')).toBe(
      '<p>See expanding.</p>',
    );
  });

  it('drops scripts, styles and frames with their content, and every event handler, style and id', () => {
    const out = m.block(
      'a<script>window.x=1</script>b<style>body{display:none}</style>c<iframe srcdoc="<script>x</script>">f</iframe>d' +
        '<p id="main" class="tryit-form" style="color:red" onclick="x()" onmouseover=y>e</p>',
    );
    // (the `<p>` inside markdown's paragraph is the contract's own nesting; a browser closes the outer one)
    expect(out).toBe('<p>abcd<p>e</p></p>\n');
  });

  const vectors = [
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)><circle/></svg>',
    '<a href="javascript:alert(1)">j</a>',
    '<a href="&#106;avascript:alert(1)">e</a>',
    '<a href="java\tscript:alert(1)">t</a>',
    '<a href=" JAVASCRIPT:alert(1)">u</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>',
    '<a href="vbscript:msgbox(1)">v</a>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<scr<script>ipt>alert(1)</script>',
    '<object data="x.swf"></object><embed src="x"><form action="https://evil"><input name=a></form>',
    '<details open ontoggle=alert(1)><summary>s</summary></details>',
    '<p><!-- comment --><![CDATA[ <script>alert(1)</script> ]]></p>',
    '</p></main></body><p>escape the page</p>',
    '<table><tr><td colspan="2" onmouseover="x" style="x">c</td></tr></table>',
  ];
  for (const v of vectors) {
    it(`makes ${JSON.stringify(v).slice(0, 60)} inert (block and inline)`, () => {
      for (const out of [m.block(v), m.inline(v)]) {
        expect(unsafeMarkup(out), out).toEqual([]);
        expect(out).not.toMatch(/alert|onerror|onload|ontoggle|srcdoc|javascript|<\/main|<\/body/i);
      }
    });
  }

  it('gives a summary written in HTML as plain text for titles, headings and the sidebar', () => {
    const meraki =
      'Return the settings. <a href="https://documentation.meraki.com/MR">Bluetooth settings</a> must be enabled.';
    expect(plainTextOf(meraki)).toBe('Return the settings. Bluetooth settings must be enabled.');
    expect(plainTextOf('<script>alert(1)</script>Get <b>one</b> &amp; <EMAIL>')).toBe(
      'Get one & <EMAIL>',
    );
    expect(plainTextOf('Plain &amp; simple')).toBe('Plain &amp; simple');
  });

  it('leaves every description of the hostile fixtures without a script, a handler or an unsafe link', () => {
    const texts = new Set<string>();
    const collect = (v: unknown): void => {
      if (typeof v === 'string') texts.add(v);
      else if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          collect(k);
          collect(x);
        }
    };
    // the text-injection fixtures (the limit-* ones are big on purpose and hold no markup)
    for (const file of readdirSync(HOSTILE).filter((f) =>
      /^(openapi|inject-.*)\.(ya?ml|json)$/.test(f),
    )) {
      try {
        collect(parseYaml(readFileSync(join(HOSTILE, file), 'utf8')));
      } catch {
        // a fixture that is not even YAML (an unreadable one on purpose) holds no description
      }
    }
    const withHtml = [...texts].filter((t) => t.includes('<'));
    expect(withHtml.length).toBeGreaterThan(15);
    const problems = withHtml.flatMap((t) =>
      [m.block(t), m.inline(t)].flatMap((out) =>
        unsafeMarkup(out).map((p) => `${JSON.stringify(t)}: ${p}`),
      ),
    );
    expect(problems).toEqual([]);
  });
});
