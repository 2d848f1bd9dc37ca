/**
 * `--quiet` hides the report, never a warning: exploded query objects whose names clash change
 * what goes on the wire (generator/model/wire-collisions.ts), so a user must see it whatever
 * the flag says. Warnings go to stderr, each once, on a cold run and on one the cache serves,
 * with `--check` too; the report (stage table) goes to stdout and only without `--quiet`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tmsGen } from '../tms-gen-run.js';

const work = mkdtempSync(join(tmpdir(), 'tms-quiet-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CONTRACT = join('test', 'fixtures', 'wire', 'colliding-objects.yaml');
const args = [
  '--contract',
  CONTRACT,
  '--only',
  'operations',
  '--out',
  join(work, 'gen'),
  '--docs',
  join(work, 'docs'),
  '--cache-dir',
  join(work, 'cache'),
];
/** Parameters the fixture's collisions switch to deepObject (it may hold more). */
const SWITCHED = ['buyer', 'seller', 'layout', 'rebate', 'payment'];

function collisionWarnings(stderr: string): string[] {
  const warnings = stderr.split('\n').filter((l) => l.startsWith('warning: '));
  expect(new Set(warnings).size, 'a warning printed twice').toBe(warnings.length);
  return warnings.filter((l) => l.includes('is sent as a deepObject'));
}

it('prints the wire-collision warnings on stderr, once each, with --quiet or not', async () => {
  const quiet = await tmsGen([...args, '--quiet']);
  expect(quiet.code, quiet.stderr).toBe(0);
  expect(quiet.stdout).toBe('');
  const warned = collisionWarnings(quiet.stderr);
  const names = warned.map((l) => /query parameter '(\w+)'/.exec(l)?.[1]);
  expect(names).toEqual(expect.arrayContaining(SWITCHED));
  expect(warned[0]).toMatch(
    /^warning: test\/fixtures\/wire\/colliding-objects\.yaml:\d+:\d+ #\/paths\//,
  );

  // served from the cache this time, and with the report on stdout
  const full = await tmsGen(args);
  expect(full.code, full.stderr).toBe(0);
  expect(collisionWarnings(full.stderr)).toEqual(warned);
  expect(full.stdout).toMatch(/^ {2}operations +\d+ ms/m);
  expect(full.stdout).not.toMatch(/warning/);

  const check = await tmsGen([...args, '--check', '--quiet']);
  expect(check.code, check.stdout + check.stderr).toBe(0);
  expect(check.stdout).toBe('');
  expect(collisionWarnings(check.stderr)).toEqual(warned);
}, 120_000);
