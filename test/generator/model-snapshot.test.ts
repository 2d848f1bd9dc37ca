/**
 * The model snapshot (generator/cache/model-snapshot.ts): a run reuses the model of an earlier one
 * only when the document's text differs from the snapshot's inside one operation's own
 * description, and the patched model is then the very model a full load builds. Table rows:
 * each edit of a JSON text, whether the snapshot may serve it, and (when it does) the model
 * compared with the full load's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../generator/cache/index.js';
import { loadContract, DEFAULT_LIMITS } from '../../generator/load/index.js';
import {
  digestsAfterDescriptionEdit,
  modelDigests,
  type RememberedDigests,
} from '../../generator/model/digest.js';
import {
  descriptionEdit,
  loadFromSnapshot,
  readSourceBytes,
  snapshotKey,
  snapshotOf,
  storeSnapshot,
} from '../../generator/cache/model-snapshot.js';
import { loadOrThrow } from '../load-contract.js';

const work = mkdtempSync(join(tmpdir(), 'tms-model-snapshot-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Our contract, bundled into one JSON document (the shortcut serves single JSON files). */
let text = '';
beforeAll(async () => {
  const contract = await loadOrThrow();
  text = JSON.stringify(contract.model.document, null, 2);
});

/** The first operation's description in the text, as `"description": "…"` (its JSON). */
function firstOperationDescription(): {
  at: number;
  literal: string;
  path: string;
  method: string;
  words: string;
} {
  const doc = JSON.parse(text) as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of ['get', 'put', 'post', 'delete', 'patch'])
      if (typeof item[method]?.description === 'string') {
        const literal = `"description": ${JSON.stringify(item[method].description)}`;
        const pathAt = text.indexOf(JSON.stringify(path) + ': {');
        const at = text.indexOf(literal, text.indexOf(`"${method}": {`, pathAt));
        return { at, literal, path, method, words: item[method].description };
      }
  throw new Error('no operation description');
}

/** The text with the first operation's description's words replaced by `words` (raw JSON). */
function withDescription(rawWords: string): string {
  const { at, literal } = firstOperationDescription();
  return text.slice(0, at) + `"description": "${rawWords}"` + text.slice(at + literal.length);
}

const bytes = (s: string) => Buffer.from(s, 'utf8');

/** `t` with a member `x-alias` in its components: `{ "$ref": <rawRef> }` (raw JSON). */
const withRef = (t: string, rawRef: string) =>
  t.replace('"components": {', `"components": {\n  "x-alias": { "$ref": "${rawRef}" },`);

/** `t` with an `x-alias` member first in the document: `{ <rawName>: <rawValue> }` (raw JSON). */
const withFirstMember = (t: string, rawName: string, rawValue: string) =>
  t.replace('{', `{\n  "x-alias": { ${rawName}: ${rawValue} },`);

/** The paths of the text, in order. */
const pathNames = (t: string) => Object.keys((JSON.parse(t) as { paths: object }).paths);

/**
 * `t` with an empty path item of the first operation's path placed just before the path item
 * of the path at `index` (0: before its own, which JSON keeps; 1: after it, which JSON keeps).
 */
function repeatedPath(t: string, index: 0 | 1): string {
  const [first] = pathNames(t);
  const next = JSON.stringify(pathNames(t)[index]) + ': {';
  const at = t.indexOf(next, t.indexOf('"paths": {'));
  return t.slice(0, at) + `${JSON.stringify(first)}: {},\n    ` + t.slice(at);
}

/**
 * The text with the first operation's `description` member written twice (the same words);
 * JSON keeps the second. `edit` rewords the first (0) or the second (1) copy.
 */
function repeatedDescription(edit?: 0 | 1): string {
  const { at, literal } = firstOperationDescription();
  const copies = [literal, literal];
  if (edit !== undefined) copies[edit] = '"description": "Reworded."';
  const indent = text.slice(text.lastIndexOf('\n', at) + 1, at);
  return text.slice(0, at) + copies.join(`,\n${indent}`) + text.slice(at + literal.length);
}

describe('descriptionEdit', () => {
  /** 'same', refused, or an edit of the first operation's description to these words */
  type Verdict = 'same' | 'refused' | { after: string };
  /** name, the edited text, the verdict, the text before (our contract's when left out) */
  type Row = [string, () => string, Verdict, (() => string)?];
  const rows: Row[] = [
    [
      'a repeated description member: the copy JSON ignores',
      () => repeatedDescription(0),
      'refused',
      () => repeatedDescription(),
    ],
    [
      'a repeated description member: the copy JSON keeps',
      () => repeatedDescription(1),
      { after: 'Reworded.' },
      () => repeatedDescription(),
    ],
    [
      "a repeated path item before the operation's (JSON keeps the operation's)",
      () => repeatedPath(withDescription('Reworded.'), 0),
      { after: 'Reworded.' },
      () => repeatedPath(text, 0),
    ],
    [
      "a repeated path item after the operation's (JSON keeps the empty one)",
      () => repeatedPath(withDescription('Reworded.'), 1),
      'refused',
      () => repeatedPath(text, 1),
    ],
    [
      'a repeated paths member at the end (JSON keeps it)',
      () => withDescription('Reworded.').replace(/\n}\s*$/, ',\n  "paths": {}\n}'),
      'refused',
      () => text.replace(/\n}\s*$/, ',\n  "paths": {}\n}'),
    ],
    ['the same text', () => text, 'same'],
    [
      'an operation description reworded',
      () => withDescription('Reworded words.'),
      { after: 'Reworded words.' },
    ],
    [
      'with escapes and non-ASCII',
      () => withDescription('Line\\none \\"quoted\\" é ✓'),
      { after: 'Line\none "quoted" é ✓' },
    ],
    ['emptied', () => withDescription(''), { after: '' }],
    ['a quote that ends the string early', () => withDescription('broken" , "x": "y'), 'refused'],
    ['a trailing backslash', () => withDescription('oops\\'), 'refused'],
    ['words naming a feature-level key', () => withDescription('see x-history'), 'refused'],
    [
      'a schema description',
      () => {
        const at = text.indexOf('"description"', text.indexOf('"components"'));
        const end = text.indexOf('",', at);
        return text.slice(0, end) + ' more' + text.slice(end);
      },
      'refused',
    ],
    [
      'an operation summary',
      () => {
        const at = text.indexOf('"summary"', text.indexOf('"paths"'));
        const end = text.indexOf('",', at);
        return text.slice(0, end) + ' more' + text.slice(end);
      },
      'refused',
    ],
    ['a member name', () => text.replace('"description": ', '"descriptio": '), 'refused'],
    [
      'a space outside any string',
      () => text.replace('"description": ', '"description":  '),
      'refused',
    ],
    ['a line added at the end', () => text + '\n', 'refused'],
    [
      'two descriptions edited',
      () => {
        const one = withDescription('One.');
        const last = one.lastIndexOf('"description": "');
        return one.slice(0, last + 16) + 'Two. ' + one.slice(last + 16);
      },
      'refused',
    ],
    ...(
      [
        ['a $ref into #/paths/', '#/paths/~1x/get'],
        ['an escaped $ref into #\\/paths\\/', '#\\/paths\\/~1x\\/get'],
        ['a $ref naming its own file', 'contract.json#/paths/~1x/get'],
        ['a percent-encoded $ref', '#%2Fpaths%2F~1x%2Fget'],
      ] as const
    ).map(([name, ref]): Row => [
      `an operation read through ${name}`,
      () => withRef(withDescription('Reworded.'), ref),
      'refused',
      () => withRef(text, ref),
    ]),
    ...(
      [
        ['a $ref into the paths before them', '"$ref"', '"#/paths/~1x/get"', 'refused'],
        ['an escaped $ref member name', '"\\u0024ref"', '"#/paths/~1x/get"', 'refused'],
        ['a $ref that is not a string', '"$ref"', '["#/paths/~1x/get"]', { after: 'Reworded.' }],
        ['a member named like a $ref', '"$refs"', '"#/paths/~1x/get"', { after: 'Reworded.' }],
        ['a $ref to the paths object itself', '"$ref"', '"#/paths"', 'refused'],
        ['a $ref to a name that starts like paths', '"$ref"', '"#/pathsx"', { after: 'Reworded.' }],
      ] as const
    ).map(([name, rawName, rawValue, verdict]): Row => [
      name,
      () => withFirstMember(withDescription('Reworded.'), rawName, rawValue),
      verdict,
      () => withFirstMember(text, rawName, rawValue),
    ]),
    [
      'one line (a member follows on the same line)',
      () => JSON.stringify(JSON.parse(withDescription('Reworded.'))),
      'refused',
      () => JSON.stringify(JSON.parse(text)),
    ],
  ];
  it.each(rows)('%s', (_name, edited, verdict, base) => {
    const got = descriptionEdit(bytes(base ? base() : text), bytes(edited()));
    if (verdict === 'same' || verdict === 'refused')
      expect(got).toEqual(verdict === 'same' ? 'same' : undefined);
    else {
      const { path, method, words } = firstOperationDescription();
      expect(got).toEqual({ path, method, before: words, after: verdict.after });
    }
  });
});

describe('loadFromSnapshot', () => {
  const file = () => join(work, 'contract.json');

  /** A full load of `contents` with its snapshot stored in a fresh cache. */
  async function filled(contents: string) {
    writeFileSync(file(), contents);
    const cacheDir = mkdtempSync(join(work, 'cache-'));
    const cache = openCache(cacheDir)!;
    const key = snapshotKey('generator', file(), DEFAULT_LIMITS);
    const source = readSourceBytes(file(), DEFAULT_LIMITS)!;
    const loaded = await loadContract(file(), { deferValidation: true });
    if (!loaded.ok) throw new Error('fixture does not load');
    const snapshot = snapshotOf(
      loaded.contract.model,
      loaded.contract.warnings,
      loaded.contract.bundle.files,
    )!;
    const known = new Map<string, string>();
    const remembered: RememberedDigests = {
      get: (k) => known.get(k),
      put: (k, v) => void known.set(k, v),
    };
    const digests = modelDigests(loaded.contract.model, remembered);
    storeSnapshot(cache, key, file(), source, snapshot, digests.withoutOperationDescriptions);
    return { cache, key, remembered };
  }

  const edits: [string, string][] = [
    ['reworded', 'Reworded words.'],
    ['escapes and non-ASCII', 'Line\\none \\"quoted\\" é ✓ \\u00e9'],
    ['emptied', ''],
  ];
  it.each(edits)('a description %s: the model a full load builds', async (_name, words) => {
    const { cache, key, remembered } = await filled(text);
    writeFileSync(file(), withDescription(words));
    const patched = loadFromSnapshot(cache, key, file(), DEFAULT_LIMITS);
    expect(patched).toBeDefined();
    const full = await loadContract(file(), { deferValidation: true });
    if (!full.ok) throw new Error('edited fixture does not load');
    expect(JSON.stringify(patched!.model)).toBe(JSON.stringify(full.contract.model));
    expect(isDeepStrictEqual(patched!.model, full.contract.model)).toBe(true);
    expect(patched!.warnings).toEqual(full.contract.warnings);
    // the cache keys: the patched model's digests, made from the snapshot's, are the full load's
    expect(patched!.withoutOperationDescriptions).toMatch(/^[0-9a-f]{64}$/);
    const fast = digestsAfterDescriptionEdit(
      patched!.model,
      patched!.withoutOperationDescriptions!,
      remembered,
    );
    expect(fast).toEqual(modelDigests(full.contract.model));
  });

  it('serves nothing for any other edit, nor under another key', async () => {
    const { cache, key } = await filled(text);
    writeFileSync(file(), text.replace('"title": "', '"title": "X'));
    expect(loadFromSnapshot(cache, key, file(), DEFAULT_LIMITS)).toBeUndefined();
    writeFileSync(file(), withDescription('Reworded.'));
    const other = snapshotKey('another generator', file(), DEFAULT_LIMITS);
    expect(loadFromSnapshot(cache, other, file(), DEFAULT_LIMITS)).toBeUndefined();
    const smaller = { ...DEFAULT_LIMITS, maxDocumentBytes: 100 };
    expect(loadFromSnapshot(cache, key, file(), smaller)).toBeUndefined();
  });
});
