/**
 * The package step for one emitter's files: each TypeScript file compiled on its own to `.js`
 * and `.d.ts` (emit/package.ts), run in the thread that produced the file, right after its
 * emitter, so the compiles of different emitters overlap. A compile depends only on the file's
 * text, its path, the banner and the compiler: with a cache, an unchanged file is never
 * compiled again.
 */
import { createHash } from 'node:crypto';
import { cacheKey, type OutputCache } from '../cache/index.js';
import type { GeneratedFile } from '../common/generated-file.js';
import { compileIsolated, declarationsOnly } from './package-compile.js';
import { proseSkeleton, restoreWords, scannedSkeleton } from './compile-prose.js';

export interface CacheUse {
  cache: OutputCache;
  /** generatorDigest(): part of every key */
  generator: string;
}

export interface Compiled {
  files: GeneratedFile[];
  ms: number;
  /** how many sources came from the cache */
  reused: number;
  /** how many were compiled */
  compiled: number;
}

export function compileStep(files: GeneratedFile[], banner: string, memo?: CacheUse): Compiled {
  const t = performance.now();
  const out: GeneratedFile[] = [];
  let reused = 0;
  let compiled = 0;
  for (const file of files) {
    if (!file.path.endsWith('.ts') || file.path.endsWith('.d.ts')) continue;
    const text = typeof file.contents === 'string' ? file.contents : '';
    // A file whose compile is a copy (declarationsOnly: openapi-typescript's types.ts) is not
    // worth an entry, nor the entry's writing (twice the types' size, again at every
    // description edit): compiled as without a cache.
    const cached = memo !== undefined && !declarationsOnly(text, banner) ? memo : undefined;
    if (!cached) {
      out.push(...compiledModules([file], banner));
      compiled++;
      continue;
    }
    // With a cache, a file that needs the compiler is keyed by its skeleton (doc comment words
    // left out, compile-prose.ts): a description edit reuses the compile, words put back after.
    // The skeleton a text scan finds is tried first: when the cache holds a compile under it, it
    // is the parser's skeleton (scannedSkeleton says why) and TypeScript is not loaded at all.
    const keyOf = (source: string, skeletal: boolean) =>
      cacheKey(
        skeletal ? 'compile-skeleton' : 'compile',
        cached.generator,
        file.path,
        banner,
        createHash('sha256').update(source).digest('hex'),
      );
    const scanned = scannedSkeleton(text);
    const scannedHit = scanned ? cached.cache.get(keyOf(scanned.source, true)) : undefined;
    if (scanned && scannedHit) {
      out.push(...restoreAll(scannedHit.files, scanned.words));
      reused++;
      continue;
    }
    const skeleton = proseSkeleton(text, file.path);
    const source = skeleton?.source ?? text;
    const key = keyOf(source, skeleton !== undefined);
    const restore = (made: GeneratedFile[]) => (skeleton ? restoreAll(made, skeleton.words) : made);
    const hit = cached.cache.get(key);
    if (hit) {
      out.push(...restore(hit.files));
      reused++;
      continue;
    }
    const made = compiledModules([{ path: file.path, contents: source }], banner);
    compiled++;
    cached.cache.put(key, { files: made, warnings: [] });
    out.push(...restore(made));
  }
  return { files: out, ms: performance.now() - t, reused, compiled };
}

function restoreAll(made: GeneratedFile[], words: string[]): GeneratedFile[] {
  return made.map((f) => ({ path: f.path, contents: restoreWords(String(f.contents), words) }));
}

/**
 * The `.js` and `.d.ts` of every TypeScript file among `files` (the code emitters' output), each
 * headed by `banner` (the compiler drops a comment that heads an import it removes).
 */
function compiledModules(files: GeneratedFile[], banner: string): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const file of files) {
    if (!file.path.endsWith('.ts') || file.path.endsWith('.d.ts')) continue;
    const source = typeof file.contents === 'string' ? file.contents : '';
    const { js, dts } = compileIsolated(source, file.path, banner);
    const base = file.path.slice(0, -3);
    out.push({ path: `${base}.js`, contents: js }, { path: `${base}.d.ts`, contents: dts });
  }
  return out;
}
