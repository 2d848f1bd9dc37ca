/**
 * generated/types.ts: TypeScript types of the whole contract, by openapi-typescript, from the
 * view of the document the model prepares for it (model/views/typescript.ts).
 */
import { ContractError } from '../common/contract-error.js';
import {
  documentDescriptions,
  HOISTED_PREFIX,
  proseShape,
  restoreProse,
  tokenizedTypescriptView,
  typescriptView,
} from '../model/views/typescript.js';
import { banner, isIdentifier } from '../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { typescript } from '../common/typescript-compiler.js';
import { PIECE_ENTRIES, printInPieces } from './types-pieces.js';

export const typesEmitter: Emitter = {
  name: 'types',
  root: 'code',
  // First on the main thread: loading TypeScript for openapi-typescript is the longest single
  // step, and the package compiles that follow reuse it on that thread.
  schedule: { rank: 0, worthAThread: true, loadsTypeScript: true },
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    const run = async (document: unknown): Promise<string> => {
      // Loaded here, not at the top: openapi-typescript brings the TypeScript compiler (the longest
      // load of the CLI), which runs that need no types (`--only docs`, `--help`, scaffold) or find
      // its work in the cache should not pay.
      const ots = await import('openapi-typescript');
      let ast: ReturnType<typeof ots.transformSchema>;
      try {
        if (bundledAlready(document)) {
          // Fast path (bench/results/fast-paths.md): in pieces, only one piece's syntax tree
          // alive at a time, which buys memory (and the collector's CPU) on the largest documents
          // (Microsoft Graph's, under its 2 GB target); the reference path is the whole tree below
          // (test/generator/types-pieces.test.ts holds them equal). It may go when the whole
          // tree keeps Graph's generate under 2 GB (bench/graph.ts).
          const ts = typescript();
          const text = printInPieces(
            ots,
            ts,
            document,
            otsContext(ots, document),
            PIECE_ENTRIES,
            ctx.memory?.bound(PIECES_HEAP_FACTOR) ?? (() => undefined),
          );
          ctx.memory?.mark('types: printed in pieces');
          if (text !== undefined) return text;
          ast = ots.transformSchema(document as never, otsContext(ots, document));
        } else ast = await ots.default(document as never, OTS_OPTIONS);
      } catch (error) {
        throw openapiTypescriptError(error);
      }
      return ots.astToString(ast);
    };
    // openapi-typescript works on the view with its prose as tokens, so its output (the cost of
    // this emitter) is the same across description edits and the cache can keep it; the words
    // go back in afterwards (model/views/typescript-prose.ts). Done with or without a cache, so
    // both give the same bytes.
    let text: string | undefined;
    const tokenizedRun = async (): Promise<TokenizedRun | undefined> => {
      const tokenized = tokenizedTypescriptView(ctx.model);
      if (!tokenized) return undefined;
      const { document, json, prose } = tokenized;
      const withTokens = ctx.memo
        ? await ctx.memo('openapi-typescript', json, () => run(document))
        : await run(document);
      // what openapi-typescript made is garbage now (its last pieces, or the whole tree when it
      // was not printed in pieces: on a large document most of the heap, which V8 had not
      // collected yet): returned before the text work below grows the heap more
      ctx.memory?.settle();
      const restored = restoreProse(withTokens, prose);
      // the view and its JSON are not kept: the text is all that is left to do
      return restored === undefined
        ? undefined
        : { withTokens, prose, operationTokens: tokenized.operationTokens, text: restored };
    };
    let tried = false;
    if (ctx.memo && ctx.slices)
      text = await bySlice(ctx, ctx.memo, ctx.slices, () => {
        tried = true;
        return tokenizedRun();
      });
    if (!tried) text ??= (await tokenizedRun())?.text;
    text ??= await run(typescriptView(ctx.model));
    text = dropUnusableRootTypes(text, ctx);
    return [{ path: 'types.ts', contents: banner(ctx.model.sourceFile, ctx.command) + text }];
  },
};

interface TokenizedRun {
  withTokens: string;
  prose: string[];
  operationTokens: Record<string, number>;
  text: string;
}

/**
 * With a cache, the view is not even built when only operations' own descriptions changed since
 * a run the cache remembers: keyed by the model without them (model/digest.ts), the entry holds
 * openapi-typescript's output with tokens, the words of each token, and per operation the token
 * of its description (or, when its description is not a token, its digest, which must then be
 * the same). This run's descriptions go in place of the remembered ones, when each has the
 * shape its token was made for (one line or several, tokenizable at all): the text is then the
 * one the view would give, since the view's text differs from the remembered one's in those
 * tokens' words alone. Anything else (another shape, an entry that does not fit) takes the
 * whole way, which also stores the entry.
 */
async function bySlice(
  ctx: EmitContext,
  memo: NonNullable<EmitContext['memo']>,
  slices: NonNullable<EmitContext['slices']>,
  tokenizedRun: () => Promise<TokenizedRun | undefined>,
): Promise<string | undefined> {
  let made: TokenizedRun | undefined;
  const entry = await memo(
    'openapi-typescript-by-operation-descriptions',
    slices.withoutOperationDescriptions,
    async () => {
      made = await tokenizedRun();
      if (!made) return '';
      const operations = ctx.model.operations.map((op) => [
        op.id,
        made!.operationTokens[op.id] ?? slices.operationDescriptions[op.id] ?? null,
      ]);
      return `${JSON.stringify({ prose: made.prose, operations })}\n${made.withTokens}`;
    },
  );
  if (made) return made.text;
  return entry ? fromSliceEntry(entry, ctx, slices) : undefined;
}

function fromSliceEntry(
  entry: string,
  ctx: EmitContext,
  slices: NonNullable<EmitContext['slices']>,
): string | undefined {
  const newline = entry.indexOf('\n');
  if (newline < 0) return undefined;
  const { prose, operations } = JSON.parse(entry.slice(0, newline)) as {
    prose: string[];
    operations: [string, number | string | null][];
  };
  const ops = ctx.model.operations;
  if (operations.length !== ops.length) return undefined;
  const described = documentDescriptions(ctx.model);
  const words = [...prose];
  for (let i = 0; i < ops.length; i++) {
    const [id, token] = operations[i];
    if (id !== ops[i].id) return undefined;
    if (typeof token !== 'number') {
      if (token !== (slices.operationDescriptions[id] ?? null)) return undefined;
      continue;
    }
    const now = described(ops[i]);
    if (typeof now !== 'string' || proseShape(now) !== proseShape(prose[token])) return undefined;
    words[token] = now;
  }
  return restoreProse(entry.slice(newline + 1), words);
}

/**
 * A bound on the heap between two pieces (types-pieces.ts): each piece's tree is garbage once
 * printed, and V8 let that garbage grow the heap to twice or three times what was alive before
 * collecting. A full collection when the used heap passes 1.15 times what the last one left
 * keeps it near what is alive, for a few collections.
 */
const PIECES_HEAP_FACTOR = 1.15;

/** How openapi-typescript is run: the options its output depends on. */
const OTS_OPTIONS = {
  alphabetize: false,
  defaultNonNullable: false,
  rootTypes: true,
  rootTypesNoSchemaPrefix: true,
  silent: true,
} as const;

type OpenapiTypescript = typeof import('openapi-typescript');

/**
 * openapi-typescript's own context for OTS_OPTIONS, as its entry point (`openapiTS`) makes it.
 * The entry point first lints the document and bundles it with Redocly (on GitHub's document,
 * seconds: the lint and the bundle each walk and resolve all of it); the view it is given here is
 * one document whose `$ref`s are all local and resolve (the model checked them), which that
 * bundle leaves as it is, so the transform runs on it directly.
 */
export function otsContext(
  ots: OpenapiTypescript,
  document: unknown,
): Parameters<typeof ots.transformSchema>[1] {
  const schema = document as Parameters<typeof ots.transformSchema>[0];
  return {
    additionalProperties: false,
    alphabetize: OTS_OPTIONS.alphabetize,
    arrayLength: false,
    defaultNonNullable: OTS_OPTIONS.defaultNonNullable,
    discriminators: ots.scanDiscriminators(schema, OTS_OPTIONS),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: OTS_OPTIONS.rootTypes,
    rootTypesNoSchemaPrefix: OTS_OPTIONS.rootTypesNoSchemaPrefix,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    // returns nothing: openapi-typescript keeps its own type
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    // only the entry point's lint and bundle read Redocly's configuration
    redoc: undefined as never,
    silent: OTS_OPTIONS.silent,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref: string) => ots.resolveRef(schema, $ref, { silent: OTS_OPTIONS.silent }),
  };
}

/**
 * Whether Redocly's bundle would leave the view as it is. It rewrites one thing in a document
 * whose references are all local: each discriminator `mapping` value, into the address of a
 * component schema (and a mapping to anything but a component schema becomes a new component).
 * A view whose mappings all name a component schema the plain way is left as it is; any other
 * takes openapi-typescript's entry point, bundle included.
 */
function bundledAlready(document: unknown): boolean {
  const root = document as { openapi?: unknown; components?: { schemas?: object } };
  if (typeof root.openapi !== 'string' || !/^3\.[01]\./.test(root.openapi)) return false;
  const schemas = root.components?.schemas ?? {};
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (value === null || typeof value !== 'object') continue;
      const mapping =
        key === 'discriminator' ? (value as { mapping?: unknown }).mapping : undefined;
      if (mapping !== null && typeof mapping === 'object')
        for (const target of Object.values(mapping)) {
          const name = typeof target === 'string' ? PLAIN_SCHEMA_REF.exec(target)?.[1] : undefined;
          if (name === undefined || !Object.hasOwn(schemas, name)) return false;
        }
      stack.push(value);
    }
  }
  return true;
}

/** `#/components/schemas/<name>` with nothing escaped in the name. */
const PLAIN_SCHEMA_REF = /^#\/components\/schemas\/([^/~%]+)$/;

/**
 * openapi-typescript names the place it failed at in its message (`Can't resolve $ref at
 * #/components/...`): that pointer becomes the problem's, so the CLI prints its file and line.
 */
function openapiTypescriptError(error: unknown): ContractError {
  const message = error instanceof Error ? error.message : String(error);
  const pointer = /(#\/[^\s'"]*)/.exec(message)?.[1] ?? '#';
  return new ContractError({ pointer, message, source: 'types' });
}

/** The names openapi-typescript's output uses itself, which no root type may shadow. */
export const ROOT_TYPE_GLOBALS: readonly string[] = [
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
];

/**
 * openapi-typescript's root types (`export type Message = components['schemas']['Message']`)
 * can collide with each other or with its own exports (`paths`, `components`, `operations`...)
 * in third-party documents; a collision would not compile, so such aliases are dropped.
 */
export function dropUnusableRootTypes(text: string, ctx: Pick<EmitContext, 'warn'>): string {
  // Global types the file itself uses (`Record<string, never>`, `Omit<...>` for discriminators):
  // a schema named `Record` must not shadow them. Any name used generically in the file counts.
  const generic = genericNames(text);
  const seen = new Set([...ROOT_TYPE_GLOBALS, ...generic]);
  // Only lines that start with `export type ` can go: they are found by search, and the text
  // between them is copied whole (not split into its ~100,000 lines and joined again).
  const parts: string[] = [];
  let from = 0;
  let lastDropped = false;
  const START = 'export type ';
  for (
    let at = text.startsWith(START) ? 0 : lineStartOf(text, 0);
    at >= 0;
    at = lineStartOf(text, at + 1)
  ) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(at, lineEnd);
    const m = /^export type (\S*) = /.exec(line);
    if (!m || !line.includes("components['")) continue;
    let keep = true;
    if (m[1].startsWith(HOISTED_PREFIX))
      keep = false; // our own address for a deep $ref, not a contract name
    else if (seen.has(m[1]) || !isIdentifier(m[1])) {
      ctx.warn(`types: no named export for '${m[1]}' (name taken or not an identifier)`);
      keep = false;
    } else seen.add(m[1]);
    if (keep) continue;
    // the line goes with the line break after it (before it, for the last line)
    if (newline >= 0) {
      parts.push(text.slice(from, at));
      from = newline + 1;
    } else {
      // the last line: what is kept before it ends with a line break that goes too
      parts.push(text.slice(from, at));
      from = text.length;
      lastDropped = true;
    }
  }
  parts.push(text.slice(from));
  const out = parts.join('');
  return lastDropped && out.endsWith('\n') ? out.slice(0, -1) : out;
}

/** The offset of the next line starting with `export type ` after `from`, or -1. */
function lineStartOf(text: string, from: number): number {
  const at = text.indexOf('\nexport type ', Math.max(0, from - 1));
  return at < 0 ? -1 : at + 1;
}

/**
 * Every name `/\b([A-Za-z_$][\w$]*)</g` captures in `text`, found from each `<` backwards
 * instead of by the expression at every word boundary (the same names: a match ends at the
 * first `<` after its start, and starts at the leftmost boundary of the run of `[\w$]` before
 * that `<` where a name may start; test/generator/types-root-names.test.ts compares the two).
 */
export function genericNames(text: string): Set<string> {
  const names = new Set<string>();
  const word = (c: number) =>
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  const part = (c: number) => word(c) || c === 36;
  const first = (c: number) =>
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  for (let lt = text.indexOf('<'); lt >= 0; lt = text.indexOf('<', lt + 1)) {
    let run = lt;
    while (run > 0 && part(text.charCodeAt(run - 1))) run--;
    for (let s = run; s < lt; s++) {
      const c = text.charCodeAt(s);
      const boundary = (s > 0 && word(text.charCodeAt(s - 1))) !== word(c);
      if (boundary && first(c)) {
        names.add(text.slice(s, lt));
        break;
      }
    }
  }
  return names;
}
