/**
 * Examples as shown on a page. Small ones are inlined; big ones (GitHub's spec has examples of
 * tens of kilobytes, reused by many operations) go to a file of their own under `examples/`,
 * linked from the page (one file per distinct example), so that no page grows past what a phone
 * loads comfortably.
 */
import type { Example } from '../../model/types.js';
import type { GeneratedFile } from '../emitter.js';
import { createHash } from 'node:crypto';

/** Inline examples up to this size (pretty-printed JSON, in characters)... */
export const INLINE_EXAMPLE_LIMIT = 6_000;
/** ...and on a big site (GitHub's: examples highlighted on 1200 pages must fit the size budget). */
export const BIG_SITE_INLINE_EXAMPLE_LIMIT = 1_200;

export interface ExampleView {
  name: string;
  summary: string;
  description: string;
  /** pretty JSON, when inlined */
  json?: string;
  /** link to the example file, when too big to inline */
  href?: string;
  size?: string;
}

/** Files of out-of-line examples, collected over the whole run (keyed by path, so each is written once). */
export type ExampleFiles = Map<string, GeneratedFile>;

/**
 * Pretty JSON (and, once needed, its file's path) by example value, for one run: GitHub's
 * operations share many examples through `$ref` (the model keeps one object per target).
 */
export type ExampleMemo = WeakMap<object, { json: string; path?: string }>;

export function exampleView(
  ex: Example,
  opts: {
    files: ExampleFiles;
    fileStem: string;
    root: string;
    inlineLimit?: number;
    memo?: ExampleMemo;
  },
): ExampleView {
  const shared =
    opts.memo && ex.value !== null && typeof ex.value === 'object' ? ex.value : undefined;
  let known = shared && opts.memo!.get(shared);
  if (!known) {
    known = { json: prettyJson(ex.value) };
    if (shared) opts.memo!.set(shared, known);
  }
  const json = known.json;
  const view: ExampleView = {
    name: ex.name,
    summary: ex.summary ?? '',
    description: ex.description ?? '',
  };
  if (json.length <= (opts.inlineLimit ?? INLINE_EXAMPLE_LIMIT)) {
    view.json = json;
    return view;
  }
  // Named by content: GitHub's spec reuses one big example on many operations; it is written once.
  const path =
    (known.path ??= `examples/${createHash('sha256').update(json).digest('hex').slice(0, 16)}.json`);
  opts.files.set(path, { path, contents: json + '\n' });
  view.href = opts.root + path;
  view.size = `${Math.round(json.length / 1024)} KB`;
  return view;
}

export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}
