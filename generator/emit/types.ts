/**
 * generated/types.ts: TypeScript types of the whole contract, by openapi-typescript.
 *
 * One fix before handing it the document: parameters declared with `content:` (JSON-encoded
 * query parameters such as `narrow`) are typed `string` by openapi-typescript; the wire model
 * encodes them, so callers pass the value. We hoist each media type's schema to `schema:`.
 */
import { banner, isIdentifier } from '../source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { dropShadowedDiscriminatorProperties } from './types-discriminators.js';
import { HOISTED_PREFIX, rewriteDeepRefs } from './types-refs.js';

export const typesEmitter: Emitter = {
  name: 'types',
  root: 'code',
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    // Loaded here, not at the top: openapi-typescript brings the TypeScript compiler (~0.5-1 s
    // to load), which runs that need no types (`--only docs`, `--help`, scaffold) should not pay.
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const document = hoistContentParameters(ctx.model.document);
    // `$ref`s into operations or into other schemas would not compile (see types-refs.ts).
    rewriteDeepRefs(document);
    dropShadowedDiscriminatorProperties(document);
    const ast = await openapiTS(document as never, {
      alphabetize: false,
      defaultNonNullable: false,
      rootTypes: true,
      rootTypesNoSchemaPrefix: true,
      silent: true,
    });
    let text = astToString(ast);
    text = dropUnusableRootTypes(text, ctx);
    return [{ path: 'types.ts', contents: banner(ctx.model.sourceFile, ctx.command) + text }];
  },
};

/** A copy of the document where every `content:` parameter carries its schema under `schema:`. */
export function hoistContentParameters(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document);
  const hoist = (param: Record<string, unknown> | undefined) => {
    if (!param || typeof param !== 'object' || !param.content || param.schema) return;
    const media = Object.values(param.content as Record<string, { schema?: unknown }>)[0];
    if (media?.schema !== undefined) {
      param.schema = media.schema;
      delete param.content;
    }
  };
  const params = ((copy.components as Record<string, unknown> | undefined)?.parameters ??
    {}) as Record<string, Record<string, unknown>>;
  Object.values(params).forEach(hoist);
  for (const item of Object.values((copy.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!item || typeof item !== 'object') continue;
    for (const value of Object.values(item)) {
      if (Array.isArray(value)) value.forEach(hoist);
      else if (
        value &&
        typeof value === 'object' &&
        Array.isArray((value as Record<string, unknown>).parameters)
      ) {
        ((value as Record<string, unknown>).parameters as Record<string, unknown>[]).forEach(hoist);
      }
    }
  }
  return copy;
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
