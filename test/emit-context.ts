/**
 * An emitter's context as the CLI makes it for `model`, for tests that call an emitter directly:
 * with a `memo` (a test's own step cache) it also carries the model's slices, the keys the
 * cached steps are looked up by (generator/model/digest.ts); without, no cache at all.
 */
import type { EmitContext } from '../generator/emit/emitter.js';
import { modelDigests } from '../generator/model/digest.js';
import type { ApiModel } from '../generator/model/types.js';

export function emitContext(
  model: ApiModel,
  memo?: EmitContext['memo'],
  memoBytes?: EmitContext['memoBytes'],
): EmitContext {
  const base: EmitContext = {
    model,
    outDir: 'generated',
    docsDir: 'docs',
    runtimeImport: './runtime',
    command: 'npm run generate',
    warn: () => undefined,
  };
  if (!memo) return base;
  const digests = modelDigests(model);
  return {
    ...base,
    memo,
    ...(memoBytes ? { memoBytes } : {}),
    slices: {
      withoutOperationDescriptions: digests.withoutOperationDescriptions,
      operationDescriptions: digests.operationDescriptions,
    },
  };
}
