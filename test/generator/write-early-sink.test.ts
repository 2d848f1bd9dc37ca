/**
 * Pages handed to the output sink early (`add(…, early = true)`, the docs' pages while the rest
 * is made): the routing rule sends them to the writer thread however few they are
 * (`onWriterThread`, a table), and the tree swapped in at `finish` is exactly what was added
 * early, in every folder, beside files added the ordinary way; an aborted run leaves the old
 * tree as it was.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onWriterThread, outputSink } from '../../generator/write/index.js';

const work = mkdtempSync(join(tmpdir(), 'tms-write-early-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('which batches go to the writer thread', () => {
  const rows: [string, { files: number; early: boolean; reuse: boolean }, boolean][] = [
    ['a small batch', { files: 3, early: false, reuse: false }, false],
    ['a small early batch', { files: 3, early: true, reuse: false }, true],
    ['a large batch', { files: 2481, early: false, reuse: false }, true],
    [
      'a small batch of a folder with reusable files',
      { files: 3, early: false, reuse: true },
      true,
    ],
  ];
  it.each(rows)('%s', (_name, batch, expected) => {
    expect(onWriterThread(batch)).toBe(expected);
  });
});

describe('early batches', () => {
  it('land in the swapped tree with the bytes asked for', async () => {
    const out = join(work, 'site');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'stale.html'), 'from the run before');
    const sink = outputSink([{ dir: out }], 'write', { background: true });
    sink.add(out, [{ path: 'operations/a.html', contents: 'A' }], undefined, true);
    sink.add(
      out,
      [
        { path: 'operations/b.html', contents: 'B é' },
        { path: 'schemas/c.html', contents: new Uint8Array([0x43, 0x0a]) },
      ],
      undefined,
      true,
    );
    sink.add(out, [{ path: 'index.html', contents: 'home' }]);
    await sink.settled();
    expect(sink.finish()).toEqual([]);
    expect(readFileSync(join(out, 'operations/a.html'), 'utf8')).toBe('A');
    expect(readFileSync(join(out, 'operations/b.html'), 'utf8')).toBe('B é');
    expect([...readFileSync(join(out, 'schemas/c.html'))]).toEqual([0x43, 0x0a]);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('home');
    expect(existsSync(join(out, 'stale.html'))).toBe(false);
  });

  it('leave the old tree whole when the run is aborted', async () => {
    const out = join(work, 'kept');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'index.html'), 'old');
    const sink = outputSink([{ dir: out }], 'write', { background: true });
    sink.add(out, [{ path: 'index.html', contents: 'new' }], undefined, true);
    await sink.settled();
    sink.abort();
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('old');
  });
});
