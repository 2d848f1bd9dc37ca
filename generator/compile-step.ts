/**
 * The package step for one emitter's files: each TypeScript file compiled on its own to `.js`
 * and `.d.ts` (emit/package.ts), run in the thread that produced the file, right after its
 * emitter, so the compiles of different emitters overlap. A compile depends only on the file's
 * text, its path, the banner and the compiler: with a cache, an unchanged file is never
 * compiled again.
 */
import { createHash } from 'node:crypto';
import { cacheKey, type OutputCache } from './cache.js';
import type { GeneratedFile } from './emit/emitter.js';
import { compiledModules } from './emit/package.js';
import { declarationsOnly } from './emit/package-compile.js';
import { proseSkeleton, restoreWords } from './compile-prose.js';

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
    // With a cache, a file that needs the compiler is keyed by its skeleton (doc comment words
    // left out, compile-prose.ts): a description edit reuses the compile, words put back after.
    const text = typeof file.contents === 'string' ? file.contents : '';
    const skeleton =
      memo && !declarationsOnly(text, banner) ? proseSkeleton(text, file.path) : undefined;
    const source = skeleton?.source ?? text;
    const key = memo
      ? cacheKey(
          skeleton ? 'compile-skeleton' : 'compile',
          memo.generator,
          file.path,
          banner,
          createHash('sha256').update(source).digest('hex'),
        )
      : undefined;
    const restore = (made: GeneratedFile[]) =>
      skeleton
        ? made.map((f) => ({
            path: f.path,
            contents: restoreWords(String(f.contents), skeleton.words),
          }))
        : made;
    const hit = key ? memo!.cache.get(key) : undefined;
    if (hit) {
      out.push(...restore(hit.files));
      reused++;
      continue;
    }
    const made = compiledModules([{ path: file.path, contents: source }], banner);
    compiled++;
    if (key) memo!.cache.put(key, { files: made, warnings: [] });
    out.push(...restore(made));
  }
  return { files: out, ms: performance.now() - t, reused, compiled };
}
