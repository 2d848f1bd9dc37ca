/**
 * Syntax highlighting at build time for the five languages the reference shows (shell, JavaScript
 * and TypeScript, Python, JSON): one regular-expression scan per sample, HTML out, nothing shipped
 * to the reader. Tokens become `<t-X>` elements (custom elements: the shortest valid markup, and GitHub's
 * spec has ~10k samples) with X one of k (keyword), s (string),
 * n (number), c (comment), p (property key), l (literal: true, null, None), f (a command-line
 * flag). Everything else is escaped text. A general highlighter (shiki, highlight.js) would cost
 * seconds on GitHub's ~10k samples and know hundreds of languages we never show; this is linear
 * in the text and small enough to read.
 */

import { htmlContent } from '../../common/source.js';

export type HighlightLanguage = 'shell' | 'js' | 'python' | 'json';

interface Grammar {
  /** one alternation; each named group is a token class */
  pattern: RegExp;
  keywords?: Set<string>;
  literals?: Set<string>;
}

const JS_KEYWORDS = new Set(
  'const let var await async new if else throw return import from function of for while try catch typeof'.split(
    ' ',
  ),
);
const JS_LITERALS = new Set(['true', 'false', 'null', 'undefined']);
const PY_KEYWORDS = new Set(
  'import from as with def if else elif return for in while try except raise not and or print'.split(
    ' ',
  ),
);
const PY_LITERALS = new Set(['True', 'False', 'None']);

const GRAMMARS: Record<HighlightLanguage, Grammar> = {
  json: {
    pattern:
      /(?<p>"(?:[^"\\\n]|\\.)*"(?=\s*:))|(?<s>"(?:[^"\\\n]|\\.)*")|(?<n>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(?<l>\b(?:true|false|null)\b)/gy,
  },
  js: {
    pattern:
      /(?<c>\/\/[^\n]*|\/\*[\s\S]*?\*\/)|(?<s>'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\[\s\S])*`)|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_$][\w$]*)/gy,
    keywords: JS_KEYWORDS,
    literals: JS_LITERALS,
  },
  python: {
    pattern:
      /(?<c>#[^\n]*)|(?<s>[bfr]?(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"))|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_]\w*)/gy,
    keywords: PY_KEYWORDS,
    literals: PY_LITERALS,
  },
  shell: {
    pattern:
      /(?<x>\\[\s\S])|(?<c>(?:^|(?<=\s))#[^\n]*)|(?<s>'[^']*'|"(?:[^"\\]|\\.)*")|(?<f>(?<=\s)--?[A-Za-z][\w-]*)|(?<k>^curl\b)/gmy,
  },
};

/**
 * Each grammar's pattern with its named groups as plain numbered ones (a match then allocates no
 * `groups` object; ~10k samples on GitHub's spec) and the token class of each group, in order.
 * Lookbehinds `(?<=` are not groups and stay as they are. One RegExp per language, made once:
 * highlight sets its `lastIndex` before every exec and runs to the end synchronously, so no
 * state carries from one call to the next.
 */
const SCANNERS = Object.fromEntries(
  Object.entries(GRAMMARS).map(([language, grammar]) => [
    language,
    {
      // Searching (not sticky): one exec per token instead of one per character of plain text.
      pattern: new RegExp(
        grammar.pattern.source.replace(/\(\?<([a-z])>/g, '('),
        grammar.pattern.flags.replace('y', ''),
      ),
      kinds: [...grammar.pattern.source.matchAll(/\(\?<([a-z])>/g)].map((m) => m[1]),
    },
  ]),
) as Record<HighlightLanguage, { pattern: RegExp; kinds: string[] }>;

/**
 * The text as HTML with token spans. The scan looks for the grammar's next match from where it
 * is (the first position at which it matches, as trying each position in turn would find); the
 * text before that match is one plain run.
 */
export function highlight(text: string, language: HighlightLanguage): string {
  const grammar = GRAMMARS[language];
  const { pattern, kinds } = SCANNERS[language];
  let out = '';
  let plain = '';
  let i = 0;
  while (i < text.length) {
    pattern.lastIndex = i;
    const m = pattern.exec(text);
    if (m === null) {
      plain += text.slice(i);
      break;
    }
    if (m[0] === '') {
      // (no grammar matches the empty string; kept safe) one plain character and go on
      plain += text.slice(i, m.index + 1);
      i = m.index + 1;
      continue;
    }
    plain += text.slice(i, m.index);
    let kind = '';
    for (let g = 0; g < kinds.length; g++)
      if (m[g + 1] !== undefined) {
        kind = kinds[g];
        break;
      }
    // `x`: an escaped character outside quotes (the `\'` of `'it'\''s'`), plain text.
    if (kind === 'x') kind = '';
    if (kind === 'w') {
      kind = grammar.keywords?.has(m[0]) ? 'k' : grammar.literals?.has(m[0]) ? 'l' : '';
    }
    if (kind === '') {
      plain += m[0];
    } else {
      if (plain !== '') out += htmlContent(plain);
      plain = '';
      out += `<t-${kind}>${htmlContent(m[0])}</t-${kind}>`;
    }
    i = m.index + m[0].length;
  }
  if (plain !== '') out += htmlContent(plain);
  return out;
}
