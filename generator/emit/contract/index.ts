/**
 * generated/openapi.json: the bundled contract, shipped in the bindings package and exported as
 * `<package>/openapi.json`, so the installed package alone is enough to start stock Prism or any
 * other OpenAPI tool on the very contract the bindings were generated from
 * (model/views/contract.ts says what the file holds).
 */
import { contractView } from '../../model/views/contract.js';
import { banner } from '../../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';
import { jsonWithOperationWords } from '../operation-words.js';

/** The file's name in the output (and in the package's exports). */
export const CONTRACT_FILE = 'openapi.json';

export const contractEmitter: Emitter = {
  name: 'contract',
  root: 'code',
  schedule: { spliced: true },
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    const note = banner(ctx.model.sourceFile, ctx.command)
      .replace(/^\/\/ /, '')
      .trimEnd();
    // A description edit puts the new words into the text the cache keeps, as prism.ts does.
    const contents = await jsonWithOperationWords(
      ctx,
      'contract-by-operation-descriptions',
      note,
      () => contractView(ctx.model, note),
    );
    return [{ path: CONTRACT_FILE, contents }];
  },
};
