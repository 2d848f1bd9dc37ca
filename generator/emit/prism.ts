/**
 * generated/openapi.prism.json: the document Prism is fed behind the mock front, as the model
 * prepares it (model/views/prism.ts says what changes from the contract, and why).
 */
import { prismView } from '../model/views/prism.js';
import { banner } from '../source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';

export const prismEmitter: Emitter = {
  name: 'prism',
  root: 'code',
  emit(ctx: EmitContext): GeneratedFile[] {
    const note = banner(ctx.model.sourceFile, ctx.command)
      .replace(/^\/\/ /, '')
      .trimEnd();
    const document = prismView(ctx.model, note);
    return [{ path: 'openapi.prism.json', contents: JSON.stringify(document, null, 2) + '\n' }];
  },
};
