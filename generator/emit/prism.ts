/**
 * generated/openapi.prism.json: the document Prism is fed behind the mock front, as the model
 * prepares it (model/views/prism.ts says what changes from the contract, and why).
 */
import { prismView } from '../model/views/prism.js';
import { banner } from '../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { jsonWithOperationWords } from './operation-words.js';

export const prismEmitter: Emitter = {
  name: 'prism',
  root: 'code',
  schedule: { rank: 2, spliced: true },
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    const note = banner(ctx.model.sourceFile, ctx.command)
      .replace(/^\/\/ /, '')
      .trimEnd();
    // A description edit puts the new words into the text the cache keeps (the document's
    // serialization) instead of making it again.
    const contents = await jsonWithOperationWords(
      ctx,
      'prism-by-operation-descriptions',
      note,
      () => prismView(ctx.model, note),
    );
    return [{ path: 'openapi.prism.json', contents }];
  },
};
