/**
 * generated/validators.js (+ .d.ts) and generated/validators/: every request, response and named
 * schema of the contract, compiled by Ajv at generate time (standalone code), so that nothing
 * compiles a schema at run time.
 *
 * All schemas sit under one root's `$defs` and are compiled by one Ajv instance with every
 * `$ref` kept as a call, then split by use (schema/split-modules.ts):
 * - `validators/ops/<operation>.js`: one entry point per operation, exporting synchronous
 *   `validateRequest(input, options)` / `validateResponse(status, body, options)` and its table;
 *   it statically imports only the closure of schemas it needs;
 * - `validators/schemas/<schema>.js`: one module per shared schema (or per group of schemas
 *   that reference each other), compiled once, imported by every user;
 * - `validators.js`: the full index (`validateRequest(operationId, ...)`, `isX` guards) over
 *   tables of module paths (`validators/tables.js`). It stays synchronous and loads lazily: under
 *   Node an operation's module is loaded (`require` of an ES module) on its first use, so
 *   importing the index costs its tables only;
 * - `validators/bundle.js`: the same API with every module imported up front, for bundlers and
 *   browsers (no Node to load a module on demand), e.g. the MSW handlers.
 * - the checks' runtime (errors, levels) is runtime/validators.ts, imported from the runtime
 *   copied beside the bindings (`runtime/validators.js`), like every other runtime module.
 * The dialect follows the document: JSON Schema 2020-12 for OpenAPI 3.1, draft-07 with
 * `nullable` for 3.0. Feature levels are a parameter of the compiled code (level-keywords.ts).
 */
import { operationModule } from '../model/artifact-names.js';
import { posix } from 'node:path';
import { _, type Ajv } from 'ajv';
import { ContractError } from '../common/contract-error.js';
import { windowOf } from '../model/level-facts.js';
import { jsonSchemaSource } from '../model/views/json-schema.js';
import type { ApiModel, JsonSchema, LevelWindow, Operation } from '../model/types.js';
import { banner, GENERATED_MARK, literal, propertyKey } from '../common/source.js';
import { createAjv, findUnknownFormats, usesLegacyPatterns } from '../schema/ajv.js';
import { linearOptimize } from '../schema/ajv-optimize.js';
import { formatsSource } from '../schema/formats-source.js';
import { buildJsonSchemaRoot, type JsonSchemaRoot } from '../schema/json-schema.js';
import { removal } from '../schema/level-keywords.js';
import { namesWord } from '../schema/names-word.js';
import { compactErrorLiterals } from '../schema/compact-errors.js';
import { helpersModule } from '../schema/split-code.js';
import { splitModules, type EntryPoint } from '../schema/split-modules.js';
import { shareSubschemas } from '../schema/share-subschemas.js';
import { stripAnnotations } from '../schema/strip-annotations.js';
import type { EmitContext, EmitMemory, Emitter, GeneratedFile } from './emitter.js';
import {
  collectValidatorTargets,
  documentSites,
  validatorsSlice,
  type ValidatorTargets,
} from './validator-targets.js';
import {
  indexTables,
  OPERATION_DECLARATIONS,
  operationTypes,
  validatorsModule,
  validatorsTypes,
} from './validators-api.js';

/** Keywords whose functions pass their dynamic scope along (split-modules.ts) */
const DYNAMIC_SCOPE_WORDS = new Set([
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
]);

const SHORT_BANNER = `// ${GENERATED_MARK}. Do not edit.\n`;

export const validatorsEmitter: Emitter = {
  name: 'validators',
  root: 'code',
  // validators.d.ts types its guards with generated/types.ts
  needs: ['types'],
  reads: 'withoutProse',
  // Ajv's compile is the other long step: the worker's first. On a large document it is the
  // longest item by far (GitHub's, 1223 operations: most of the run), so the worker takes only
  // it, with only the schemas it reads (validatorsSlice).
  schedule: { worker: { slice: validatorsSlice, aloneFrom: 1000 } },
  emit(ctx: EmitContext): GeneratedFile[] {
    const line = banner(ctx.model.sourceFile, ctx.command);
    // The operation modules sit two folders down (validators/ops/): the runtime copied beside
    // the bindings (or --runtime), never a second copy of runtime/validators.ts.
    const runtime = runtimeFrom(ctx.runtimeImport, 2);
    const compiled = compileValidators(ctx.model, runtime, ctx.memory);
    // Guard names (`isMessage`) are the model's (model/names.ts).
    for (const n of ctx.model.nameNotices) if (n.emitter === 'validators') ctx.warn(n.message);
    const exportsByName = new Map(
      ctx.model.schemas.flatMap((s) => (s.guardStem ? [[s.name, s.guardStem] as const] : [])),
    );
    const files: GeneratedFile[] = [
      { path: 'validators/helpers.js', contents: line + compiled.helpers },
      // thousands of small modules on large documents: a short banner each
      ...[...compiled.modules].map(([path, contents]) => ({
        path: `validators/${path}`,
        contents: SHORT_BANNER + contents,
      })),
      ...compiled.operations.map((op) => ({
        path: `validators/${op.path}.d.ts`,
        contents: SHORT_BANNER + OPERATION_DECLARATIONS,
      })),
      // the operation modules' runtime is two folders down, this file's one
      {
        path: 'validators/operation.d.ts',
        contents: line + operationTypes(runtimeFrom(ctx.runtimeImport, 1)),
      },
      {
        path: 'validators/tables.js',
        contents: line + indexTables(compiled.operations, compiled.named),
      },
      ...(['lazy', 'bundle'] as const).map((kind) => ({
        path: kind === 'lazy' ? 'validators.js' : 'validators/bundle.js',
        contents: validatorsModule(
          kind,
          compiled.operations,
          compiled.named,
          exportsByName,
          line,
          runtimeFrom(ctx.runtimeImport, kind === 'lazy' ? 0 : 1),
        ),
      })),
      {
        path: 'validators/bundle.d.ts',
        contents: `${line}export * from "../validators.js";\n`,
      },
      {
        path: 'validators.d.ts',
        contents: validatorsTypes(
          compiled.operations.map((o) => o.id),
          compiled.named.map(([name]) => name),
          exportsByName,
          line,
          runtimeFrom(ctx.runtimeImport, 0),
        ),
      },
    ];
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  },
};

/** The contract's JSON Schema root, exactly as the generated validators see it (tests compile it too). */
export function validatorSchemaRoot(
  model: ApiModel,
  /** applied to each schema of the root as it is made (buildJsonSchemaRoot) */
  each?: (schema: JsonSchema) => JsonSchema,
): {
  root: JsonSchemaRoot;
  targets: ValidatorTargets;
} {
  const targets = collectValidatorTargets(model);
  const sites = documentSites(targets);
  const root = buildJsonSchemaRoot(
    jsonSchemaSource(model),
    sites,
    model.dialect,
    targets.extra,
    model.levelFacts,
    each,
  );
  return { root, targets };
}

export interface OperationModule {
  id: string;
  /** module path under validators/, without `.js` */
  path: string;
}

export interface CompiledValidators {
  /** module path under validators/ (with `.js`) → source */
  modules: Map<string, string>;
  helpers: string;
  operations: OperationModule[];
  /** component name → [module path, export name] */
  named: [string, [string, string]][];
  stats: { functions: number; sharedModules: number; entryModules: number };
}

/** Ajv standalone code of every target, split into modules by use. */
export function compileValidators(
  model: ApiModel,
  /** `runtime/validators.js` as the operation modules import it */
  runtime = '../../runtime/validators.js',
  /** the run's memory policy (EmitContext.memory), for Ajv's long compile */
  memory?: EmitMemory,
): CompiledValidators {
  // Annotations stripped from each schema as it is converted: the annotated tree of every
  // schema never exists at once (on Microsoft Graph's document, hundreds of MB).
  const { root, targets } = validatorSchemaRoot(model, stripAnnotations);
  const slim = { ...root.root, $defs: shareSubschemas(root.root.$defs) };
  // shareSubschemas may make a new map: the one it was given is not read again
  root.root.$defs = {};
  memory?.mark('validators: schema root built');
  const unknownFormats = findUnknownFormats(slim, createAjv({ dialect: model.dialect }));
  const legacyPatterns = usesLegacyPatterns(slim);
  const ajv = createAjv({
    dialect: model.dialect,
    unknownFormats,
    legacyPatterns,
    // worded at run time from keyword and params (runtime/validators.ts): a message per error
    // in the code would be a large share of the output
    messages: false,
    // long enums and very long required lists as a loop over the list, not a statement per
    // item (shorter lists stay unrolled: a loop of keyed reads checks an object slower)
    loopEnum: 16,
    loopRequired: 20,
    // one statement a line: a contract change gives a diff a reviewer can read
    code: {
      source: true,
      esm: true,
      lines: true,
      formats: _`formats`,
      // Ajv evaluates each function it generates (new Function, a full parse by V8), yet only
      // its source is used here: the contract's schemas get a stub instead (the meta-schema's
      // validator, which checks the schemas, is evaluated as usual).
      process: (code: string, env?: { root?: { schema?: unknown } }) =>
        env?.root?.schema === slim ? 'return function validate() {}' : code,
    },
  });
  // Fast path (bench/results/fast-paths.md): Ajv's optimize with a linear name count, only while
  // this compile runs (ajv-optimize.ts; test/validators/ajv-optimize.test.ts compares it with
  // Ajv's own). It saves little on GitHub's document but most of the compile on Microsoft
  // Graph's, whose schemas are the largest; it may go when Ajv counts names in one walk itself.
  const restore = linearOptimize(ajv);
  let split: ReturnType<typeof splitModules>;
  try {
    split = compileTargets(ajv, model, root, slim, targets, runtime, memory);
  } finally {
    restore();
  }
  memory?.mark('validators: split');
  return {
    modules: split.modules,
    helpers: helpersModule(formatsSource(ajv)),
    operations: model.operations.map((op) => ({ id: op.id, path: operationModule(op) })),
    named: model.schemas.map((s) => [s.name, split.sharedOf.get(targets.named[s.name])!]),
    stats: split.stats,
  };
}

/** The operation's table (level windows of the operation and its parameters) and bound functions. */
function operationTail(
  op: Operation,
  targets: ValidatorTargets,
  statuses: [string, string | null][],
  newest: number,
): string {
  const windowCode = (w: LevelWindow | undefined) => {
    if (!w) return '{}';
    const parts = [
      ...(w.addedIn !== undefined ? [`addedIn: ${w.addedIn}`] : []),
      ...(w.removedIn !== undefined ? [`removedIn: ${literal(removal(w))}`] : []),
    ];
    return `{ ${parts.join(', ')} }`;
  };
  const groups: [string, string][] = [
    ['query', 'query'],
    ['body', 'body'],
  ];
  const parameterLines = groups.flatMap(([group, location]) => {
    const params = op.parameters.filter((p) => p.in === location);
    if (params.length === 0) return [];
    return [
      `    ${group}: {`,
      ...params.map(
        (p) =>
          `      ${propertyKey(p.name)}: ${windowCode(windowOf(p.lifecycle, p.extensions['x-removed'] === true, newest))},`,
      ),
      `    },`,
    ];
  });
  const opWindow = windowOf(op.lifecycle, false, newest);
  return [
    '',
    `export const operation = {`,
    `  id: ${literal(op.id)},`,
    ...(opWindow ? [`  window: ${windowCode(opWindow)},`] : []),
    `  request,`,
    `  formBody: ${targets.requests[op.id].formBody},`,
    `  parameters: {`,
    ...parameterLines,
    `  },`,
    `  responses: {`,
    ...statuses.map(
      ([status, key], i) =>
        `    ${propertyKey(status)}: ${key === null ? 'null' : `response${i}`},`,
    ),
    `  },`,
    `};`,
    '',
    `export const { validateRequest, validateResponse } = operationEntryPoints(operation);`,
    '',
  ].join('\n');
}

/** Every target compiled by Ajv, then split into modules by use. */
function compileTargets(
  ajv: Ajv,
  model: ApiModel,
  root: JsonSchemaRoot,
  slim: SlimRoot,
  targets: ValidatorTargets,
  runtime: string,
  memory: EmitMemory | undefined,
): ReturnType<typeof splitModules> {
  const pointerOf = (key: string) => targets.pointerOf[key] ?? key;
  try {
    ajv.addSchema(slim);
  } catch (error) {
    throw contractError(error, '#/components/schemas');
  }
  const used = new Set([
    ...Object.values(targets.named),
    ...Object.values(targets.requests).map((r) => r.key),
    ...Object.values(targets.responses).flatMap((s) =>
      Object.values(s).filter((k): k is string => k !== null),
    ),
  ]);
  // A schema that is only a `$ref` to another is compiled by Ajv as its target, afresh each
  // time it is met: its targets are compiled first and stand for it in Ajv's caches.
  const fragmentKey = new Map(
    Object.keys(slim.$defs).map((key) => {
      const ref = root.refOf(key);
      return [ref.slice(ref.indexOf('#')), key] as const;
    }),
  );
  const targetOf = (key: string): string | undefined => {
    const seen = new Set<string>();
    let at = key;
    for (;;) {
      const schema = slim.$defs[at] as Record<string, unknown> | undefined;
      if (!schema || typeof schema !== 'object') return undefined;
      const keys = Object.keys(schema);
      if (keys.length !== 1 || keys[0] !== '$ref' || typeof schema.$ref !== 'string')
        return at === key ? undefined : at;
      const next = fragmentKey.get(schema.$ref);
      if (next === undefined || seen.has(next)) return undefined;
      seen.add(at);
      at = next;
    }
  };
  const flattened = new WeakSet<object>();
  // Ajv's compile makes garbage much faster than it keeps code: the heap is bounded as it goes (the
  // run's memory policy, generator/threads/heap.ts), or a large document's compile holds gigabytes of
  // dead heap.
  const bound = memory?.bound() ?? (() => undefined);
  for (const key of Object.keys(slim.$defs).sort()) {
    const target = targetOf(key);
    if (target === undefined) continue;
    flattenSources(compileOne(ajv, root.refOf(target), pointerOf(target)), flattened);
    aliasRef(ajv, root.refOf(key), root.refOf(target));
    bound();
  }
  let done = 0;
  for (const key of [...used].sort()) {
    flattenSources(compileOne(ajv, root.refOf(key), pointerOf(key)), flattened);
    bound();
    if (++done % 5000 === 0) memory?.mark(`validators: ${done} of ${used.size} compiled`);
  }

  memory?.mark('validators: compiled');
  const schemaOfKey = new Map<unknown, string>(
    Object.entries(slim.$defs).map(([key, schema]) => [schema, key]),
  );
  const newest = model.newestLevel;
  const entries: EntryPoint[] = model.operations.map((op) => {
    const statuses = Object.entries(targets.responses[op.id]);
    const exports: Record<string, string> = { request: targets.requests[op.id].key };
    statuses.forEach(([, key], i) => {
      if (key !== null) exports[`response${i}`] = key;
    });
    return {
      path: operationModule(op),
      exports,
      head: `import { operationEntryPoints } from ${literal(runtime)};`,
      tail: operationTail(op, targets, statuses, newest),
    };
  });
  const named = model.schemas.map((s) => targets.named[s.name]);
  const dynamicScopes = namesWord(slim, DYNAMIC_SCOPE_WORDS);
  return splitModules(
    ajv,
    root.refOf,
    schemaOfKey,
    entries,
    named,
    dynamicScopes,
    undefined,
    memory?.bound(SPLIT_HEAP_FACTOR) ?? bound,
  );
}

/**
 * A tighter bound on the heap while the compiled functions are split into modules: on the
 * largest documents the split runs on the worker while the main thread makes its largest
 * outputs, and the heap this thread grows to then (it is not given back after a collection)
 * meets theirs in the run's peak. Below the bound's floor (every document but the largest) it
 * never collects.
 */
const SPLIT_HEAP_FACTOR = 1.2;

/** The schema root with its subschemas shared (shareSubschemas). */
type SlimRoot = JsonSchemaRoot['root'] & { $defs: ReturnType<typeof shareSubschemas> };

/**
 * Compiles one schema now, so that a failure names the contract place it comes from. Ajv keeps
 * what it compiled in two places that do not see each other: `getSchema(ref)` caches in the
 * instance, a `$ref` met while compiling another schema caches in the root schema's entry. A
 * shared schema compiled one way was compiled again the other way (on GitHub's document, 500 of
 * 5018 compiles, thrown away as duplicates by split-modules.ts).
 * Each cache is given what the other holds (with the `$ref`-only aliases below: 3921 compiles
 * for 3867 functions). Output bytes are unchanged.
 */
function compileOne(ajv: Ajv, ref: string, pointer: string): CompiledSource {
  const caches = ajv as unknown as {
    refs: Record<string, unknown>;
    schemas: Record<string, { refs?: Record<string, unknown> } | undefined>;
  };
  const rootRefs = caches.schemas[ref.slice(0, ref.indexOf('#'))]?.refs;
  const compiled = (entry: unknown) =>
    typeof entry === 'object' &&
    entry !== null &&
    typeof (entry as { validate?: unknown }).validate === 'function';
  if (rootRefs && !(ref in caches.refs) && compiled(rootRefs[ref]))
    caches.refs[ref] = rootRefs[ref];
  let fn: CompiledSource | undefined;
  try {
    fn = ajv.getSchema(ref) as CompiledSource | undefined;
    if (!fn) throw new Error(`no schema at ${ref}`);
  } catch (error) {
    throw contractError(error, pointer);
  }
  if (rootRefs && !(ref in rootRefs) && compiled(caches.refs[ref]))
    rootRefs[ref] = caches.refs[ref];
  return fn;
}

/** What this emitter reads of a function Ajv compiled with `code.source`. */
export interface CompiledSource {
  source?: {
    validateCode: string;
    scopeValues: Record<string, Iterable<{ value?: { ref?: unknown } }> | undefined>;
  };
}

/**
 * Ajv's code of a function is the string it concatenated piece by piece, which V8 keeps as the tree
 * of those pieces (several times the code's size in heap, and as long to scan at each collection).
 * Reading one character makes V8 flatten it into one string, and the pieces become garbage. Walks
 * `fn` and what it calls.
 */
export function flattenSources(fn: CompiledSource, done: WeakSet<object>): void {
  const stack: unknown[] = [fn];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'function' || done.has(next)) continue;
    const at = next as CompiledSource;
    if (!at.source) continue;
    done.add(at);
    // as one flat string, its error bookkeeping already compacted (split-modules.ts)
    at.source.validateCode = compactErrorLiterals(at.source.validateCode);
    at.source.validateCode.charCodeAt(0);
    for (const name of at.source.scopeValues.validate ?? []) stack.push(name.value?.ref);
    for (const name of at.source.scopeValues.wrapper ?? [])
      stack.push((name.value?.ref as { validate?: unknown } | undefined)?.validate);
  }
}

/** `ref` (a `$ref`-only schema) answered by what `target` compiled to, in both of Ajv's caches. */
function aliasRef(ajv: Ajv, ref: string, target: string): void {
  const caches = ajv as unknown as {
    refs: Record<string, unknown>;
    schemas: Record<string, { refs?: Record<string, unknown> } | undefined>;
  };
  const env = caches.refs[target];
  if (!env) return;
  caches.refs[ref] ??= env;
  const rootRefs = caches.schemas[ref.slice(0, ref.indexOf('#'))]?.refs;
  if (rootRefs) rootRefs[ref] ??= env;
}

function contractError(error: unknown, pointer: string): ContractError {
  const message = `cannot compile the schema: ${(error as Error).message}`;
  return new ContractError({ pointer, message, source: 'validators' });
}

/** The runtime's validators module seen from a file `depth` folders below the output root. */
function runtimeFrom(runtimeImport: string, depth: number): string {
  const spec = `${runtimeImport}/validators.js`;
  if (!spec.startsWith('.')) return spec;
  return depth === 0 ? spec : posix.normalize(`${'../'.repeat(depth)}${spec}`);
}
