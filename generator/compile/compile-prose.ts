/**
 * The package compile's cache key without the words of doc comments. A description edit changes
 * a `/** … *\/` comment of a large generated file (the client's 2 MB of JSDoc), and compiling
 * that file again costs seconds; the compiler copies comment text through untouched, so the
 * file is compiled with each comment line's words replaced by a numbered token (its skeleton),
 * cached under the skeleton's hash, and the words put back into the output.
 *
 * Why the bytes are the compiler's own: TypeScript writes a kept block comment line by line
 * (writeCommentRange): spaces computed from the line's leading whitespace, then the line's text
 * trimmed. The skeleton keeps every line break, every line's leading and trailing whitespace,
 * and the comment's opener and closer; only a line's trimmed words become a token with no
 * whitespace of its own. The compiler reads nothing else of a comment's words for these outputs
 * (no JSX pragmas in .ts, no stripInternal), and a line whose words hold `@` (a JSDoc tag) is
 * left as it is anyway. Comments are found by TypeScript's parser (the trivia before each
 * node), never by a scan that could take a string or a regular expression for one; a comment it
 * does not find stays in the skeleton, words and all: only less reuse.
 */
import { typescript } from '../common/typescript-compiler.js';

export interface Skeleton {
  /** the source with doc comment words as tokens */
  source: string;
  /** each token's words, by token number */
  words: string[];
}

const OPEN = '\uE000';
const CLOSE = '\uE001';
const TOKEN = /\uE000(\d+)\uE001/g;
/** Line breaks as TypeScript counts lines (computeLineStarts). */
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g;
/**
 * Characters TypeScript's indent count (calculateIndent: isWhiteSpaceSingleLine) or String#trim
 * may take as whitespace: a line's words must not start or end with one, or the two would
 * disagree about where they begin.
 */
const SPACE_LIKE = /[\s\u0085\u180e\u200b\ufeff]/;

/**
 * The skeleton of `source`, or undefined when there is nothing to gain (no doc comment with
 * words) or the source already holds a token character.
 */
export function proseSkeleton(source: string, fileName: string): Skeleton | undefined {
  if (!source.includes('/**') || source.includes(OPEN) || source.includes(CLOSE)) return undefined;
  const ts = typescript();
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, false);
  const ranges = new Map<number, number>();
  const collect = (node: import('typescript').Node) => {
    for (const r of ts.getLeadingCommentRanges(source, node.pos) ?? [])
      if (r.kind === ts.SyntaxKind.MultiLineCommentTrivia) ranges.set(r.pos, r.end);
    ts.forEachChild(node, collect);
  };
  collect(file);
  if (ranges.size === 0) return undefined;
  const words: string[] = [];
  const parts: string[] = [];
  let at = 0;
  for (const [pos, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (pos < at) continue;
    const comment = source.slice(pos, end);
    if (!comment.startsWith('/**') || comment[3] === '/' || !comment.endsWith('*/')) continue;
    parts.push(source.slice(at, pos), tokenizeComment(comment, words));
    at = end;
  }
  if (words.length === 0) return undefined;
  parts.push(source.slice(at));
  return { source: parts.join(''), words };
}

/**
 * A candidate skeleton found without TypeScript: every `/** … *\/` a plain text scan meets,
 * tokenized as proseSkeleton tokenizes a comment. Loading TypeScript and parsing a large client is
 * most of an incremental run's package step; this scan is far cheaper. The scan may take a string
 * or a line comment for a doc comment, or miss one, so its skeleton is only a name to look up: it
 * is used only when the cache holds a compile under it, and only proseSkeleton's skeletons (the
 * parser's) are ever stored (compile-step.ts).
 *
 * Why a hit is then exactly proseSkeleton(source): the stored skeleton K came from the parser
 * on an earlier source S0 = K with words W0; this source is K with words W1. The two differ
 * only inside lines of doc comments the parser found in S0, by words that hold no line break
 * and no `*\/` (they cannot: each is one line of one scanned comment), so the parser finds the
 * same comments here, their lines split the same way, and each token's line tokenizes to its
 * new words (tokenizeLine's tests passed on them here); every other line is the same text as
 * in S0, with the same verdict.
 */
export function scannedSkeleton(source: string): Skeleton | undefined {
  if (!source.includes('/**') || source.includes(OPEN) || source.includes(CLOSE)) return undefined;
  const words: string[] = [];
  const parts: string[] = [];
  let at = 0;
  for (let pos = source.indexOf('/**'); pos !== -1; pos = source.indexOf('/**', at)) {
    const close = source.indexOf('*/', pos + 2);
    if (close === -1) break;
    const end = close + 2;
    const comment = source.slice(pos, end);
    if (comment[3] !== '/') parts.push(source.slice(at, pos), tokenizeComment(comment, words));
    else parts.push(source.slice(at, end));
    at = end;
  }
  if (words.length === 0) return undefined;
  parts.push(source.slice(at));
  return { source: parts.join(''), words };
}

/** A doc comment with each line's words as a token; opener, closer and whitespace kept. */
function tokenizeComment(comment: string, words: string[]): string {
  const inner = comment.slice(3, -2);
  const out: string[] = ['/**'];
  let at = 0;
  for (const br of [...inner.matchAll(LINE_BREAK), undefined]) {
    const end = br ? br.index : inner.length;
    out.push(tokenizeLine(inner.slice(at, end), words));
    if (br) out.push(br[0]);
    at = end + (br ? br[0].length : 0);
  }
  out.push('*/');
  return out.join('');
}

function tokenizeLine(line: string, words: string[]): string {
  const trimmed = line.trim();
  if (
    trimmed === '' ||
    trimmed.includes('@') ||
    SPACE_LIKE.test(trimmed[0]) ||
    SPACE_LIKE.test(trimmed[trimmed.length - 1])
  )
    return line;
  const start = line.indexOf(trimmed);
  words.push(trimmed);
  return `${line.slice(0, start)}${OPEN}${words.length - 1}${CLOSE}${line.slice(start + trimmed.length)}`;
}

/** Compiler output of a skeleton with the words back in. */
export function restoreWords(text: string, words: string[]): string {
  return text.replace(TOKEN, (_, n: string) => words[Number(n)]);
}
