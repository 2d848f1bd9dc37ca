/**
 * The TypeScript compiler, loaded on first use through `require`: it is CommonJS, and Node's ESM
 * loader would run its export detection over the compiler's 9 MB source (`import('typescript')`
 * costs a noticeable part of a `--only types` run). openapi-typescript's bundle
 * loads it the same way (bin/build.js), so the second caller finds it in require's cache.
 */
import { createRequire } from 'node:module';

export type TS = typeof import('typescript');

export function typescript(): TS {
  return createRequire(import.meta.url)('typescript') as TS;
}
