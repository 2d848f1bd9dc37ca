/**
 * generator/run/watch.ts: watching has begun, for every folder, when `watchFolder` returns (an edit
 * made at once in a subfolder is seen: Node's recursive watch on Linux could miss it), a folder
 * made later is watched from the event that shows it, and `folderStamp` tells an edited file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { folderStamp, watchFolder } from '../../generator/run/watch.js';

const stops: Array<() => void> = [];
const dirs: string[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function contractFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tms-watch-folder-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'paths', 'deep'), { recursive: true });
  writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\n');
  writeFileSync(join(dir, 'paths', 'deep', 'a.yaml'), 'a: 1\n');
  return dir;
}

/** Resolves on the first call of the returned callback; rejects after `ms` (an event never seen). */
function firstEvent(ms = 20_000): { seen: Promise<void>; changed: () => void } {
  let changed!: () => void;
  const seen = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no change event within ${ms} ms`)), ms);
    changed = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { seen, changed };
}

it('sees an edit in a subfolder made as soon as watching has begun', async () => {
  const dir = contractFolder();
  const { seen, changed } = firstEvent();
  stops.push(watchFolder(dir, changed));
  writeFileSync(join(dir, 'paths', 'deep', 'a.yaml'), 'a: 2\n');
  await seen;
});

it('watches a folder made after watching began', async () => {
  const dir = contractFolder();
  let events = 0;
  let next = firstEvent();
  stops.push(
    watchFolder(dir, () => {
      events++;
      next.changed();
    }),
  );
  mkdirSync(join(dir, 'components'));
  await next.seen;
  next = firstEvent();
  writeFileSync(join(dir, 'components', 'b.yaml'), 'b: 1\n');
  await next.seen;
  expect(events).toBeGreaterThanOrEqual(2);
});

it('stamps tell an edited, added or removed file, and nothing else', () => {
  const dir = contractFolder();
  const first = folderStamp(dir);
  expect(folderStamp(dir)).toBe(first);
  writeFileSync(join(dir, 'paths', 'deep', 'a.yaml'), 'a: 22\n');
  const edited = folderStamp(dir);
  expect(edited).not.toBe(first);
  writeFileSync(join(dir, 'paths', 'c.yaml'), 'c: 1\n');
  const added = folderStamp(dir);
  expect(added).not.toBe(edited);
  rmSync(join(dir, 'paths', 'c.yaml'));
  expect(folderStamp(dir)).toBe(edited);
});
