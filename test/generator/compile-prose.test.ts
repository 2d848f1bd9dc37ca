/**
 * The prose-free compile (generator/compile/compile-prose.ts) against a direct compile, module by
 * module: for every generated TypeScript module of our contract and of a fixture whose
 * descriptions look like code (backticks, `*\/`, `/**`, identifiers, tags, CRLF, U+2028,
 * test/fixtures/prose/code-like.yaml), the package step with a cache (the skeleton path: doc
 * comment words swapped for tokens, compiled, words put back) must give the same `.js` and
 * `.d.ts` bytes as the package step without one (generator/compile/package-compile-split.ts or the
 * whole-file compile). A second run with the same cache (words restored into a cached compile)
 * must give them too.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedOutput, OutputCache } from '../../generator/cache/index.js';
import { proseSkeleton } from '../../generator/compile/compile-prose.js';
import { compileStep } from '../../generator/compile/compile-step.js';
import { declarationsOnly } from '../../generator/compile/package-compile.js';
import { tmsGenOrThrow } from '../tms-gen-run.js';

const SCRATCH = resolve('test-artifacts', `compile-prose-${process.pid}`);
const FIXTURE = 'test/fixtures/prose/code-like.yaml';
const BANNER = '// banner of the test\n';

/** Every `.ts` module (not `.d.ts`) under `dir`, by path relative to it. */
function modules(dir: string): { path: string; contents: string }[] {
  const out: { path: string; contents: string }[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
        out.push({ path: relative(dir, full), contents: readFileSync(full, 'utf8') });
    }
  };
  walk(dir);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** An in-memory cache: what the package step keeps between runs. */
function memoryCache(): OutputCache & { keys: string[] } {
  const entries = new Map<string, CachedOutput>();
  return {
    keys: [],
    has: (key) => entries.has(key),
    get: (key) => entries.get(key),
    put(key, output) {
      this.keys.push(key);
      entries.set(key, output);
    },
    head: () => undefined, // the package step reads whole entries only
    prune: () => {},
  };
}

const sets: Record<string, { path: string; contents: string }[]> = {};

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  const out = join(SCRATCH, 'code-like');
  await tmsGenOrThrow([
    '--quiet',
    '--no-cache',
    '--contract',
    FIXTURE,
    '--out',
    out,
    '--only',
    'types,operations,client,validators,server,msw',
  ]);
  sets.ours = modules(resolve('generated'));
  sets['code-like'] = modules(out);
}, 120_000);

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe.each(['ours', 'code-like'])('the skeleton compile of %s', (name) => {
  it('has modules whose doc comments take the skeleton path', () => {
    const skeletal = sets[name].filter(
      (m) => !declarationsOnly(m.contents, BANNER) && proseSkeleton(m.contents, m.path),
    );
    // client, server, operations, msw at least: the comparison below is not vacuous
    expect(skeletal.length, skeletal.map((m) => m.path).join(', ')).toBeGreaterThanOrEqual(4);
  });

  it('gives every module’s .js and .d.ts byte for byte as a direct compile, cold and cached', () => {
    const files = sets[name];
    expect(files.length).toBeGreaterThan(0);
    const cache = memoryCache();
    const memo = { cache, generator: 'test' };
    for (const file of files) {
      const direct = compileStep([file], BANNER);
      const cold = compileStep([file], BANNER, memo);
      const warm = compileStep([file], BANNER, memo);
      expect(warm.reused, file.path).toBe(1);
      expect(direct.files.map((f) => f.path)).toEqual(cold.files.map((f) => f.path));
      for (const [i, made] of direct.files.entries()) {
        expect(cold.files[i].contents, `${name} ${made.path} (skeleton, cold)`).toBe(made.contents);
        expect(warm.files[i].contents, `${name} ${made.path} (skeleton, cached)`).toBe(
          made.contents,
        );
      }
    }
  }, 120_000);
});

describe('the fixture’s words reach the output', () => {
  it('carries its code-like prose into the compiled client’s declarations as comments', () => {
    const client = sets['code-like'].find((m) => m.path === 'client.ts')!;
    const made = compileStep([client], BANNER, { cache: memoryCache(), generator: 'test' }).files;
    const dts = String(made.find((f) => f.path === 'client.d.ts')!.contents);
    // The emitter escaped the closer; the words are back after the skeleton compile.
    expect(dts).toContain('* Get a `Thing` *\\/ export const leaked: number = 1; /*');
    expect(dts).not.toMatch(/\uE000\d+\uE001/);
  });
});
