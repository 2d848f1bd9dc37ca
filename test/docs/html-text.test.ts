/**
 * `htmlText` (generator/common/source.ts): the one escaping function the docs pages put contract text
 * through (generator/emit/docs/html/). The hostile-contract tests prove the pages use it; this
 * pins what it returns.
 */
import { describe, expect, it } from 'vitest';
import { htmlText } from '../../generator/common/source.js';

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
