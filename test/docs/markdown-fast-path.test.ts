/**
 * The markdown fast path (plainMarkdown) must make the bytes markdown-it makes, or step aside:
 * checked on crafted edge cases, random texts and every description of the project's contract,
 * against the project's own markdown-it setup (createMarkdown({ fastPath: false })).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createMarkdown, plainBlocks, plainMarkdown } from '../../generator/emit/docs/markdown.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { loadOrThrow } from '../load-contract.js';

/** markdown-it with the reference's rules (links get rel=noopener), every text through it */
const slow = createMarkdown({ fastPath: false });

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
  'See [the guide](https://docs.example.com/rest/guide#section-one).',
  'See "[Using pagination ](https://docs.example.com/x)."',
  '[Leading link](https://x.example/a) then words',
  'A [link with `code`](https://x.example) inside',
  'A [link](https://x.example "title")',
  'A [link](https://x.example/a(b)) with parentheses',
  'A [link](https://x.example/%20) with percent',
  'A [link](https://x.example/?a=1&b=2) with an ampersand',
  'A [link](https://user@x.example/) with a user',
  'A [link](HTTPS://X.Example/Path) in capitals',
  'A [link](/relative/path) on the author site',
  'A [link](#fragment) to a fragment',
  'A [link](mailto:a@example.com) to mail',
  'A [](https://x.example) empty link',
  'A [ ](https://x.example) blank link',
  'An ![image](https://x.example/i.png)',
  'A [link] [ref](https://x.example)',
  'A [[double]](https://x.example)',
  'A [link]( https://x.example )',
  'A [link](https://x.example)` and `code`',
  'A [link "quoted"](https://x.example/a,b;c=d!$+~)',
  'Two [a](https://a.example) and [b](https://b.example/).',
  'The repository’s default branch, "My TEam Näme" → `ent:my-team-name`.',
  'Issue #123 and C# code',
  'Emoji 🎉 and nbsp\u00a0and\u2003em space',
  'a\u2028b',
  'Zero\u0000byte',
  'Two\nlines of words',
  'Line `one`\n`two` and [a link](https://x.example)',
  'Trailing spaces  \nhard break',
  'Trailing backslash\\\nbreak',
  'Words\n- then a list',
  'Words\n1. then a list',
  'Words\n# heading',
  'Words\n===',
  'Words\n---',
  'Words\n```\nfence\n```',
  'Words\n  indented next line',
  'Code `across\nlines` here',
  'A [link\nacross](https://x.example) lines',
  'Words\n',
  'Words\n\nparagraph',
  'Words\r\nCRLF',
  'Words\n[ref]: https://x.example',
  '**Note**: words',
  'A **bold** word, an *em* one and _under_ and __strong__.',
  '(**a**) "*b*" c **d**?',
  'foo**bar** baz',
  '**a** **b**',
  '**a b**c',
  '***triple***',
  '** spaced **',
  '*a*b',
  'snake_case_name',
  '**a *b* c**',
  '**a `code` b**',
  '**[l](https://x.example)**',
  '* list item',
  '**',
  '*',
  'a * b * c',
  '_a_',
  '**Ünï**',
  '**a.**',
  '**a**.',
  '**9**',
  '**Note:** words',
  '**Note:**words',
  '**Note**: words',
  '*Note:* words',
  '__Note:__ words',
  '_Note:_ words',
  '**Fine-grained tokens for "List tasks"**',
  '**"quoted"** words',
  "**it's** and **don't!** then",
  '(**a.**) and "**b?**"',
  '**`application/json`**: the raw body',
  '**`a` and `b`**.',
  '**`a**`b`**',
  '**a `b**` c',
  '**`a`**b',
  '** `a`**',
  '**(a)** and **a(**',
  '*`a`* and _`b`_',
  'See [the guide](#set-permissions) and [top](#).',
  'See "[Creating an app](/developers/apps/creating-an-app)."',
  'A [site link](/a/b?c=d#e) and [another](/x_y) and [third](/a(b)).',
  'A [site link](/a%20b@c) then text',
  '[!NOTE] and [!WARNING] markers',
  '[a] [b] then [c](https://x.example)',
  '[a]: https://x.example',
  '[a][b] and [c][]',
  'A [bracket]( /spaced) one',
  'Brackets [with `code`] inside',
];

describe('plainMarkdown', () => {
  it('makes what markdown-it makes, or declines', () => {
    let taken = 0;
    for (const text of CASES) {
      for (const inline of [false, true]) {
        const fast = plainMarkdown(text, inline);
        if (fast === undefined) continue;
        taken++;
        expect(fast, JSON.stringify(text)).toBe(slow(text, { inline }));
      }
    }
    // the path is taken at all (a fast path that always declines would pass the rest)
    expect(taken).toBeGreaterThan(30);
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
      'One.\n\nTwo\n- a list',
      'One.\n\nTwo\nlines.',
    ]) {
      const fast = plainBlocks(text);
      if (fast === undefined) continue;
      taken++;
      expect(fast, JSON.stringify(text)).toBe(slow(text));
    }
    // two and three paragraphs, a list after a paragraph, a soft break; the rest decline
    expect(taken).toBe(4);
  });

  it('renders quotes and bullet lists of plain lines as markdown-it does, or declines', () => {
    let taken = 0;
    const texts = [
      '> [!NOTE]\n> This endpoint is in **public preview** and may change.',
      '> **Note:** one line.',
      '> quote\n>no space',
      '> quote\nlazy line',
      '> > nested',
      '> a\n\n> b',
      'Intro.\n\n> [!WARNING]\n> Closing down.\n> See [the guide](#guide).\n\nAfter.',
      'Intro:\n\n* `a`: one\n* **b**: two\n\nAfter.',
      '- one\n- two',
      '- one\n* two',
      '* one\n\n* two',
      '* one\n\n- two',
      '* one\n  continued',
      '* one\nlazy',
      '*  two spaces',
      '* * *',
      '- - -',
      '-  a',
      '* 1. nested',
      '- [link](https://x.example) item\n- [site](/x) item',
      '* a\n\n\n* b',
      'Para\n* list right after',
      '> quote\n\n* list\n\n> quote',
      '* list\n\nPara\n\n- list',
    ];
    for (const text of texts) {
      const fast = plainBlocks(text);
      if (fast === undefined) continue;
      taken++;
      expect(fast, JSON.stringify(text)).toBe(slow(text));
    }
    expect(taken).toBeGreaterThan(8);
  });

  it("renders every description of GitHub's and Stripe's specs as the slow path does", () => {
    if (!haveShared('the big specs', 'specs/big/github-api.github.com.json')) return;
    const render = createMarkdown();
    let fastTaken = 0;
    for (const file of ['github-api.github.com.json', 'stripe-spec3.json']) {
      const texts = new Set<string>();
      const walk = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        for (const [key, value] of Object.entries(node)) {
          if ((key === 'description' || key === 'summary') && typeof value === 'string')
            texts.add(value);
          else walk(value);
        }
      };
      walk(JSON.parse(readFileSync(sharedPath('specs/big', file), 'utf8')));
      for (const text of texts) {
        if (plainBlocks(text) !== undefined) fastTaken++;
        for (const inline of [false, true]) {
          const fast = render(text, { inline });
          if (fast !== slow(text, { inline }))
            expect(fast, JSON.stringify(text)).toBe(slow(text, { inline }));
        }
      }
    }
    expect(fastTaken).toBeGreaterThan(1000);
  }, 120_000);

  it('declines what has markdown meaning', () => {
    for (const text of ['1. a list', '# h', 'a*b*', 'a [l]: /x', 'two\n- lines', 'a <b>'])
      expect(plainMarkdown(text, false), text).toBeUndefined();
  });

  it('makes what markdown-it makes on random texts of markdown-ish pieces, or declines', () => {
    const pieces = [
      'word',
      ' ',
      ' ',
      'Ünï',
      '’',
      '#',
      '"',
      "'",
      '(',
      ')',
      '!',
      '.',
      ',',
      '`',
      '[',
      ']',
      '*',
      '_',
      '&',
      '<',
      '\\',
      '~',
      '|',
      '%',
      '@',
      ':',
      '/',
      '-',
      '=',
      '\u00a0',
      '\n',
      '\n',
      '\nA',
      '\n- ',
      '\n1. ',
      '\n#',
      '\n`',
      '\n[',
      '  \n',
      '\n\n',
      '**',
      '**b**',
      '*e*',
      '_u_',
      '__s__',
      '**N**: ',
      'w*',
      '*w',
      '[a link](https://x.example/p#f)',
      '[x](https://y.example)',
      '](',
      '`code`',
      '` sp `',
      '[frag](#a-b)',
      '[site](/p/q)',
      '[!NOTE]',
      '**N:**',
      '**`c`**',
      '\n> ',
      '\n\n> ',
      '\n\n* ',
      '\n* ',
      '\n\n- ',
      '"',
    ];
    // a fixed-seed generator: the same texts on every run, so a failure can be reproduced
    let seed = 18;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const render = createMarkdown();
    let taken = 0;
    let paragraphs = 0;
    for (let n = 0; n < 8000; n++) {
      const words = (most: number) => {
        let text = next() < 0.5 ? 'A' : '';
        const count = 1 + Math.floor(next() * most);
        for (let i = 0; i < count; i++) text += pieces[Math.floor(next() * pieces.length)];
        return text;
      };
      // a third of the texts are paragraphs, for plainBlocks
      const text = next() < 0.33 ? `${words(3)}\n\n${words(3)}` : words(8);
      for (const inline of [false, true]) {
        const fast = plainMarkdown(text, inline);
        if (fast !== undefined) taken++;
        // the whole renderer (plainMarkdown, then plainBlocks for a block, then markdown-it)
        expect(render(text, { inline }), JSON.stringify(text)).toBe(slow(text, { inline }));
      }
      if (text.includes('\n\n') && plainBlocks(text) !== undefined) paragraphs++;
    }
    expect(taken).toBeGreaterThan(500);
    // the block path is taken for texts of several paragraphs, not only single lines
    expect(paragraphs).toBeGreaterThan(30);
  });

  it("renders every description of the project's contract as the slow path does", async () => {
    const contract = await loadOrThrow();
    // every description and summary of the loaded document, block scalars included
    const texts = new Set<string>();
    const seen = new Set<object>();
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'description' || key === 'summary') && typeof value === 'string') {
          texts.add(value);
          // without a block scalar's final newline too (as JSON contracts hold them): the
          // soft-break and paragraph paths take only those
          texts.add(value.replace(/\n+$/, ''));
        } else walk(value);
      }
    };
    walk(contract.model.document);
    expect(texts.size).toBeGreaterThan(20);
    // the multi-line texts the soft-break and paragraph paths serve are among them
    const multiLine = [...texts].filter((t) => t.trim().includes('\n'));
    expect(multiLine.filter((t) => plainMarkdown(t, false) !== undefined).length).toBeGreaterThan(
      2,
    );
    expect(
      multiLine.filter((t) => t.includes('\n\n') && plainBlocks(t) !== undefined).length,
    ).toBeGreaterThan(2);
    const render = createMarkdown();
    for (const text of texts) {
      expect(render(text), text).toBe(slow(text));
      expect(render(text, { inline: true }), text).toBe(slow(text, { inline: true }));
    }
  });
});
