/**
 * Prose out of openapi-typescript's way, so its work can be cached across a description edit.
 *
 * openapi-typescript turns `description` and `summary` into JSDoc and nothing else (its
 * addJSDocComment: trimmed, line breaks → `\n *     `, `*\/` escaped; a comment is one line or
 * a block depending on whether any part has a line break; an empty string is left out). So the
 * view given to it can carry a token in place of each such string, and the words put back into
 * its output afterwards by the same rules: the output is the same as from the words themselves,
 * and it depends only on where prose is and on its shape (one line or several), not on what it
 * says. The types emitter caches openapi-typescript's output under the tokenized view's digest.
 *
 * The printer indents each line of a block comment as the comment is indented, and trims its
 * end; a block token's own line break shows that indentation, which the words' lines then get.
 *
 * Tokenized: string `description`/`summary` members that are non-empty, already trimmed and
 * free of line breaks other than `\n` and `\r\n` (anything else stays itself, and so stays in
 * the digest), outside data (`const`, `enum`,
 * `default`, `example(s)`, `x-`). Tokens are private-use characters: a document that contains
 * one of its own is not tokenized at all (typescript.ts counts them). `restoreProse` returns undefined when a token did not come
 * through as JSDoc (the caller then runs on the words themselves).
 */
const OPEN = '\uE000';
const ONE_LINE_END = '\uE001';
const BLOCK_MID = '\uE002';
const BLOCK_END = '\uE003';
const DATA = new Set(['const', 'enum', 'default', 'example', 'examples']);
/** openapi-typescript's own rules (lib/ts.mjs, LB_RE and COMMENT_RE) */
const LINE_BREAK = /\r?\n/g;
/** Line breaks the printer re-indents after but openapi-typescript does not rewrite: kept as words. */
const OTHER_LINE_BREAK = /\r(?!\n)|[\u2028\u2029]/;
const COMMENT_END = /\*\//g;

type Json = Record<string, unknown>;

/**
 * Replaces prose in `document` (a copy the caller owns) by tokens; returns the words.
 * `onToken`: told each token's number and the object and member it replaced.
 */
export function tokenizeProse(
  document: Json,
  onToken?: (n: number, object: Json, key: string) => void,
): string[] {
  const prose: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const object = node as Json;
    for (const [key, value] of Object.entries(object)) {
      if (DATA.has(key) || key.startsWith('x-')) continue;
      if ((key === 'description' || key === 'summary') && typeof value === 'string') {
        const shape = proseShape(value);
        if (shape === undefined) continue;
        const n = prose.push(value) - 1;
        object[key] =
          shape === 'block'
            ? `${OPEN}${n}${BLOCK_MID}\n${BLOCK_END}`
            : `${OPEN}${n}${ONE_LINE_END}`;
        onToken?.(n, object, key);
      } else visit(value);
    }
  };
  visit(document);
  return prose;
}

/**
 * How `words` would be tokenized: 'line' or 'block', or undefined when left as they are (then
 * they are in the view's text themselves).
 */
export function proseShape(words: unknown): 'line' | 'block' | undefined {
  if (typeof words !== 'string' || words === '' || words !== words.trim()) return undefined;
  if (OTHER_LINE_BREAK.test(words)) return undefined;
  return /\r?\n/.test(words) ? 'block' : 'line';
}

/** How many token characters a text holds. */
export function countTokenCharacters(text: string): number {
  return text.match(/[\uE000-\uE003]/g)?.length ?? 0;
}

/** How many the tokens of `prose` are made of (a one-line token 2, a block token 3). */
export function expectedTokenCharacters(prose: string[]): number {
  return prose.reduce((n, words) => n + (/\r?\n/.test(words) ? 3 : 2), 0);
}

/** A token in the output; a block token's line break comes indented as the printer indents it. */
const TOKEN = /\uE000(\d+)(?:\uE001|\uE002\n([ \t]*) \* {5}\uE003)/g;

/** openapi-typescript's output with the words back in place of the tokens. */
export function restoreProse(text: string, prose: string[]): string | undefined {
  const restored = text.replace(TOKEN, (_, n: string, indent: string | undefined) => {
    const words = prose[Number(n)].replace(COMMENT_END, '*\\/');
    if (indent === undefined) return words;
    // The printer writes each line of a block comment trimmed at its end (TypeScript's
    // writeTrimmedCurrentLine): a blank line of the words is a bare ` *`.
    return words
      .split(LINE_BREAK)
      .map((line, i) => (i === 0 ? line : `${indent} *     ${line}`).trimEnd())
      .join('\n');
  });
  return countTokenCharacters(restored) === 0 ? restored : undefined;
}
