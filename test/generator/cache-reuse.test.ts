/**
 * The writer's reuse of unchanged output files (generator/write/index.ts, `manifests`): a file whose
 * bytes and copy on disk are the ones the last run recorded is linked from the current tree
 * instead of written; anything else (other bytes, a copy edited or replaced since) is written;
 * the old tree stays whole until the swap, and an aborted run leaves it as it was.
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import { outputSink } from '../../generator/write/index.js';

const work = mkdtempSync(join(tmpdir(), 'tms-cache-reuse-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const out = join(work, 'out');
const manifests = join(work, 'manifests');

async function write(files: GeneratedFile[], opts: { abort?: boolean } = {}): Promise<void> {
  const sink = outputSink([{ dir: out }], 'write', { background: true, manifests });
  sink.add(out, files);
  await sink.settled();
  if (opts.abort) sink.abort();
  else sink.finish();
}

const inode = (path: string) => statSync(join(out, path)).ino;
const read = (path: string) => readFileSync(join(out, path), 'utf8');

describe('output reuse between runs', () => {
  it('links what is unchanged and writes the rest, with the bytes asked for', async () => {
    const files = (x: string) => [
      { path: 'same.txt', contents: 'the same bytes' },
      { path: 'deep/er/bytes.bin', contents: new Uint8Array([1, 2, 3]) },
      { path: 'changes.txt', contents: x },
      { path: 'edited.txt', contents: 'as generated' },
    ];
    await write(files('first'));
    expect(readdirSync(manifests).some((f) => f.endsWith('.manifest'))).toBe(true);
    const before = Object.fromEntries(
      ['same.txt', 'deep/er/bytes.bin', 'changes.txt', 'edited.txt'].map((p) => [p, inode(p)]),
    );

    // edited in place since, keeping its size, with a modification time of its own
    writeFileSync(join(out, 'edited.txt'), 'AS GENERATED');
    utimesSync(join(out, 'edited.txt'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    const editedInode = inode('edited.txt');

    await write(files('second'));
    expect(inode('same.txt')).toBe(before['same.txt']); // linked: the very file
    expect(inode('deep/er/bytes.bin')).toBe(before['deep/er/bytes.bin']);
    expect(read('changes.txt')).toBe('second');
    expect(read('edited.txt')).toBe('as generated'); // the edit is not taken for our bytes
    expect(inode('edited.txt')).not.toBe(editedInode);
    expect(readdirSync(work).filter((f) => f.includes('.tmp-'))).toEqual([]);
    // the replaced tree went to the cache folder's trash, which empties itself
    for (let i = 0; i < 100 && readdirSync(join(manifests, 'trash')).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(join(manifests, 'trash'))).toEqual([]);
    expect(statSync(join(out, 'same.txt')).nlink).toBe(1); // the old tree is gone

    // a file no longer produced disappears; one produced again is written
    await write(files('second').slice(1));
    expect(existsSync(join(out, 'same.txt'))).toBe(false);
    await write(files('second'));
    expect(read('same.txt')).toBe('the same bytes');
  });

  it('moves a folder whose files are all unchanged, and only such a folder', async () => {
    const files = (y: string) => [
      { path: 'all/same/a.txt', contents: 'a' },
      { path: 'all/b.txt', contents: 'b' },
      { path: 'mixed/x.txt', contents: 'x' },
      { path: 'mixed/y.txt', contents: y },
    ];
    await write(files('1'));
    // a file nobody generated, in a folder that is otherwise unchanged: that folder is not
    // moved (the file would come along), its files are linked one by one
    writeFileSync(join(out, 'all', 'same', 'intruder.txt'), 'not ours');
    const all = inode('all');
    const a = inode('all/same/a.txt');
    await write(files('2'));
    expect(existsSync(join(out, 'all', 'same', 'intruder.txt'))).toBe(false);
    expect(inode('all')).not.toBe(all);
    expect(inode('all/same/a.txt')).toBe(a);
    // now nothing but our files: the whole folder comes over, folder and all
    const again = inode('all');
    const mixed = inode('mixed');
    const x = inode('mixed/x.txt');
    await write(files('3'));
    expect(inode('all')).toBe(again);
    expect(inode('all/same/a.txt')).toBe(a);
    expect(inode('mixed')).not.toBe(mixed); // one of its files changed: made anew, x linked
    expect(inode('mixed/x.txt')).toBe(x);
    expect(read('mixed/y.txt')).toBe('3');
    expect(read('all/b.txt')).toBe('b');
  });

  it('leaves the old tree whole when the run is aborted', async () => {
    await write([{ path: 'kept.txt', contents: 'kept' }]);
    const ino = inode('kept.txt');
    await write([{ path: 'kept.txt', contents: 'kept' }], { abort: true });
    expect(read('kept.txt')).toBe('kept');
    expect(inode('kept.txt')).toBe(ino);
    expect(statSync(join(out, 'kept.txt')).nlink).toBe(1);
    expect(readdirSync(work).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('writes everything when the manifest is gone or damaged', async () => {
    await write([{ path: 'a.txt', contents: 'a' }]);
    const ino = inode('a.txt');
    for (const f of readdirSync(manifests).filter((name) => name.endsWith('.manifest')))
      writeFileSync(join(manifests, f), '{not json');
    await write([{ path: 'a.txt', contents: 'a' }]);
    expect(inode('a.txt')).not.toBe(ino);
    rmSync(manifests, { recursive: true, force: true });
    const again = inode('a.txt');
    await write([{ path: 'a.txt', contents: 'a' }]);
    expect(inode('a.txt')).not.toBe(again);
    expect(read('a.txt')).toBe('a');
  });
});

describe('cached outputs kept in place unread (OutputSink.keep)', () => {
  const cachedFiles = [
    { path: 'kept/a.txt', contents: 'a from the entry' },
    { path: 'kept/deep/b.txt', contents: 'b from the entry' },
  ];
  const paths = cachedFiles.map((f) => f.path);
  /** a run that writes the entry's files with `origin`, and another file */
  async function filled(origin: string | undefined): Promise<void> {
    rmSync(out, { recursive: true, force: true });
    rmSync(manifests, { recursive: true, force: true });
    const sink = outputSink([{ dir: out }], 'write', { background: true, manifests });
    sink.add(out, cachedFiles, origin);
    sink.add(out, [{ path: 'other.txt', contents: 'other' }]);
    await sink.settled();
    sink.finish();
  }
  /** the next run: keep the entry's files if it may (else write them), and the other file */
  async function next(origin: string): Promise<boolean> {
    const sink = outputSink([{ dir: out }], 'write', { background: true, manifests });
    const kept = sink.keep(out, [{ paths, origin }]);
    if (!kept) sink.add(out, cachedFiles, origin);
    sink.add(out, [{ path: 'other.txt', contents: 'other, again' }]);
    await sink.settled();
    sink.finish();
    return kept;
  }
  const rows: [string, string | undefined, string, () => void, boolean][] = [
    ['the same entry, untouched', 'K', 'K', () => undefined, true],
    ['another entry', 'K', 'L', () => undefined, false],
    ['written without an entry', undefined, 'K', () => undefined, false],
    [
      'a file edited since (same size, its own time)',
      'K',
      'K',
      () => {
        writeFileSync(join(out, 'kept/a.txt'), 'A FROM THE ENTRY');
        utimesSync(join(out, 'kept/a.txt'), new Date(2001, 1, 1), new Date(2001, 1, 1));
      },
      false,
    ],
    ['a file removed since', 'K', 'K', () => rmSync(join(out, 'kept/deep/b.txt')), false],
  ];
  it.each(rows)('%s', async (_name, wroteWith, askedFor, meanwhile, keeps) => {
    await filled(wroteWith);
    meanwhile();
    expect(await next(askedFor)).toBe(keeps);
    // either way the tree holds the entry's bytes and the new other file
    for (const f of cachedFiles) expect(read(f.path)).toBe(f.contents);
    expect(read('other.txt')).toBe('other, again');
    // and what is kept is kept again by the run after
    expect(await next(askedFor)).toBe(true);
  });

  it('keeps nothing when a group cannot be kept whole', async () => {
    await filled('K');
    const sink = outputSink([{ dir: out }], 'write', { background: true, manifests });
    expect(
      sink.keep(out, [
        { paths, origin: 'K' },
        { paths: ['other.txt'], origin: 'K' },
      ]),
    ).toBe(false);
    // nothing of the first group was kept: a run that adds only the other file ends without it
    sink.add(out, [{ path: 'other.txt', contents: 'other, again' }]);
    await sink.settled();
    sink.finish();
    for (const path of paths) expect(existsSync(join(out, path))).toBe(false);
    expect(read('other.txt')).toBe('other, again');
  });
});
