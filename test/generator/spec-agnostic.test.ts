/**
 * Spec-agnostic generation (issue 3), the cheap proof CI runs: every emitter on a fixed sample of
 * third-party documents, and all the code compiled under `tsc --strict` in one program.
 *
 * The sample is chosen from what the whole-directory run (bench/breadth.ts, results in
 * bench/results/breadth.md) found hard; each entry says what it exercises. Zulip's document is
 * the one closest to ours (form bodies, JSON-encoded fields, `content:` query parameters).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitters } from '../../generator/emit/index.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { strictTypeErrors } from '../../bench/lib/strict-tsc.js';

const run = promisify(execFile);
const SPECS = sharedPath('specs');
const haveSpecs = haveShared('spec-agnostic generation (third-party documents)', 'specs');
// Inside the project, so the generated client resolves openapi-fetch from node_modules.
const SCRATCH = resolve('test-artifacts', `spec-agnostic-${process.pid}`);

const SAMPLE: [name: string, file: string, why: string][] = [
  [
    'zulip',
    join(SPECS, 'big', 'zulip.yaml'),
    '3.0; form bodies with JSON-encoded fields, content: query parameters',
  ],
  [
    'dnd5eapi',
    join(SPECS, 'breadth', 'dnd5eapi.co.json'),
    '3.0; percent-encoded $refs into paths/ (`{index}` as %7B…%7D), recursive schemas',
  ],
  [
    'eos',
    join(SPECS, 'breadth', 'eos.local.json'),
    '3.0; $refs to properties nested inside a response schema',
  ],
  [
    'agco-ats',
    join(SPECS, 'breadth', 'agco-ats.com.json'),
    '3.0; operations without an operationId (ids synthesized from paths)',
  ],
  [
    'amadeus-trip-parser',
    join(SPECS, 'breadth', 'amadeus.com__amadeus-trip-parser.json'),
    '3.0; a pattern valid only without the u flag ([a-zA-Z]{1-70})',
  ],
  [
    'apple-sirikit',
    join(SPECS, 'breadth', 'apple.com__sirikit-cloud-media.json'),
    '3.0; allOf + discriminator redeclaring the discriminator property, recursive schemas',
  ],
  ['listennotes', join(SPECS, 'breadth', 'listennotes.com.json'), '3.1; urlencoded form bodies'],
  [
    'adyen-dispute',
    join(SPECS, 'breadth', 'adyen.com__DisputeService-v30.json'),
    '3.1; JSON bodies',
  ],
  [
    'codat-bank-feeds',
    join(SPECS, 'breadth', 'codat.io__bank-feeds.json'),
    '3.1; `nullable` without `type`, $refs into nested `definitions`',
  ],
  [
    'appwrite',
    join(SPECS, 'breadth', 'appwrite.io__client.json'),
    '3.0; operation ids with dots and odd names',
  ],
  [
    'intellifi',
    join(SPECS, 'breadth', 'intellifi.nl.json'),
    '3.0; two parameters sharing a name (query and path)',
  ],
];

const outputs = new Map<string, { ok: boolean; log: string }>();

/** Runs `work` over `items`, two at a time (CI has two cores). */
async function twoAtATime<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

beforeAll(async () => {
  if (!haveSpecs) return;
  mkdirSync(SCRATCH, { recursive: true });
  await twoAtATime(SAMPLE, async ([name, file]) => {
    const dir = join(SCRATCH, name);
    try {
      // Not --quiet: the CLI lists each emitter it ran, which the test checks.
      const { stdout } = await run(
        process.execPath,
        [
          'bin/tms-gen.js',
          '--contract',
          file,
          '--out',
          join(dir, 'gen'),
          '--docs',
          join(dir, 'docs'),
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      outputs.set(name, { ok: true, log: stdout });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string; message: string };
      outputs.set(name, { ok: false, log: `${e.stderr ?? ''}${e.stdout ?? ''}` || e.message });
    }
  });
}, 300_000);

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe.skipIf(!haveSpecs).each(SAMPLE)('%s', (name, _file, why) => {
  it(`runs every emitter (${why})`, async () => {
    const out = outputs.get(name)!;
    expect(out.log).not.toMatch(/emitter failed|invalid|internal error/);
    expect(out.ok).toBe(true);
    for (const emitter of emitters)
      expect(out.log).toMatch(new RegExp(`^  ${emitter.name} +\\d+ ms +[1-9]\\d* files?`, 'm'));
    const gen = join(SCRATCH, name, 'gen');
    for (const file of [
      'types.ts',
      'operations.ts',
      'client.ts',
      'server.ts',
      'validators.js',
      'validators.d.ts',
      'openapi.prism.json',
    ]) {
      expect(existsSync(join(gen, file)), file).toBe(true);
    }
    expect(existsSync(join(SCRATCH, name, 'docs', 'index.html'))).toBe(true);
    // validators.js is plain JS that tsc does not read: it must at least load and answer.
    const validators = await import(pathToFileURL(join(gen, 'validators.js')).href);
    const { operations } = await import(pathToFileURL(join(gen, 'operations.ts')).href);
    const [id, info] = Object.entries(operations as Record<string, { statuses: string[] }>)[0];
    const status =
      info.statuses[0] === 'default' ? 500 : Number(info.statuses[0].replace(/X/gi, '0'));
    expect(typeof validators.validateResponse(id, status, {}).valid).toBe('boolean');
    expect(() => validators.validateResponse('no such operation', 200, {})).toThrow(
      /unknown operationId/,
    );
  });
});

describe.skipIf(!haveSpecs)('the generated code of every sample', () => {
  it('compiles under tsc --strict, as one program', async () => {
    const files = SAMPLE.flatMap(([name]) =>
      ['types.ts', 'operations.ts', 'client.ts', 'server.ts', 'validators.d.ts'].map((f) =>
        join(SCRATCH, name, 'gen', f),
      ),
    );
    // No skipLibCheck: it would skip the inside of validators.d.ts.
    const errors = (
      await strictTypeErrors(files, join(SCRATCH, 'tsconfig.json'), { skipLibCheck: false })
    ).map((l) => l.replace(SCRATCH + '/', ''));
    expect(errors).toEqual([]);
  }, 180_000);
});
