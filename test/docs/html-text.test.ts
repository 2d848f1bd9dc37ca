/**
 * The docs pages' two escaping functions of generator/common/source.ts, one per target:
 * `htmlText` (attribute values, and text that may end up in one) and `htmlContent` (an element's
 * content: samples, highlighted code, rendered descriptions). The hostile-contract tests prove
 * the pages use them; this pins what they return, and that no other escaper is left in the
 * reference's emitter or its page scripts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlContent, htmlText } from '../../generator/common/source.js';

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#x60;/g, '`')
    .replace(/&#x3D;/g, '=')
    .replace(/&amp;/g, '&');

describe('htmlText', () => {
  it('leaves no character that could open a tag, end an attribute or start an entity', () => {
    const hostile = `"><script>alert(1)</script><img src=x onerror='a'>\`&amp;`;
    const out = htmlText(hostile);
    expect(out).not.toMatch(/[<>"'`=]/);
    expect(out).not.toMatch(/&(?!(amp|lt|gt|quot|#x27|#x60|#x3D);)/);
    expect(unescape(out)).toBe(hostile);
  });

  it('writes numbers and booleans as text, and nothing for undefined and null', () => {
    expect(htmlText(0)).toBe('0');
    expect(htmlText(315)).toBe('315');
    expect(htmlText(false)).toBe('false');
    expect(htmlText(undefined)).toBe('');
    expect(htmlText(null)).toBe('');
  });

  it('returns plain text unchanged, every time (no state between calls)', () => {
    for (let i = 0; i < 3; i++) {
      expect(htmlText('a&b')).toBe('a&amp;b');
      expect(htmlText('plain text · “quoted”')).toBe('plain text · “quoted”');
    }
  });
});

describe('htmlContent', () => {
  it('leaves no character that could open a tag or start an entity, and keeps quotes', () => {
    const hostile = `"><script>alert('1')</script>&amp;`;
    const out = htmlContent(hostile);
    expect(out).not.toMatch(/[<>]/);
    expect(out).not.toMatch(/&(?!(amp|lt|gt);)/);
    expect(out).toContain(`"`);
    expect(unescape(out)).toBe(hostile);
  });
});

describe('the reference emitter', () => {
  // An escaper writes `&amp;` as a string of its own, in any quotes; the page scripts build
  // their HTML with textContent and have none either. (samples.js and wire.js are bundles of
  // the generator's own modules: their escaper is source.ts's.)
  const OWN_ESCAPER = /['"`]&amp;['"`]/;
  // comment lines name entities in Markdown code spans (`&amp;`): not code
  const hasEscaper = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .some((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && OWN_ESCAPER.test(line));
  const filesOf = (dir: string, ext: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith(ext))
      .map((f) => join(dir, f));

  it('has no escaper of its own: every `&amp;` it writes comes from source.ts', () => {
    const root = join(import.meta.dirname, '..', '..', 'generator', 'emit', 'docs');
    const escapers = filesOf(root, '.ts').filter(hasEscaper);
    expect(escapers).toEqual([]);
  });

  it('ships page scripts that escape nothing themselves', () => {
    const assets = join(
      import.meta.dirname,
      '..',
      '..',
      'generator',
      'templates',
      'docs',
      'assets',
    );
    const scripts = filesOf(assets, '.js').filter((f) => !/(samples|wire)\.js$/.test(f));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(hasEscaper)).toEqual([]);
  });
});
