/**
 * The markdown fast path (plainMarkdown) must make the bytes markdown-it makes, or step aside:
 * checked on crafted edge cases and on every description of the project's contract.
 */
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import {
  createMarkdown,
  plainMarkdown,
  plainParagraphs,
} from '../../generator/emit/docs/markdown.js';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

const CASES = [
  'Plain words.',
  'A "quoted" word, and (parentheses)? 50% of {braces} = $5; user@example.com!',
  'Uses `code` and `a<b>&"c"` inline.',
  '`starts` with code',
  'Code with spaces: ` a `, `  b  `, ` `',
  'Double ``tick`` spans',
  'Unpaired `backtick',
  'Fenced ```js``` start',
  '1. a list',
  '- a list',
  '# heading',
  '> quote',
  '    indented',
  'trailing space ',
  'two\nlines',
  'a *b* c',
  'a _b_ c',
  'a [link](https://x) c',
  'a &amp; b',
  'a \\* b',
  'a ~~b~~ c',
  'a | b',
  'a <b> c',
  'http://example.com/x?y=1',
  'x',
  'tab\tinside',
  'code `with\ttab`',
  'nbsp\u00a0here',
  'Ünïcode start',
  '--- rule?',
  'a -- b -- c',
  'A!',
  '`a` `b`',
];

describe('plainMarkdown', () => {
  it('makes what markdown-it makes, or declines', () => {
    let taken = 0;
    for (const text of CASES) {
      for (const inline of [false, true]) {
        const fast = plainMarkdown(text, inline);
        if (fast === undefined) continue;
        taken++;
        expect(fast, JSON.stringify(text)).toBe(inline ? md.renderInline(text) : md.render(text));
      }
    }
    // the path is taken at all (a fast path that always declines would pass the rest)
    expect(taken).toBeGreaterThan(10);
  });

  it('renders plain paragraphs as markdown-it does, or declines', () => {
    let taken = 0;
    for (const text of [
      'One.\n\nTwo `code`.',
      'One.\n\n\nThree newlines.',
      'One.\n\n- a list',
      'One. \n\nTrailing space.',
      'One.\n\n  Indented.',
      'A\n\nB\n\nC',
      'One.\n\nTwo\nlines.',
    ]) {
      const fast = plainParagraphs(text);
      if (fast === undefined) continue;
      taken++;
      expect(fast, JSON.stringify(text)).toBe(md.render(text));
    }
    expect(taken).toBe(2);
  });

  it('declines what has markdown meaning', () => {
    for (const text of ['1. a list', '# h', 'a *b*', 'a [l](https://x)', 'two\nlines', 'a <b>'])
      expect(plainMarkdown(text, false), text).toBeUndefined();
  });

  it("renders every description of the project's contract as markdown-it does", () => {
    const texts = new Set<string>();
    const yaml = readFileSync('openapi/openapi.yaml', 'utf8');
    for (const m of yaml.matchAll(/(?:description|summary): (?:"((?:[^"\\]|\\.)*)"|([^|>\n][^\n]*))/g))
      texts.add(m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : m[2]);
    expect(texts.size).toBeGreaterThan(20);
    const render = createMarkdown();
    for (const text of texts) {
      expect(render(text), text).toBe(text.trim() === '' ? '' : md.render(text));
      expect(render(text, { inline: true }), text).toBe(
        text.trim() === '' ? '' : md.renderInline(text),
      );
    }
  });
});
