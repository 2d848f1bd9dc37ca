/**
 * A cache-hit shortcut for loading: the model a run built, kept in the output cache beside the
 * document text it was built from, and reused by a later run whose document differs from that
 * text only inside one operation's own `description` string (the edit `--watch` and the
 * incremental benchmark make). Loading a large document (parse, shape checks, bundle, limits,
 * rules, model) is most of an incremental run; finding the edit and reading the model back
 * (v8.deserialize) is a fraction of that.
 *
 * Taken only when it cannot change a byte of output — anything else loads in full:
 * - one JSON file (no other file reached by `$ref`), the same path, working directory, loader
 *   limits and generator (all in the entry's key);
 * - the two texts differ in one place, inside one string token (found by scanning the old text
 *   from its start, strings and escapes included) that is the value of the `description` member
 *   of `/paths/<path>/<method>` (a path item that is not a `$ref`), and the new bytes there form
 *   one JSON string (JSON.parse of the new token, valid UTF-8, no unescaped quote);
 * - the same scan, carried on to the end of the text, finds no later member of the same name in
 *   any object on the way to that token (JSON keeps the last: the document would not hold
 *   it) and no `$ref` string that points into `#/paths` (an operation object read as something
 *   else; escaped names and values, percent-encoding and a file part read too); both are
 *   told from the old text, as an edit inside one string token leaves every other byte as it
 *   was (scanForEdit);
 * - the new words spell no feature-level key (the loader looks for those in the text).
 * The model builder copies an operation's description to the operation (model/build.ts,
 * readOperation) and nowhere else; the document keeps it. Both are set to the new words.
 * test/generator/model-snapshot.test.ts holds a patched model to the one a full load builds.
 *
 * The loader's verdicts on the shape, limits and rules of the document do not read an
 * operation's description words (a description is a string either way; the size limit is
 * checked here again); the document checks' verdict is cached by the CLI under the prose-free
 * digest as before. The loader's `bundle` (to place a problem by file and line) is not kept:
 * a run from a snapshot that meets a problem loads in full again to report it.
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { cacheKey, type OutputCache } from './index.js';
import { HTTP_METHODS } from '../common/http-methods.js';
import { readBounded, type LoadLimits } from '../load/index.js';
import { LEVEL_KEYS } from '../model/levels.js';
import type { ApiModel } from '../model/types.js';

/** What a snapshot gives back: the model and the loader's warnings, as a full load gives them. */
export interface SnapshotLoad {
  model: ApiModel;
  warnings: string[];
  /**
   * The snapshot's model's `withoutOperationDescriptions` digest (model/digest.ts), which the
   * patched model shares: only the words are digested again (digestsAfterDescriptionEdit).
   */
  withoutOperationDescriptions?: string;
}

/** The entry's key: the file, the working directory (shown paths), the limits and the generator. */
export function snapshotKey(generator: string, file: string, limits: LoadLimits): string {
  return cacheKey(
    'model-snapshot',
    generator,
    resolve(file),
    process.cwd(),
    JSON.stringify(limits),
  );
}

/**
 * The document's bytes and their identity before a full load, so that the snapshot stored after
 * it holds the very text the model was built from: stored only when the file's size, inode and
 * modification time are the same after the load (an editor saving meanwhile: no snapshot).
 */
export interface SourceBytes {
  bytes: Buffer;
  stamp: string;
}

export function readSourceBytes(file: string, limits: LoadLimits): SourceBytes | undefined {
  try {
    const stamp = fileStamp(file);
    if (!stamp || statSync(file).size > limits.maxDocumentBytes) return undefined;
    return { bytes: readFileSync(file), stamp };
  } catch {
    return undefined;
  }
}

function fileStamp(file: string): string | undefined {
  try {
    const s = statSync(file, { bigint: true });
    return s.isFile() ? `${s.size}:${s.ino}:${s.mtimeNs}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The model serialized now (before emitters see it), to be stored once the run has passed:
 * undefined when the contract is not one JSON file or the model will not serialize.
 */
export function snapshotOf(
  model: ApiModel,
  warnings: string[],
  files: { tree: boolean }[],
): Buffer | undefined {
  if (files.length !== 1 || !files[0].tree) return undefined;
  try {
    return serialize({ model, warnings });
  } catch {
    return undefined;
  }
}

export function storeSnapshot(
  cache: OutputCache,
  key: string,
  file: string,
  source: SourceBytes,
  serialized: Buffer,
  withoutOperationDescriptions: string | undefined,
): void {
  if (fileStamp(file) !== source.stamp) return;
  cache.put(key, {
    files: [
      { path: 'document', contents: source.bytes },
      { path: 'model', contents: serialized },
      ...(withoutOperationDescriptions
        ? [{ path: 'digest', contents: withoutOperationDescriptions }]
        : []),
    ],
    warnings: [],
  });
}

/** The model for the document as it is now, from the snapshot; undefined: load in full. */
export function loadFromSnapshot(
  cache: OutputCache,
  key: string,
  file: string,
  limits: LoadLimits,
): SnapshotLoad | undefined {
  if (!cache.has(key)) return undefined;
  const now = readBounded(file, limits);
  if (typeof now === 'string') return undefined;
  const entry = cache.get(key, { bytes: true });
  const before = entry?.files.find((f) => f.path === 'document')?.contents;
  const serialized = entry?.files.find((f) => f.path === 'model')?.contents;
  if (!(before instanceof Uint8Array) || !(serialized instanceof Uint8Array)) return undefined;
  const edit = descriptionEdit(before, now);
  if (edit === undefined) return undefined;
  let loaded: SnapshotLoad;
  try {
    loaded = deserialize(serialized) as SnapshotLoad;
  } catch {
    return undefined;
  }
  const digest = entry?.files.find((f) => f.path === 'digest')?.contents;
  if (digest instanceof Uint8Array) {
    const text = Buffer.from(digest).toString('latin1');
    if (/^[0-9a-f]{64}$/.test(text)) loaded.withoutOperationDescriptions = text;
  }
  if (edit === 'same') return loaded;
  return patchDescription(loaded.model, edit) ? loaded : undefined;
}

/** One operation's description, changed from `before` to `after`. */
export interface DescriptionEdit {
  path: string;
  method: string;
  before: string;
  after: string;
}

const QUOTE = 0x22;
/** space, tab, carriage return, comma, closing brace and bracket: bytes no node starts at */
const LINE_REST = new Set([0x20, 0x09, 0x0d, 0x2c, 0x7d, 0x5d]);
const BACKSLASH = 0x5c;

/**
 * How `now` differs from `before` (JSON texts): 'same', one operation's description changed,
 * or undefined when the difference is anything else (or cannot be told for sure).
 */
export function descriptionEdit(
  before: Uint8Array,
  now: Uint8Array,
): DescriptionEdit | 'same' | undefined {
  const old = Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const cur = Buffer.from(now.buffer, now.byteOffset, now.byteLength);
  if (old.equals(cur)) return 'same';
  if (!isUtf8(cur)) return undefined;
  const start = commonPrefix(old, cur);
  const suffix = commonSuffix(old, cur, start);
  const oldEnd = old.length - suffix;
  // the string token of the old text holding the changed bytes, and where it sits
  const token = scanForEdit(old, start);
  if (!token || oldEnd > token.end) return undefined;
  const [top, path, method, member] = token.keys;
  if (
    token.keys.length !== 4 ||
    top !== 'paths' ||
    member !== 'description' ||
    !(HTTP_METHODS as readonly string[]).includes(method)
  )
    return undefined;
  const newEnd = token.end + (cur.length - old.length);
  if (cur[newEnd] !== QUOTE) return undefined;
  let after: unknown;
  let was: unknown;
  try {
    after = JSON.parse(cur.toString('utf8', token.start, newEnd + 1));
    was = JSON.parse(old.toString('utf8', token.start, token.end + 1));
  } catch {
    return undefined; // the new bytes are not one string token
  }
  if (typeof after !== 'string' || typeof was !== 'string') return undefined;
  // What follows the token on its line moves with the edit: a place the loader gives (its
  // warnings' columns) stays right only when no node starts there.
  for (let i = newEnd + 1; i < cur.length && cur[i] !== 0x0a; i++)
    if (!LINE_REST.has(cur[i])) return undefined;
  // Words that spell a feature-level key (the loader looks for those in the text): load in full.
  if (LEVEL_KEYS.some((key) => after.includes(key))) return undefined;
  return { path, method, before: was, after };
}

/** An open container of the scan: an object's current member name, or null for an array. */
interface Frame {
  /** the offsets of the quotes of the object's current member name */
  key?: [number, number];
  /** on the way to the edited token: the member name that leads there from this object */
  leadsOn?: string;
}

/** The string token holding the changed bytes: its quotes' offsets, the member names leading to it. */
interface ScannedToken {
  start: number;
  end: number;
  keys: string[];
}

/**
 * The string token of a JSON text whose contents hold byte `at` (an insertion point just before
 * its closing quote included) and the member names leading to it; undefined when there is none
 * (an array on the way, the change outside a string or in a member name) or when the document
 * may not read that token as the operation's description:
 * - an object on the way has a later member of the same name as the one leading on (JSON
 *   keeps the last: the parsed document does not hold this token);
 * - a `$ref` string anywhere points into the document's paths (an operation object read as a
 *   schema or a path item elsewhere; escapes and file parts read too, pointsIntoPaths).
 * One pass over the text before the edit, which tells both for the text after it too: an edit
 * inside one string token leaves every member name, and every other value, as they were. A
 * quote is only known to open a string from what comes before it, so the scan starts at the
 * start.
 */
function scanForEdit(text: Buffer, at: number): ScannedToken | undefined {
  const stack: (Frame | null)[] = [];
  let expectKey = false;
  /** the last member name was `$ref`: a string value that follows is a reference */
  let refValue = false;
  let found: ScannedToken | undefined;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    // most bytes outside strings of an indented text: nothing to do (a change there is
    // refused at the next byte that is not, or at the end)
    if (c === 0x20 || c === 0x0a) {
      i++;
      continue;
    }
    if (c === QUOTE) {
      const open = i;
      const close = closingQuote(text, open);
      if (close < 0) return undefined;
      i = close + 1;
      if (expectKey) {
        const frame = stack[stack.length - 1]!;
        frame.key = [open, close];
        refValue = isRefName(text, open, close);
        if (frame.leadsOn !== undefined && frame.leadsOn === nameOf(text, open, close))
          return undefined;
        continue;
      }
      if (refValue && refIntoPaths(text, open, close)) return undefined;
      refValue = false;
      if (!found && open < at && at <= close) {
        found = tokenAt(text, stack, open, close);
        if (!found) return undefined;
      }
      continue;
    }
    if (!found && i >= at) return undefined; // the change is outside any string
    // a `$ref` member's value is the next token: past any other, it is not a string
    if (c === 0x7b) {
      stack.push({});
      expectKey = true;
      refValue = false;
    } else if (c === 0x5b) {
      stack.push(null);
      expectKey = false;
      refValue = false;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
      refValue = false;
    } else if (c === 0x2c) {
      expectKey = stack.at(-1) != null;
      refValue = false;
    } else if (c === 0x3a) {
      expectKey = false;
    }
    i++;
  }
  return found;
}

/** The token found: the member names leading to it, each object on the way marked with its own. */
function tokenAt(
  text: Buffer,
  stack: (Frame | null)[],
  start: number,
  end: number,
): ScannedToken | undefined {
  const keys: string[] = [];
  for (const frame of stack) {
    if (!frame?.key) return undefined;
    const name = nameOf(text, frame.key[0], frame.key[1]);
    if (name === undefined) return undefined;
    frame.leadsOn = name;
    keys.push(name);
  }
  return { start, end, keys };
}

/** A string token's value; undefined when it does not parse. */
function nameOf(text: Buffer, open: number, close: number): string | undefined {
  try {
    return JSON.parse(text.toString('utf8', open, close + 1)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Whether a member name reads `$ref`: as written, or escaped (at most six bytes a character, and
 * its first character `$` or an escape).
 */
function isRefName(text: Buffer, open: number, close: number): boolean {
  const length = close - open - 1;
  const first = text[open + 1];
  if (length === 4)
    return (
      first === 0x24 &&
      text[open + 2] === 0x72 &&
      text[open + 3] === 0x65 &&
      text[open + 4] === 0x66
    );
  return length > 4 && length <= 24 && (first === 0x24 || first === BACKSLASH)
    ? nameOf(text, open, close) === '$ref'
    : false;
}

const PATHS_FRAGMENT = Buffer.from('#/paths');

/**
 * Whether a `$ref`'s string token points into the paths (pointsIntoPaths). Most are written
 * plainly (no escape, no percent sign): their bytes are compared as they are, without a parse.
 */
function refIntoPaths(text: Buffer, open: number, close: number): boolean {
  for (let i = open + 1; i < close; i++)
    if (text[i] === BACKSLASH || text[i] === 0x25) {
      const ref = nameOf(text, open, close);
      return ref === undefined || pointsIntoPaths(ref);
    }
  let hash = open + 1;
  while (hash < close && text[hash] !== 0x23) hash++;
  if (hash === close || close - hash < PATHS_FRAGMENT.length) return false;
  const after = hash + PATHS_FRAGMENT.length;
  return (
    text.compare(PATHS_FRAGMENT, 0, PATHS_FRAGMENT.length, hash, after) === 0 &&
    (after === close || text[after] === 0x2f)
  );
}

/** Whether a `$ref` points into the document's paths (a fragment `/paths` or `/paths/…`, percent-decoded). */
function pointsIntoPaths(ref: string): boolean {
  const hash = ref.indexOf('#');
  if (hash < 0) return false;
  let fragment = ref.slice(hash + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // not percent-encoded as a URI would be: read as written
  }
  return fragment === '/paths' || fragment.startsWith('/paths/');
}

function commonPrefix(a: Buffer, b: Buffer): number {
  const max = Math.min(a.length, b.length);
  const CHUNK = 1 << 16;
  let at = 0;
  while (at + CHUNK <= max && a.subarray(at, at + CHUNK).equals(b.subarray(at, at + CHUNK)))
    at += CHUNK;
  while (at < max && a[at] === b[at]) at++;
  return at;
}

/** Bytes equal at the end of both, not reaching back past `floor` in either. */
function commonSuffix(a: Buffer, b: Buffer, floor: number): number {
  const max = Math.min(a.length, b.length) - floor;
  const CHUNK = 1 << 16;
  let n = 0;
  while (
    n + CHUNK <= max &&
    a
      .subarray(a.length - n - CHUNK, a.length - n)
      .equals(b.subarray(b.length - n - CHUNK, b.length - n))
  )
    n += CHUNK;
  while (n < max && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** The offset of the quote closing the string opened at `open`, or -1. */
function closingQuote(text: Buffer, open: number): number {
  let i = open + 1;
  for (;;) {
    const q = text.indexOf(QUOTE, i);
    if (q < 0) return -1;
    let slashes = 0;
    for (let j = q - 1; j > open && text[j] === BACKSLASH; j--) slashes++;
    if (slashes % 2 === 0) return q;
    i = q + 1;
  }
}

/** The new words put where a model build puts them: the document's operation and the model's. */
function patchDescription(model: ApiModel, edit: DescriptionEdit): boolean {
  const paths = (model.document as { paths?: Record<string, Record<string, unknown>> } | undefined)
    ?.paths;
  const item = paths?.[edit.path];
  if (!item || typeof item !== 'object' || '$ref' in item) return false;
  const raw = item[edit.method] as { description?: unknown } | undefined;
  if (!raw || typeof raw !== 'object' || raw.description !== edit.before) return false;
  const ops = model.operations.filter((o) => o.path === edit.path && o.method === edit.method);
  if (ops.length !== 1 || ops[0].description !== edit.before) return false;
  raw.description = edit.after;
  ops[0].description = edit.after;
  return true;
}
