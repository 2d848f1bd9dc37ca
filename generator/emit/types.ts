/**
 * generated/types.ts: TypeScript types of the whole contract, by openapi-typescript, from the
 * view of the document the model prepares for it (model/views/typescript.ts).
 */
import { ContractError } from '../contract-error.js';
import {
  HOISTED_PREFIX,
  restoreProse,
  tokenizedTypescriptView,
  typescriptView,
} from '../model/views/typescript.js';
import { banner, isIdentifier } from '../source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';

export const typesEmitter: Emitter = {
  name: 'types',
  root: 'code',
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    const run = async (document: unknown): Promise<string> => {
      // Loaded here, not at the top: openapi-typescript brings the TypeScript compiler (~0.5-1 s
      // to load), which runs that need no types (`--only docs`, `--help`, scaffold) or find its
      // work in the cache should not pay.
      const { default: openapiTS, astToString } = await import('openapi-typescript');
      let ast: Awaited<ReturnType<typeof openapiTS>>;
      try {
        ast = await openapiTS(document as never, {
          alphabetize: false,
          defaultNonNullable: false,
          rootTypes: true,
          rootTypesNoSchemaPrefix: true,
          silent: true,
        });
      } catch (error) {
        throw openapiTypescriptError(error);
      }
      return astToString(ast);
    };
    // openapi-typescript works on the view with its prose as tokens, so its output (the cost of
    // this emitter) is the same across description edits and the cache can keep it; the words
    // go back in afterwards (model/views/typescript-prose.ts). Done with or without a cache, so
    // both give the same bytes.
    const tokenized = tokenizedTypescriptView(ctx.model);
    let text: string | undefined;
    if (tokenized) {
      const { document, json, prose } = tokenized;
      const withTokens = ctx.memo
        ? await ctx.memo('openapi-typescript', json, () => run(document))
        : await run(document);
      text = restoreProse(withTokens, prose);
    }
    text ??= await run(typescriptView(ctx.model));
    text = dropUnusableRootTypes(text, ctx);
    return [{ path: 'types.ts', contents: banner(ctx.model.sourceFile, ctx.command) + text }];
  },
};

/**
 * openapi-typescript names the place it failed at in its message (`Can't resolve $ref at
 * #/components/...`): that pointer becomes the problem's, so the CLI prints its file and line.
 */
function openapiTypescriptError(error: unknown): ContractError {
  const message = error instanceof Error ? error.message : String(error);
  const pointer = /(#\/[^\s'"]*)/.exec(message)?.[1] ?? '#';
  return new ContractError({ pointer, message, source: 'types' });
}

/**
 * openapi-typescript's root types (`export type Message = components['schemas']['Message']`)
 * can collide with each other or with its own exports (`paths`, `components`, `operations`...)
 * in third-party documents; a collision would not compile, so such aliases are dropped.
 */
function dropUnusableRootTypes(text: string, ctx: EmitContext): string {
  // Global types the file itself uses (`Record<string, never>`, `Omit<...>` for discriminators):
  // a schema named `Record` must not shadow them. Any name used generically in the file counts.
  const generic = new Set([...text.matchAll(/\b([A-Za-z_$][\w$]*)</g)].map((m) => m[1]));
  const seen = new Set([
    'paths',
    'webhooks',
    'components',
    'operations',
    '$defs',
    'Record',
    'Omit',
    'Pick',
    'Partial',
    'Required',
    'Readonly',
    'Exclude',
    'Extract',
    'NonNullable',
    'Array',
    'ReadonlyArray',
    ...generic,
  ]);
  return text
    .split('\n')
    .filter((line) => {
      const m = /^export type (\S*) = /.exec(line);
      if (!m || !line.includes("components['")) return true;
      if (m[1].startsWith(HOISTED_PREFIX)) return false; // our own address for a deep $ref, not a contract name
      if (seen.has(m[1]) || !isIdentifier(m[1])) {
        ctx.warn(`types: no named export for '${m[1]}' (name taken or not an identifier)`);
        return false;
      }
      seen.add(m[1]);
      return true;
    })
    .join('\n');
}
