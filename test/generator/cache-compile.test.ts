/**
 * The package compile with a cache (generator/compile/compile-step.ts, generator/compile/compile-prose.ts): a
 * file whose doc comment words changed is served from the compile of its skeleton, found by a
 * text scan without TypeScript's parser, and the result is byte for byte the compiler's; where
 * the scan's skeleton is not the parser's (a `/**` in a string), the scan never decides.
 * And the cache's entries (generator/cache/index.ts): what goes in comes out, text or bytes, and a
 * damaged entry is a miss.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache, type CachedOutput } from '../../generator/cache/index.js';
import { proseSkeleton, scannedSkeleton } from '../../generator/compile/compile-prose.js';
import { compileStep } from '../../generator/compile/compile-step.js';
import type { GeneratedFile } from '../../generator/emit/emitter.js';

const work = mkdtempSync(join(tmpdir(), 'tms-cache-compile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const BANNER = '// banner\n';
const text = (files: GeneratedFile[]) =>
  files.map((f) => [f.path, typeof f.contents === 'string' ? f.contents : 'bytes']);

describe('the package compile through the cache', () => {
  it('finds the parser skeleton by a scan for the generated client and server', () => {
    for (const file of ['generated/client.ts', 'generated/server.ts']) {
      const source = readFileSync(file, 'utf8');
      const scanned = scannedSkeleton(source);
      expect(scanned).toBeDefined();
      expect(scanned).toEqual(proseSkeleton(source, file));
    }
  });

  it(
    'gives the compiler output after a word edit, served from the cache',
    { timeout: 60_000 },
    () => {
      const memo = { cache: openCache(join(work, 'a'))!, generator: 'test' };
      const source = readFileSync('generated/client.ts', 'utf8');
      const at = source.indexOf('/**');
      const edited = `${source.slice(0, at + 3)} Reworded here.${source.slice(at + 3)}`;
      const first = compileStep([{ path: 'client.ts', contents: source }], BANNER, memo);
      expect(first.compiled).toBe(1);
      const again = compileStep([{ path: 'client.ts', contents: edited }], BANNER, memo);
      expect(again).toMatchObject({ compiled: 0, reused: 1 });
      const direct = compileStep([{ path: 'client.ts', contents: edited }], BANNER);
      expect(text(again.files)).toEqual(text(direct.files));
      expect(String(again.files.find((f) => f.path === 'client.d.ts')!.contents)).toContain(
        'Reworded here.',
      );
    },
  );

  it('copies a declarations-only file without a cache entry', () => {
    const cache = openCache(join(work, 'declarations'))!;
    const put: string[] = [];
    const memo = {
      cache: {
        ...cache,
        put: (key: string, output: CachedOutput) => (put.push(key), cache.put(key, output)),
      },
      generator: 'test',
    };
    const source = `${BANNER}export interface A {\n  a: string;\n}\nexport type B = A;\n`;
    const got = compileStep([{ path: 'types.ts', contents: source }], BANNER, memo);
    expect(got).toMatchObject({ compiled: 1, reused: 0 });
    expect(text(got.files)).toEqual(
      text(compileStep([{ path: 'types.ts', contents: source }], BANNER).files),
    );
    expect(String(got.files.find((f) => f.path === 'types.d.ts')!.contents)).toBe(source);
    expect(put).toEqual([]);
  });

  it('never lets the scan decide where it differs from the parser', { timeout: 60_000 }, () => {
    const memo = { cache: openCache(join(work, 'b'))!, generator: 'test' };
    // The scan takes the string's `/** … */` for a doc comment; the parser does not.
    const source = (inString: string, words: string) =>
      [
        `export const s: string = "/** ${inString} */";`,
        `/** ${words} */`,
        'export const n: number = 1;',
        '',
      ].join('\n');
    const s0 = source('one', 'first');
    expect(scannedSkeleton(s0)!.source).not.toBe(proseSkeleton(s0, 'x.ts')!.source);
    expect(compileStep([{ path: 'x.ts', contents: s0 }], BANNER, memo).compiled).toBe(1);
    // Only the string changed: the parser's skeleton changed, so this is compiled again and
    // the new string is in the output (a lookup by the scan's skeleton would not tell).
    const s1 = source('two', 'first');
    const second = compileStep([{ path: 'x.ts', contents: s1 }], BANNER, memo);
    expect(second.compiled).toBe(1);
    expect(text(second.files)).toEqual(
      text(compileStep([{ path: 'x.ts', contents: s1 }], BANNER).files),
    );
    expect(String(second.files[0].contents)).toContain('/** two */');
    // Only the doc comment's words changed: the parser's skeleton is the same; served.
    const s2 = source('two', 'second');
    const third = compileStep([{ path: 'x.ts', contents: s2 }], BANNER, memo);
    expect(third.reused).toBe(1);
    expect(text(third.files)).toEqual(
      text(compileStep([{ path: 'x.ts', contents: s2 }], BANNER).files),
    );
  });
});

describe('cache entries', () => {
  it('give back text as text and bytes as bytes, or every file as bytes', () => {
    const cache = openCache(join(work, 'c'))!;
    const output = {
      warnings: ['a warning: ünïcödé'],
      files: [
        { path: 'a.txt', contents: 'héllo\n' },
        { path: 'empty.txt', contents: '' },
        { path: 'b.bin', contents: new Uint8Array([0, 10, 255, 13]) },
      ],
    };
    cache.put('k', output);
    expect(cache.get('k')).toEqual(output);
    const bytes = cache.get('k', { bytes: true })!;
    expect(bytes.warnings).toEqual(output.warnings);
    expect(bytes.files.map((f) => [f.path, Buffer.from(f.contents).toString('hex')])).toEqual(
      output.files.map((f) => [f.path, Buffer.from(f.contents).toString('hex')]),
    );
  });

  it('treat a damaged entry as a miss and remove it', () => {
    const dir = join(work, 'd');
    const cache = openCache(dir)!;
    cache.put('k', { warnings: [], files: [{ path: 'a.txt', contents: 'x'.repeat(1000) }] });
    const [entry] = readdirSync(dir);
    const raw = readFileSync(join(dir, entry));
    // one byte of a file's contents changed
    const flipped = Buffer.from(raw);
    flipped[flipped.length - 10] ^= 1;
    writeFileSync(join(dir, entry), flipped);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.has('k')).toBe(false);
    // truncated
    cache.put('k', { warnings: [], files: [{ path: 'a.txt', contents: 'x'.repeat(1000) }] });
    writeFileSync(join(dir, entry), raw.subarray(0, raw.length - 1));
    expect(cache.get('k')).toBeUndefined();
  });
});
