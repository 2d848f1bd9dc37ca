/**
 * generator/run/watch.ts, the one watch of `generate --watch` and `preview`, driven with a run of
 * our own that reports which files it read: only those files start a run (another file of the
 * folder does not), the list is taken again after each run (a new `$ref`'d file is watched), an
 * invalid contract keeps the watch going and adds the files its problems are in, a run that
 * throws is reported and watched on, an edit made during the first run starts another, and a
 * stopped watch runs no more. Only the contract's files are stamped: the loader stamps each as
 * it reads it, and nothing else of the folder counts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { bundleContract } from '../../generator/load/bundle.js';
import type { RunResult } from '../../generator/run/options.js';
import { stampFiles, watchContract, type Watching } from '../../generator/run/watch.js';

const watches: Watching[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const w of watches.splice(0)) w.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A contract folder: the document, a part it references, and a file it does not. */
function contractFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'tms-watch-contract-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'parts'));
  const files = {
    root: join(dir, 'api.yaml'),
    part: join(dir, 'parts', 'thing.yaml'),
    later: join(dir, 'parts', 'later.yaml'),
    notes: join(dir, 'notes.txt'),
  };
  for (const file of [files.root, files.part, files.later]) writeFileSync(file, 'a: 1\n');
  return { dir, ...files };
}

/**
 * Watches `root` with a run answering `next()`; `runs` resolves each run in turn, so a test
 * waits for an event, never for a time (only "nothing happened" waits: long past the settle).
 */
function watchWith(root: string, first: RunResult, next: () => RunResult) {
  const results: RunResult[] = [];
  let wake = () => {};
  const watching = watchContract({
    contract: root,
    before: stampFiles([root]),
    first,
    run: async () => next(),
    finished: (result) => {
      results.push(result);
      wake();
    },
  });
  watches.push(watching);
  /** Resolves when `n` runs have ended; fails the test after a generous bound. */
  const ran = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const bound = setTimeout(() => reject(new Error(`${results.length} of ${n} runs`)), 15_000);
      wake = () => {
        if (results.length < n) return;
        clearTimeout(bound);
        resolve();
      };
      wake();
    });
  return { watching, results, ran };
}

const good = (...files: string[]): RunResult => ({ exitCode: 0, lines: [], contractFiles: files });
const quietly = () => new Promise((r) => setTimeout(r, 400));

it('runs on an edit of a file the contract read, not on another file of the folder', async () => {
  const c = contractFolder();
  const w = watchWith(c.root, good(c.root, c.part), () => good(c.root, c.part));
  expect(w.watching.files()).toEqual([c.root, c.part]);
  writeFileSync(c.notes, 'unrelated\n');
  writeFileSync(c.later, 'a: 2\n');
  await quietly();
  expect(w.results).toHaveLength(0);
  writeFileSync(c.part, 'a: 2\n');
  await w.ran(1);
});

it('watches a file a new $ref reaches from the run that read it on', async () => {
  const c = contractFolder();
  const w = watchWith(c.root, good(c.root), () => good(c.root, c.later));
  writeFileSync(c.root, 'a: 2\n');
  await w.ran(1);
  expect(w.watching.files()).toEqual([c.root, c.later]);
  writeFileSync(c.later, 'a: 2\n');
  await w.ran(2);
});

it('runs again for an edit of a newly reached file made while the run that read it went on', async () => {
  const c = contractFolder();
  let edited = false;
  const w = watchWith(c.root, good(c.root), () => {
    if (edited) return good(c.root, c.later);
    // the run reads `later` (its loader's stamp), then the file is edited before the run ends
    const contractStamps = Object.fromEntries(stampFiles([c.root, c.later]));
    writeFileSync(c.later, 'a: 22\n');
    edited = true;
    return { ...good(c.root, c.later), contractStamps };
  });
  writeFileSync(c.root, 'a: 2\n');
  await w.ran(2);
});

it('goes on through an invalid contract and a run that throws, and sees the fix', async () => {
  const c = contractFolder();
  let next: () => RunResult = () => ({
    exitCode: 1,
    lines: ['the contract is invalid'],
    contractFiles: [c.root, c.later],
  });
  const w = watchWith(c.root, good(c.root, c.part), () => next());
  writeFileSync(c.part, 'a: 2\n');
  await w.ran(1);
  // the broken run's problem is in a file the last good run did not read: watched as well
  expect(w.watching.files()).toEqual([c.root, c.part, c.later]);
  next = () => {
    throw new Error('a defect');
  };
  writeFileSync(c.later, 'a: 2\n');
  await w.ran(2);
  expect(w.results[1].lines.join('\n')).toMatch(/internal error: a defect/);
  next = () => good(c.root, c.part);
  writeFileSync(c.later, 'a: 3\n');
  await w.ran(3);
  expect(w.results[2].exitCode).toBe(0);
  expect(w.watching.files()).toEqual([c.root, c.part]);
});

it('runs again for an edit made while the first run went on', async () => {
  const c = contractFolder();
  const before = stampFiles([c.root]);
  // the stamps the first run's loader took as it read its files
  const contractStamps = Object.fromEntries(stampFiles([c.root, c.part]));
  // the edit lands after the read and before the watch: as during the first run
  writeFileSync(c.part, 'a: 22\n');
  let runs = 0;
  let resolveRun = () => {};
  const ran = new Promise<void>((r) => (resolveRun = r));
  watches.push(
    watchContract({
      contract: c.root,
      before,
      first: { ...good(c.root, c.part), contractStamps },
      run: async () => good(c.root, c.part),
      finished: () => {
        runs++;
        resolveRun();
      },
    }),
  );
  await ran;
  await quietly();
  expect(runs).toBe(1);
});

it('runs no more once stopped', async () => {
  const c = contractFolder();
  const w = watchWith(c.root, good(c.root, c.part), () => good(c.root, c.part));
  w.watching.stop();
  writeFileSync(c.part, 'a: 2\n');
  await quietly();
  expect(w.results).toHaveLength(0);
});

it('stamps the files the loader reads, as it reads them, and nothing else of the folder', () => {
  const c = contractFolder();
  writeFileSync(c.root, 'openapi: 3.1.0\ninfo: { $ref: "parts/thing.yaml" }\npaths: {}\n');
  writeFileSync(c.part, 'title: t\nversion: "1"\n');
  mkdirSync(join(c.dir, 'node_modules'));
  writeFileSync(join(c.dir, 'node_modules', 'dep.json'), '{}');
  const bundled = bundleContract(c.root);
  if (!bundled.ok) throw new Error(bundled.problems.map((p) => p.message).join('\n'));
  const stamps = Object.fromEntries(bundled.bundle.files.map((f) => [f.path, f.stamp]));
  expect(stamps).toEqual(Object.fromEntries(stampFiles([c.root, c.part])));
  // a later edit gives another stamp: the watch's comparison sees it
  writeFileSync(c.part, 'title: t2\nversion: "1"\n');
  expect(stampFiles([c.part]).get(c.part)).not.toBe(stamps[c.part]);
});
