/**
 * Reading the contract's files: YAML or JSON, with positions kept so that a problem found later
 * (by pointer) can still be reported as `file:line`.
 *
 * Data comes from the fast parsers (JSON.parse; js-yaml, faster than building `yaml`'s
 * document with positions). Positions are computed only if a problem needs one, by re-reading
 * the text with `yaml`, which keeps every node's range (JSON is YAML).
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';
import jsyaml from 'js-yaml';
import type { LineCounter, Node } from 'yaml';
import type { ContractProblem } from '../common/contract-error.js';
import { fileStampOf } from '../common/file-stamp.js';
import { LEVEL_KEYS } from '../model/levels.js';
import { checkShape } from './document-shape.js';
import { DEFAULT_LIMITS, limitHint, type LoadLimits } from './limits.js';

/**
 * `yaml`, loaded on first use: it is needed only to place a problem (or to word a YAML syntax
 * error), and loading it would cost every run that finds none.
 */
const require = createRequire(import.meta.url);
const yamlPackage = (): typeof import('yaml') => require('yaml') as typeof import('yaml');

export interface SourceFile {
  /** absolute path */
  path: string;
  /** path as shown to users (relative to the working directory when below it) */
  shownPath: string;
  data: unknown;
  /**
   * Whether the file may hold a feature-level key (`x-history`, `x-enum-history`, `x-removed`):
   * false only when its text surely spells none (mayHoldLevelKeys). The model then skips its two
   * walks of the whole document for them (GitHub's: ~1.5 million nodes, none of them).
   */
  levelKeys: boolean;
  /**
   * The file's stamp (common/file-stamp.ts) taken just before its bytes were read: a watch
   * compares it, so an edit made after the read starts another run.
   */
  stamp: string;
  /** parsed as JSON: no value is reached twice (YAML aliases share theirs), so the bundler may keep its nodes */
  tree: boolean;
  /** 1-based line and column of the node at `segments` within this file */
  locate(segments: string[]): { line: number; column: number } | undefined;
}

export type ReadResult =
  | { ok: true; file: SourceFile; /** bytes read */ size: number }
  | { ok: false; problems: ContractProblem[] };

/**
 * Reads and parses one file, within the limits: only a regular file is opened (never a device,
 * FIFO or directory), its size is checked before a byte is read, the text must be UTF-8, and
 * the parsed data passes the shape checks (depth, alias expansion) before anything walks it.
 * Messages never quote the file's content beyond the parser's own reason.
 */
export function readSourceFile(
  path: string,
  shownPath: string,
  limits: LoadLimits = DEFAULT_LIMITS,
): ReadResult {
  const refuse = (message: string, more: Partial<ContractProblem> = {}): ReadResult => ({
    ok: false,
    problems: [{ pointer: '#', file: shownPath, message, source: 'yaml', ...more }],
  });
  const read = readBoundedStamped(path, limits);
  if (typeof read === 'string')
    return refuse(read, { source: /size limit/.test(read) ? 'limit' : 'read' });
  const { bytes, stamp } = read;
  if (!isUtf8(bytes)) {
    const at = firstInvalidUtf8(bytes);
    return refuse(`invalid UTF-8 at byte ${at.offset}`, {
      line: at.line,
      column: at.column,
      clause: 'YAML 1.2.2 §5.2 Character Encodings; JSON: RFC 8259 §8.1',
    });
  }
  // One byte per character: fast to make, and byte offsets are string offsets. The UTF-8 text
  // (a two-byte string as soon as one character is not ASCII: twice the bytes) is
  // decoded only when a YAML parse or a problem's position needs it.
  const latin1 = bytes.toString('latin1');
  let decoded: string | undefined;
  const text = () => (decoded ??= Buffer.from(latin1, 'latin1').toString('utf8'));
  const isJson = /\.json$/i.test(path) || /^\s*[{[]/.test(text());
  let data: unknown;
  let parsed = false;
  if (isJson) {
    try {
      data = JSON.parse(asciiJson(latin1, bytes) ?? text());
      parsed = true;
    } catch {
      // Not valid JSON: fall through to the YAML parser, whose messages carry line numbers.
    }
  }
  if (!parsed) {
    const outcome = parseYaml(text(), shownPath, limits);
    if (!outcome.ok) return outcome;
    data = outcome.data;
  }
  const locate = lazyLocator(text);
  const shape = checkShape(data, limits, !isJson || !parsed);
  if (shape.length > 0) {
    return {
      ok: false,
      problems: shape.map((p) => {
        // Past the depth limit `yaml` (the locator) may itself recurse too deep: a JSON text
        // is scanned for the bracket instead.
        const pos =
          /deeper than/.test(p.message) && parsed && isJson
            ? depthPosition(text(), limits.maxDepth)
            : locate(p.segments);
        return {
          pointer:
            '#' + p.segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join(''),
          file: shownPath,
          line: pos?.line,
          column: pos?.column,
          message: p.message,
          source: p.source ?? 'limit',
          ...(p.hint ? { hint: p.hint } : {}),
          ...(p.clause ? { clause: p.clause } : {}),
        };
      }),
    };
  }
  return {
    ok: true,
    file: {
      path,
      shownPath,
      data,
      levelKeys: mayHoldLevelKeys(latin1, isJson && parsed),
      stamp,
      tree: isJson && parsed,
      locate,
    },
    size: bytes.length,
  };
}

/**
 * A JSON text as ASCII that JSON.parse reads to the same value: the file's bytes one per
 * character (`latin1`), each run of non-ASCII bytes (whole UTF-8 sequences: valid UTF-8 was
 * checked) replaced by `\u` escapes of its characters. In valid JSON they can only be inside
 * strings, where an escape means the character itself; outside one, both texts are invalid.
 * Undefined (parse the UTF-8 text) when a run follows a backslash, where an escape would be
 * read differently. GitHub's document has 140 such bytes in 13 MB: decoding it all as UTF-8
 * made a two-byte string twice its size, and JSON.parse reads a one-byte text faster.
 */
export function asciiJson(latin1: string, bytes: Uint8Array): string | undefined {
  const runs = /[\x80-\xff]+/g;
  let out = '';
  let from = 0;
  for (let m = runs.exec(latin1); m; m = runs.exec(latin1)) {
    if (m.index > 0 && latin1.charCodeAt(m.index - 1) === 92) return undefined;
    const chars = Buffer.from(bytes.buffer, bytes.byteOffset + m.index, m[0].length).toString(
      'utf8',
    );
    let escaped = '';
    for (let i = 0; i < chars.length; i++)
      escaped += '\\u' + chars.charCodeAt(i).toString(16).padStart(4, '0');
    out += latin1.slice(from, m.index) + escaped;
    from = m.index + m[0].length;
  }
  return from === 0 ? latin1 : out + latin1.slice(from);
}

/**
 * False only when the parsed text cannot hold a level key (LEVEL_KEYS, model/levels.ts): none is
 * spelled out, and no escape could spell one otherwise (JSON's `\u`; YAML's escapes and escaped
 * line breaks, all with a backslash). A scan of the text instead of a walk of every parsed node.
 */
export function mayHoldLevelKeys(text: string, json: boolean): boolean {
  if (json ? text.includes('\\u') : text.includes('\\')) return true;
  return LEVEL_KEYS.some((key) => text.includes(key));
}

/**
 * The file's bytes, or why it is not read: not a regular file, or over the size limit (the
 * loader's read, and the model snapshot's).
 */
export function readBounded(path: string, limits: LoadLimits): Buffer | string {
  const read = readBoundedStamped(path, limits);
  return typeof read === 'string' ? read : read.bytes;
}

/** readBounded, with the file's stamp from the same fstat that sized the read. */
function readBoundedStamped(
  path: string,
  limits: LoadLimits,
): { bytes: Buffer; stamp: string } | string {
  const notRegular = 'not a regular file (a device, FIFO, socket or directory): not read';
  let fd: number;
  try {
    // Devices and FIFOs are refused before they are opened; O_NONBLOCK keeps the open itself
    // from waiting on a FIFO swapped in meanwhile, and fstat below checks again.
    if (!statSync(path).isFile()) return notRegular;
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? 'file not found'
      : code === 'EISDIR'
        ? 'not a regular file (a directory)'
        : `cannot be read (${code ?? 'error'})`;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return notRegular;
    if (stat.size > limits.maxDocumentBytes)
      return `${stat.size} bytes: larger than the document size limit (${limitHint('maxDocumentBytes', limits)})`;
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return { bytes: buffer.subarray(0, read), stamp: fileStampOf(stat) };
  } finally {
    closeSync(fd);
  }
}

type YamlOutcome = { ok: true; data: unknown } | { ok: false; problems: ContractProblem[] };

function parseYaml(text: string, shownPath: string, limits: LoadLimits): YamlOutcome {
  try {
    // CORE_SCHEMA: YAML 1.2 core scalars, as the `yaml` package reads them (no YAML 1.1 dates).
    const data: unknown = jsyaml.load(text, {
      schema: jsyaml.CORE_SCHEMA,
      filename: shownPath,
      // js-yaml's own guard against its recursion; the depth limit proper is checked on the
      // data (checkShape), which can name the place.
      maxDepth: Math.max(limits.maxDepth + 1, 1000),
    } as jsyaml.LoadOptions);
    return { ok: true, data };
  } catch (error) {
    const reason = String((error as { reason?: string }).reason ?? (error as Error).message);
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const at = {
      line: mark ? mark.line + 1 : undefined,
      column: mark ? mark.column + 1 : undefined,
    };
    if (/exceeded maxDepth/.test(reason)) {
      return {
        ok: false,
        problems: [
          {
            pointer: '#',
            file: shownPath,
            ...at,
            message: `nested deeper than ${limits.maxDepth} levels`,
            hint: limitHint('maxDepth', limits),
            source: 'limit',
          },
        ],
      };
    }
    // Syntax errors (and duplicate keys) get `yaml`'s messages and positions.
    try {
      const { LineCounter, parseDocument } = yamlPackage();
      const lineCounter = new LineCounter();
      const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
      const problems = doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return {
          pointer: '#',
          file: shownPath,
          line: pos.line,
          column: pos.col,
          message: e.message.split('\n')[0],
          source: 'yaml',
        };
      });
      if (problems.length > 0) return { ok: false, problems };
    } catch {
      // `yaml` gave up too (e.g. its own recursion limit): js-yaml's reason stands.
    }
    return {
      ok: false,
      problems: [
        { pointer: '#', file: shownPath, ...at, message: reason.split('\n')[0], source: 'yaml' },
      ],
    };
  }
}

/** Line and column of the first `{`/`[` nested deeper than `max` in JSON text (strings skipped). */
function depthPosition(text: string, max: number): { line: number; column: number } | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return { line, column: i - lineStart + 1 };
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/** Byte offset, line and column of the first byte that is not part of valid UTF-8. */
function firstInvalidUtf8(bytes: Buffer): { offset: number; line: number; column: number } {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    let ok = need >= 0 && i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) ok = (bytes[i + k] & 0xc0) === 0x80;
    if (ok && need > 0 && !isUtf8(bytes.subarray(i, i + need + 1))) ok = false;
    if (!ok) break;
    i += need + 1;
  }
  const before = bytes.subarray(0, i);
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < before.length; k++)
    if (before[k] === 10) {
      line++;
      lineStart = k + 1;
    }
  return { offset: i, line, column: i - lineStart + 1 };
}

function lazyLocator(text: () => string): SourceFile['locate'] {
  let parsed: { contents: Node | null; counter: LineCounter } | undefined;
  return (segments) => {
    try {
      if (!parsed) {
        const { LineCounter, parseDocument } = yamlPackage();
        const counter = new LineCounter();
        const doc = parseDocument(text(), { lineCounter: counter });
        parsed = { contents: doc.contents as Node | null, counter };
      }
      return locateNode(parsed.contents, segments, parsed.counter);
    } catch {
      // A text `yaml` cannot take apart (too deep for its recursion): the problem has no line.
      return undefined;
    }
  };
}

/** Walk the YAML node tree by pointer segments; the deepest node reached gives the position. */
function locateNode(
  root: unknown,
  segments: string[],
  counter: LineCounter,
): { line: number; column: number } | undefined {
  const { isMap, isSeq, isPair, isScalar } = yamlPackage();
  let node: unknown = root;
  let best: unknown = root;
  for (const segment of segments) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment,
      );
      if (pair) {
        // Report the key's line: a problem "at responses/200" reads best at the line naming 200.
        next = pair.value;
        best = pair.key;
      }
    } else if (isSeq(node)) {
      next = node.items[Number(segment)];
      if (next) best = next;
    }
    if (next === undefined || next === null) break;
    node = next;
  }
  const range = (best as { range?: [number, number, number] } | null)?.range;
  if (!range) return undefined;
  const pos = counter.linePos(range[0]);
  return { line: pos.line, column: pos.col };
}
