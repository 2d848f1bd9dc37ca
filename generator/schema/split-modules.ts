/**
 * Ajv standalone code split into ES modules by use: one module per shared schema (or per group
 * of schemas that reference each other in a cycle), and the schemas only one entry point uses
 * kept in that entry point's module. Every module statically imports the modules of the schemas
 * it calls, so loading one entry point loads exactly its closure, synchronously usable once
 * imported, and no schema's code exists twice.
 *
 * Ajv names its values with counters global to one instance (`validate53`, `schema20`), so one
 * contract change would renumber every module. Names are rewritten: each compiled function
 * takes a name derived from its schema's key (stable across changes elsewhere), other values a
 * number local to their module. Ajv's `require`s of its runtime helpers (code-point length,
 * deep equality) and the `formats` binding come from one shared helpers module.
 */
import { createHash } from 'node:crypto';
import { _, type Ajv, type Name, type ValidateFunction } from 'ajv';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import { fileStems } from '../model/file-names.js';

// CommonJS modules seen through NodeNext: the function is on `.default` (or is the module).
const unwrap = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;

/** Ajv's runtime helpers by the code Ajv emits to reach them, with the name the helpers module exports. */
const RUNTIME_HELPERS = [
  {
    call: 'require("ajv/dist/runtime/ucs2length").default',
    name: 'ucs2length',
    source: () => unwrap<(s: string) => number>(ucs2lengthModule).toString(),
  },
  {
    call: 'require("ajv/dist/runtime/equal").default',
    name: 'deepEqual',
    // fast-deep-equal's function recurses through its own name (`equal`), so it is self-contained.
    source: () => unwrap<(a: unknown, b: unknown) => boolean>(equalModule).toString(),
  },
];

/** Prefixes of Ajv's instance-wide value names (codegen/scope.ts `scopeValue` callers). */
const GLOBAL_NAME = /^(validate|schema|pattern|formats|func|wrapper|root|keyword|self|obj)\d+$/;

interface ScopeName {
  str: string;
  prefix: string;
  value?: { ref?: unknown; code?: unknown };
}
interface SourceInfo {
  validateName: ScopeName;
  validateCode: string;
  scopeValues: Record<string, Set<ScopeName>>;
  evaluated?: unknown;
}
type Compiled = ValidateFunction & { source?: SourceInfo; schemaEnv?: { validate?: unknown } };

/** One compiled function: its schema's key, its code and what it calls. */
interface FunctionNode {
  ajvName: string;
  key: string;
  fn: Compiled;
  calls: Set<string>;
}

/** An entry point: a set of compiled functions it starts from (an operation, a named schema). */
export interface EntryPoint {
  /** module path without `.js`, relative to the validators folder, e.g. `ops/getMessages` */
  path: string;
  /** `$defs` keys of the functions it exports, by the name it exports them under */
  exports: Record<string, string>;
  /** code appended to the module (the operation's tables), which may use the export names */
  tail?: string;
  /** extra imports of the module (e.g. from the runtime) */
  head?: string;
}

export interface SplitOutput {
  /** path (relative to the validators folder, with `.js`) → module source */
  modules: Map<string, string>;
  /** `$defs` key → [module path, export name] of the shared module holding it (named schemas) */
  sharedOf: Map<string, [string, string]>;
  stats: { functions: number; sharedModules: number; entryModules: number };
}

/**
 * Splits the functions Ajv compiled for `keys` (`$defs` key → ref) into modules. `entries` are
 * the operation modules; `named` are keys that must be importable on their own (schema guards),
 * so they always get a shared module. `schemaOfKey` gives the (slim) schema object of each key,
 * by which compiled functions are recognised.
 */
export function splitModules(
  ajv: Ajv,
  refOf: (key: string) => string,
  schemaOfKey: Map<unknown, string>,
  entries: EntryPoint[],
  named: string[],
  /** the root uses `$dynamicRef`/`$recursiveRef`: the compiled functions pass their scopes along */
  dynamicScopes = true,
  helpersPath = 'helpers',
  /** called after each module is made (the validators emitter bounds its heap there) */
  progress: () => void = () => {},
): SplitOutput {
  const nodes = new Map<string, FunctionNode>();
  const byKey = new Map<string, FunctionNode>();
  // Ajv may compile one schema more than once (a `$ref`-only schema is followed to its target
  // and compiled afresh; `getSchema` does not always find what a `$ref` compiled). Same schema,
  // same options, same code: every copy is an alias of the first, which alone is emitted.
  const alias = new Map<string, string>();
  const visit = (fn: Compiled, fallbackKey?: string): FunctionNode => {
    const source = fn.source;
    if (!source) throw new Error('ajv: compiled function without source (code.source off?)');
    const ajvName = source.validateName.str;
    const existing = nodes.get(alias.get(ajvName) ?? ajvName);
    if (existing) return existing;
    const key = schemaOfKey.get(fn.schema) ?? fallbackKey ?? `#fn/${ajvName}`;
    const same = byKey.get(key);
    if (same) {
      alias.set(ajvName, same.ajvName);
      return same;
    }
    const node: FunctionNode = { ajvName, key, fn, calls: new Set() };
    nodes.set(ajvName, node);
    byKey.set(key, node);
    for (const name of source.scopeValues.validate ?? []) {
      const callee = name.value?.ref as Compiled | undefined;
      if (typeof callee === 'function') node.calls.add(visit(callee).ajvName);
    }
    for (const name of source.scopeValues.wrapper ?? []) {
      const env = name.value?.ref as { validate?: Compiled } | undefined;
      if (env?.validate) node.calls.add(visit(env.validate).ajvName);
    }
    node.calls.delete(ajvName);
    return node;
  };
  const rootOf = (key: string): FunctionNode => {
    const fn = ajv.getSchema(refOf(key)) as Compiled | undefined;
    if (!fn) throw new Error(`no schema at ${refOf(key)}`);
    return visit(fn, key);
  };
  const entryRoots = entries.map((e) =>
    Object.fromEntries(Object.entries(e.exports).map(([name, key]) => [name, rootOf(key)])),
  );
  const namedRoots = named.map(rootOf);
  forgetCompilations(ajv, nodes.values());

  // Strongly connected groups (Tarjan, iterative order over sorted names: deterministic).
  const unitOf = stronglyConnected(nodes);
  const units = new Map<number, FunctionNode[]>();
  for (const node of [...nodes.values()].sort((a, b) => compare(a.key, b.key))) {
    const unit = unitOf.get(node.ajvName)!;
    (units.get(unit) ?? units.set(unit, []).get(unit)!).push(node);
  }

  // Which entry points reach each unit: a unit reached by one operation only lives in its module.
  const namedUnits = new Set(namedRoots.map((n) => unitOf.get(n.ajvName)!));
  // Named schemas count as users too (after the entries): what they call must stay importable.
  const users = [...entryRoots.map((roots) => Object.values(roots)), ...namedRoots.map((n) => [n])];
  const reachedBy = usersOfUnits(
    users.map((roots) => roots.map((n) => n.ajvName)),
    (name) => nodes.get(name)!.calls,
    unitOf,
  );
  const home = new Map<number, string>(); // unit → module path
  const shared: [number, string][] = []; // unit → the file name wanted for its module
  for (const [unit, members] of units) {
    const by = reachedBy.get(unit);
    const only = by && by.size === 1 ? [...by][0] : undefined;
    if (!namedUnits.has(unit) && only !== undefined && only < entries.length) {
      home.set(unit, entries[only].path);
    } else shared.push([unit, fileName(members[0].key)]);
  }
  const stems = fileStems(shared.map(([, name]) => name));
  const sharedPaths = new Set<string>();
  for (const [unit, name] of shared) {
    home.set(unit, `schemas/${stems.get(name)!}`);
    sharedPaths.add(`schemas/${stems.get(name)!}`);
  }
  // Stable, unique function names from the schema keys: identities while the modules are
  // written (in the code each function gets a short name local to its module).
  const exportName = new Map<string, string>();
  const usedNames = new Set<string>();
  for (const node of [...nodes.values()].sort((a, b) => compare(a.key, b.key))) {
    let name = functionName(node.key);
    for (let n = 2; usedNames.has(name); n++) name = `${functionName(node.key)}_${n}`;
    usedNames.add(name);
    exportName.set(node.ajvName, name);
  }

  const modules = new Map<string, string>();
  const members = new Map<string, FunctionNode[]>(); // module path → functions
  for (const [unit, list] of units) {
    const path = home.get(unit)!;
    members.set(path, [...(members.get(path) ?? []), ...list]);
  }
  // What a shared module exports, named within the module (its path says which schema it is):
  // `validate` for its first schema, `validate_<hash>` for the others of a cycle.
  const exportAs = new Map<string, string>();
  for (const [path, list] of members) {
    if (!sharedPaths.has(path)) continue;
    [...list]
      .sort((a, b) => compare(a.key, b.key))
      .forEach((node, i) =>
        exportAs.set(node.ajvName, i === 0 ? 'validate' : `validate_${hash(node.key, 10)}`),
      );
  }
  const helpers = RUNTIME_HELPERS;
  const emit = (path: string, fns: FunctionNode[], entry?: EntryPoint) => {
    const stable = (ajvName: string) => exportName.get(alias.get(ajvName) ?? ajvName)!;
    const body = moduleBody(ajv, fns, stable, dynamicScopes);
    // Each function is in one module: once written, Ajv's code of it is not read again (on
    // Microsoft Graph's document hundreds of MB held until the end otherwise).
    for (const f of fns) if (f.fn.source) f.fn.source.validateCode = '';
    const local = body.localOf;
    const localFor = (name: string) => {
      let short = local.get(name);
      if (!short) local.set(name, (short = `f_${local.size}`));
      return short;
    };
    const imports = new Map<string, Set<string>>(); // module → `<export> as i_<n>`
    const constants = new Set<string>(); // `f_<n> = i_<n>`
    const own = new Set(fns.map((f) => f.ajvName));
    const importFrom = (ajvName: string) => {
      const from = home.get(unitOf.get(ajvName)!)!;
      const local = localFor(stable(ajvName));
      const imported = local.replace(/^f_/, 'i_');
      (imports.get(from) ?? imports.set(from, new Set()).get(from)!).add(
        `${exportAs.get(ajvName)!} as ${imported}`,
      );
      constants.add(`${local} = ${imported}`);
    };
    for (const fn of fns) for (const callee of fn.calls) if (!own.has(callee)) importFrom(callee);
    const roots = entry ? entryRoots[entries.indexOf(entry)] : {};
    for (const root of Object.values(roots)) if (!own.has(root.ajvName)) importFrom(root.ajvName);
    let code = body.code;
    const helperNames: string[] = [];
    for (const helper of helpers) {
      if (!code.includes(helper.call)) continue;
      code = code.split(helper.call).join(helper.name);
      helperNames.push(helper.name);
    }
    if (/\bformats(\.|\[)/.test(code)) helperNames.push('formats');
    if (/\baddError\(/.test(code)) helperNames.push('addError');
    if (/\baddErrors\(/.test(code)) helperNames.push('addErrors');
    if (/\baddMissing\(/.test(code)) helperNames.push('addMissing');
    if (/\baddTypeError\(/.test(code)) helperNames.push('addTypeError');
    const leftover = /require\([^)]*\)/.exec(code);
    if (leftover)
      throw new Error(`Ajv standalone code needs ${leftover[0]}, which has no ESM replacement yet`);
    const depth = path.split('/').length - 1;
    const rel = (target: string) => `${'../'.repeat(depth) || './'}${target}.js`;
    const rootLines = Object.entries(roots).map(
      ([name, node]) => `const ${name} = ${localFor(stable(node.ajvName))};`,
    );
    const lines = [
      ...(helperNames.length > 0
        ? [`import { ${helperNames.sort().join(', ')} } from ${JSON.stringify(rel(helpersPath))};`]
        : []),
      ...(entry?.head ? [entry.head] : []),
      ...[...imports.keys()]
        .sort(compare)
        .map(
          (from) =>
            `import { ${[...imports.get(from)!].sort(compare).join(', ')} } from ${JSON.stringify(rel(from))};`,
        ),
      // An imported function is a live binding V8 will not inline a call to; the same function
      // as a module constant it inlines (the call's options object then needs no allocation):
      // a check of 1000 objects runs ~30% faster, as fast as Ajv compiling at run time.
      ...(constants.size > 0 ? [`const ${[...constants].sort(compare).join(', ')};`] : []),
      '',
      code.trim(),
      '',
      ...(fns.length > 0 && !entry
        ? [
            `export { ${fns
              .map((f) => `${localFor(stable(f.ajvName))} as ${exportAs.get(f.ajvName)!}`)
              .sort(compare)
              .join(', ')} };`,
          ]
        : []),
      ...rootLines,
      ...(entry?.tail ? [entry.tail.trimEnd()] : []),
    ];
    modules.set(`${path}.js`, lines.join('\n') + '\n');
  };
  for (const entry of entries) {
    emit(entry.path, members.get(entry.path) ?? [], entry);
    progress();
  }
  const entryPaths = new Set(entries.map((e) => e.path));
  for (const path of [...members.keys()].sort(compare))
    if (!entryPaths.has(path)) {
      emit(path, members.get(path)!);
      progress();
    }

  const sharedOf = new Map<string, [string, string]>();
  // By the key asked for: a named schema that is only a `$ref` shares its target's function,
  // whose node carries the key of whichever of the two was visited first.
  named.forEach((key, i) => {
    const node = namedRoots[i];
    sharedOf.set(key, [home.get(unitOf.get(node.ajvName)!)!, exportAs.get(node.ajvName)!]);
  });
  return {
    modules,
    sharedOf,
    stats: { functions: nodes.size, sharedModules: sharedPaths.size, entryModules: entries.length },
  };
}

/**
 * Once every function is found, Ajv's caches of what it compiled (each schema's environment:
 * its resolved references, its local references, the schema it came from) are never read again
 * (the modules are made from each function's source and the scope's values alone): dropped,
 * they are garbage while the modules are made (on Microsoft Graph's document, 40,000
 * environments). The instance keeps its options and formats (formatsSource).
 */
function forgetCompilations(ajv: Ajv, fns: Iterable<FunctionNode>): void {
  const caches = ajv as unknown as {
    refs: Record<string, unknown>;
    schemas: Record<string, unknown>;
    _cache: Map<unknown, unknown>;
    _compilations: Set<unknown>;
  };
  caches.refs = {};
  caches.schemas = {};
  caches._cache = new Map();
  caches._compilations = new Set();
  for (const node of fns) delete (node.fn as { schemaEnv?: unknown }).schemaEnv;
}

/**
 * For each unit (strongly connected group of functions), the users (by index) whose roots reach
 * it, as far as it matters: exactly the one user when only one reaches it, at least two
 * otherwise. A unit two earlier users reached has every unit below it reached by both already,
 * so a walk stops there; without that, each of Microsoft Graph's 28,000 users walked its whole
 * closure.
 */
export function usersOfUnits(
  users: string[][],
  callsOf: (name: string) => Iterable<string>,
  unitOf: Map<string, number>,
): Map<number, Set<number>> {
  const reachedBy = new Map<number, Set<number>>();
  users.forEach((roots, i) => {
    const stack = [...roots];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const unit = unitOf.get(name)!;
      const by = reachedBy.get(unit) ?? reachedBy.set(unit, new Set()).get(unit)!;
      // reached by two others before this user came: so is everything below
      if (by.size >= 2 && !by.has(i)) continue;
      by.add(i);
      stack.push(...callsOf(name));
    }
  });
  return reachedBy;
}

/** The helpers module: Ajv's runtime helpers and the `formats` table (its source is given). */
export function helpersModule(formatsSource: string): string {
  return [
    ...RUNTIME_HELPERS.map((h) => `export const ${h.name} = (${h.source()});`),
    formatsSource.trim(),
    'export { formats };',
    '',
    '// One error of a compiled check: the error object Ajv writes, appended to the list (created if null).',
    'export function addError(errors, instancePath, schemaPath, keyword, params) {',
    '  const error = { instancePath, schemaPath, keyword, params };',
    '  if (errors === null) return [error];',
    '  errors.push(error);',
    '  return errors;',
    '}',
    '',
    '// A missing required property, as Ajv reports it.',
    'export function addMissing(errors, instancePath, missingProperty, schemaPath = "#/required") {',
    '  return addError(errors, instancePath, schemaPath, "required", { missingProperty });',
    '}',
    '',
    '// A value of the wrong type, as Ajv reports it.',
    'export function addTypeError(errors, instancePath, schemaPath, type) {',
    '  return addError(errors, instancePath, schemaPath, "type", { type });',
    '}',
    '',
    '// The errors of a called check appended (as Ajv writes it: null, or a new concatenated list).',
    'export function addErrors(errors, more) {',
    '  return errors === null ? more : errors.concat(more);',
    '}',
    '',
  ].join('\n');
}

/** The code of a module's functions (scope values first), with names made stable. */
function moduleBody(
  ajv: Ajv,
  fns: FunctionNode[],
  functionNameOf: (ajvName: string) => string,
  dynamicScopes: boolean,
): { code: string; localOf: Map<string, string> } {
  const used: Record<string, Map<unknown, unknown>> = {};
  const scope = (
    ajv as unknown as { scope: { scopeCode: (...a: unknown[]) => { toString(): string } } }
  ).scope;
  const parts: string[] = [];
  const schemaValues = new Map<string, unknown>();
  for (const node of fns) {
    const source = node.fn.source!;
    for (const name of source.scopeValues.schema ?? []) schemaValues.set(name.str, name.value?.ref);
    // Calls to other functions are imports (or are in this module): they declare nothing here.
    const refCode = (name: ScopeName) => {
      if (name.prefix === 'validate') return _``;
      if (name.prefix === 'wrapper') {
        const env = name.value?.ref as { validate?: Compiled } | undefined;
        const target = env?.validate?.source?.validateName;
        if (!target) throw new Error('ajv: recursive reference without a compiled function');
        return _`const ${name as unknown as Name} = {validate: ${target as unknown as Name}};`;
      }
      return undefined;
    };
    const scopeCode = scope.scopeCode(source.scopeValues, used, refCode).toString();
    parts.push(scopeCode, withoutStaticPrologue(source));
    if (source.evaluated)
      parts.push(`${source.validateName.str}.evaluated = ${String(source.evaluated)};`);
  }
  const text = parts
    .join('\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
  const localOf = new Map<string, string>();
  const code = inlineSchemaReads(text, schemaValues);
  return {
    code: shortLocals(
      withoutUnusedArguments(
        compactErrors(renameGlobals(code, functionNameOf, localOf)),
        dynamicScopes,
      ),
    ),
    localOf,
  };
}

/** Ajv's two most written local names, with the shorter names they take (see shortLocals). */
const LOCAL_NAMES =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(instancePath|vErrors)(?![\w$])/g;
const SHORT_NAMES = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(at|errs)(?![\w$])/g;

/**
 * Every function's instance location (`instancePath`, ~11 times a function) and error list
 * (`vErrors`, ~20 times) are local variables: as `at` and `errs` they are 7% of GitHub's
 * output shorter. The option Ajv's functions pass each other keeps its name
 * (`{instancePath: at + "/id"}`); the error list is still written to `validate.errors`. A module
 * that already uses either short name keeps Ajv's names.
 */
export function shortLocals(code: string): string {
  for (const m of code.matchAll(SHORT_NAMES)) if (m[1] !== undefined) return code;
  return code.replace(LOCAL_NAMES, (match, name: string | undefined, offset: number) => {
    if (name === undefined) return match;
    if (name === 'vErrors') return 'errs';
    const before = code[offset - 1];
    const after = code[offset + name.length];
    // an option's key: `{instancePath:…}`
    if (after === ':') return match;
    // the parameter `{instancePath=""}` and the shorthand `{instancePath}`
    if (before === '{' && (after === '=' || after === '}')) return `instancePath:at`;
    return 'at';
  });
}

/**
 * A 2020-12 function starts by resetting what a dynamic evaluation recorded on it
 * (`unevaluated*` across `$dynamicRef`). When its evaluation is static (both flags false in the
 * record Ajv writes beside it) the reset never runs: the lines go.
 */
function withoutStaticPrologue(source: SourceInfo): string {
  const code = source.validateCode;
  const record = source.evaluated === undefined ? '' : String(source.evaluated);
  if (!record.includes('"dynamicProps":false') || !record.includes('"dynamicItems":false'))
    return code;
  const name = source.validateName.str;
  const prologue = [
    `const evaluated0 = ${name}.evaluated;`,
    'if(evaluated0.dynamicProps){',
    'evaluated0.props = undefined;',
    '}',
    'if(evaluated0.dynamicItems){',
    'evaluated0.items = undefined;',
    '}',
    '',
  ].join('\n');
  const without = code.replace(prologue, '');
  return without !== code && !/\bevaluated0\b/.test(without) ? without : code;
}

/** A string literal, or one of Ajv's data arguments these validators never read. */
const DATA_ARGUMENTS =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|, parentData, parentDataProperty, rootData=data(?=[,}])|,parentData:[A-Za-z_$][\w$]*,parentDataProperty:(?:"(?:[^"\\\n]|\\.)*"|[A-Za-z_$][\w$]*),rootData(?=[,}])|,parentData,parentDataProperty,rootData(?=[,}])|,rootData(?=[,}])/g;
/** The same, and the dynamic scopes (2020-12), for a root without `$dynamicRef`/`$recursiveRef`. */
const STATIC_ARGUMENTS = new RegExp(
  `${DATA_ARGUMENTS.source}|, dynamicAnchors=\\{\\}(?=\\})|,dynamicAnchors(?=\\})`,
  'g',
);
const ARGUMENT_NAME =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(parentData|parentDataProperty|rootData|dynamicAnchors)(?![\w$])/g;

/**
 * Ajv passes every call the parent object, the property name and the root value, for coercion,
 * defaults and `$data`, none of which these validators use, and under 2020-12 the dynamic
 * scopes, which only `$dynamicRef` reads: each function's signature and call sites lose them (a
 * smaller options object per call; ~5% of GitHub's output). Should any code still read one of
 * them, the module keeps Ajv's arguments as they were.
 */
function withoutUnusedArguments(code: string, dynamicScopes: boolean): string {
  const out = code.replace(dynamicScopes ? DATA_ARGUMENTS : STATIC_ARGUMENTS, (match) =>
    match.startsWith('"') || match.startsWith("'") ? match : '',
  );
  for (const m of out.matchAll(ARGUMENT_NAME))
    if (m[1] !== undefined && (m[1] !== 'dynamicAnchors' || !dynamicScopes)) return code;
  return out;
}

/**
 * Ajv reads enum lists and type lists out of a constant holding the whole schema
 * (`schema20.properties.state.enum`). Each read becomes what it reads (a literal for a scalar, a
 * module constant `read_<n>` for a list), and a whole-schema constant no longer read is dropped:
 * a large object schema is then not carried once more as data.
 */
export function inlineSchemaReads(code: string, values: Map<string, unknown>): string {
  const constants = new Map<string, string>(); // JSON → name
  const read =
    /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[(?:"(?:[^"\\\n]|\\.)*"|\d+)\])+)/g;
  const segment = /\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\\n]|\\.)*"|\d+)\]/g;
  const inlined = code.replace(
    read,
    (match, name: string | undefined, path: string | undefined) => {
      if (!name || !path || !values.has(name)) return match;
      let value: unknown = values.get(name);
      for (const [, prop, index] of path.matchAll(segment)) {
        const key = prop ?? (JSON.parse(index) as string | number);
        if (
          !value ||
          typeof value !== 'object' ||
          !Object.prototype.hasOwnProperty.call(value, key)
        )
          return match;
        value = (value as Record<string | number, unknown>)[key];
      }
      if (value === undefined) return match;
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      // Lists stay constants of the module: a literal in a loop's head would be built per call.
      const json = JSON.stringify(value);
      let constant = constants.get(json);
      if (!constant) constants.set(json, (constant = `read_${constants.size}`));
      return constant;
    },
  );
  const lines = [
    ...[...constants].map(([json, name]) => `const ${name} = ${json};`),
    ...inlined.split('\n'),
  ];
  // A declaration stays when another line uses its name. The lines each name appears on are
  // listed in one pass: testing every line for every declaration was quadratic in the module's
  // length (seconds on modules of Microsoft Graph's thousands of schemas).
  const linesOf = new Map<string, number[]>();
  lines.forEach((line, i) => {
    for (const [name] of line.matchAll(SCHEMA_NAME)) {
      const list = linesOf.get(name) ?? linesOf.set(name, []).get(name)!;
      if (list.at(-1) !== i) list.push(i);
    }
  });
  return lines
    .filter((line) => {
      const declared = /^const (schema\d+) = /.exec(line)?.[1];
      if (!declared) return true;
      return (linesOf.get(declared) ?? []).some((i) => lines[i] !== line);
    })
    .join('\n');
}

/** A use of one of Ajv's schema constants (`schema12`), not part of a longer name or a property. */
const SCHEMA_NAME = /(?<![.\w$])schema\d+(?![\w$])/g;

/**
 * Ajv's instance-wide names, outside string literals and property accesses, become stable:
 * functions their schema-derived name, other values `<prefix>_<n>` by order of appearance.
 */
function renameGlobals(
  code: string,
  functionNameOf: (ajvName: string) => string,
  /** stable function name → its short name in this module (filled here) */
  localOf: Map<string, string>,
): string {
  const local = new Map<string, string>();
  const counters = new Map<string, number>();
  return code.replace(
    /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])([A-Za-z_$][\w$]*)/g,
    (match, word: string | undefined) => {
      if (word === undefined || !GLOBAL_NAME.test(word)) return match;
      const prefix = /^[a-z]+/.exec(word)![0];
      if (prefix === 'validate') {
        const name = functionNameOf(word) ?? word;
        let short = localOf.get(name);
        if (!short) localOf.set(name, (short = `f_${localOf.size}`));
        return short;
      }
      let name = local.get(word);
      if (!name) {
        const n = counters.get(prefix) ?? 0;
        counters.set(prefix, n + 1);
        name = `${prefix}_${n}`;
        local.set(word, name);
      }
      return name;
    },
  );
}

/**
 * The first step of compactErrors, on its own: each error literal and its seven lines of
 * bookkeeping as one `addError` statement. It reads only Ajv's own local names (`vErrors`,
 * `err<n>`), which neither the schema reads inlined nor the renamed globals touch, and keeps
 * every other token as it was: so it gives the same module whether it runs on a module's text
 * or, earlier, on each function's code as Ajv compiles it (validators.ts does that: Graph's
 * 40,000 functions' code is then about half the size while it waits for the split).
 */
export function compactErrorLiterals(code: string): string {
  if (!code.includes('if(vErrors === null){')) return code;
  const lines = code.split('\n');
  const out: string[] = [];
  const literal =
    /^const (err\d+) = \{instancePath(?::(.*?))?,schemaPath:("(?:[^"\\]|\\.)*"),keyword:("(?:[^"\\]|\\.)*"),params:(.*)\};$/;
  for (let i = 0; i < lines.length; i++) {
    const m = literal.exec(lines[i]);
    const name = m?.[1];
    if (
      m &&
      lines[i + 1] === 'if(vErrors === null){' &&
      lines[i + 2] === `vErrors = [${name}];` &&
      lines[i + 3] === '}' &&
      lines[i + 4] === 'else {' &&
      lines[i + 5] === `vErrors.push(${name});` &&
      lines[i + 6] === '}' &&
      lines[i + 7] === 'errors++;'
    ) {
      const [, , path, schemaPath, keyword, params] = m;
      out.push(
        `vErrors = addError(vErrors, ${path ?? 'instancePath'}, ${schemaPath}, ${keyword}, ${params});`,
      );
      out.push('errors++;');
      i += 7;
      continue;
    }
    out.push(lines[i]);
  }
  return out.join('\n');
}

/**
 * Ajv writes each error as a literal and seven lines of bookkeeping (create or push the error
 * list, count). The same statement, once per error, calls `addError` (helpers module) instead:
 * the same list, the same objects, a third of the size. Lines that do not have exactly Ajv's
 * shape are left as they are.
 */
function compactErrors(code: string): string {
  const lines = compactErrorLiterals(code).split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const merged =
      /^vErrors = vErrors === null \? (f_\d+)\.errors : vErrors\.concat\((f_\d+)\.errors\);$/.exec(
        lines[i],
      );
    if (merged && merged[1] === merged[2]) {
      // with the count that follows it, one statement (thousands of calls on a large document)
      if (lines[i + 1] === 'errors = vErrors.length;') {
        out.push(`errors = (vErrors = addErrors(vErrors, ${merged[1]}.errors)).length;`);
        i++;
      } else out.push(`vErrors = addErrors(vErrors, ${merged[1]}.errors);`);
      continue;
    }
    out.push(lines[i]);
  }
  return compactRequired(out).join('\n');
}

/** `if(<prop> === undefined){` + its one required error + `errors++;` + `}` as one statement (`addMissing`). */
function compactRequired(lines: string[]): string[] {
  const out: string[] = [];
  const error =
    /^vErrors = addError\(vErrors, (.*), ("(?:[^"\\]|\\.)*"), "required", \{missingProperty: ("(?:[^"\\]|\\.)*")\}\);$/;
  for (let i = 0; i < lines.length; i++) {
    const test = /^if\((.+) === undefined\)\{$/.exec(lines[i]);
    const m = test ? error.exec(lines[i + 1] ?? '') : null;
    if (test && m && lines[i + 2] === 'errors++;' && lines[i + 3] === '}') {
      out.push(
        `if(${test[1]} === undefined) vErrors = addMissing(vErrors, ${m[1]}, ${m[3]}${m[2] === '"#/required"' ? '' : `, ${m[2]}`}), errors++;`,
      );
      i += 3;
    } else out.push(lines[i]);
  }
  // A type error with a single type names it directly (`addTypeError`).
  const typeError =
    /^vErrors = addError\(vErrors, (.*), ("(?:[^"\\]|\\.)*"), "type", \{type: ("[a-z]+")\}\);$/;
  const typed = out.map((line) => {
    const t = typeError.exec(line);
    return t ? `vErrors = addTypeError(vErrors, ${t[1]}, ${t[2]}, ${t[3]});` : line;
  });
  // `if(<test>){` + one error + `errors++;` + `}` as one statement.
  const single: string[] = [];
  for (let i = 0; i < typed.length; i++) {
    const head = /^(if\(.*\))\{$/.exec(typed[i]);
    const add = /^(vErrors = add[A-Za-z]*\(.*\));$/.exec(typed[i + 1] ?? '');
    if (head && add && typed[i + 2] === 'errors++;' && typed[i + 3] === '}') {
      single.push(`${head[1]} ${add[1]}, errors++;`);
      i += 3;
    } else single.push(typed[i]);
  }
  return guardedRequiredLoops(single);
}

/**
 * A long `required` list is checked in a loop over the list (`loopRequired`: an unrolled list
 * costs ~75 bytes a name), but a read by a key that changes each turn is a slow, megamorphic
 * one: on GitHub's `minimal-repository` (46 names) the loop was most of the object's check.
 * The loop now runs only when one test of plain property reads (~30 bytes a name) finds a name
 * missing, so a valid object pays the fast reads and the errors are those of the loop.
 */
function guardedRequiredLoops(lines: string[]): string[] {
  const lists = new Map<string, unknown>();
  for (const line of lines) {
    const m = /^const (read_\d+) = (.*);$/.exec(line);
    if (m) lists.set(m[1], JSON.parse(m[2]));
  }
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const loop = /^for\(const (prop\d+) of (read_\d+)\)\{$/.exec(lines[i]);
    const list = loop ? lists.get(loop[2]) : undefined;
    const test = loop
      ? new RegExp(`^if\\(([A-Za-z_$][\\w$]*)\\[${loop[1]}\\] === undefined\\) `).exec(
          lines[i + 1] ?? '',
        )
      : null;
    if (
      !test ||
      lines[i + 2] !== '}' ||
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((name) => typeof name === 'string')
    ) {
      out.push(lines[i]);
      continue;
    }
    const data = test[1];
    const read = (name: string) =>
      /^[A-Za-z_$][\w$]*$/.test(name) ? `${data}.${name}` : `${data}[${JSON.stringify(name)}]`;
    out.push(
      `if(${(list as string[]).map((name) => `${read(name)} === undefined`).join(' || ')}){`,
    );
    out.push(lines[i], lines[i + 1], lines[i + 2], '}');
    i += 2;
  }
  return out;
}

/** Tarjan's strongly connected components; returns function name → component number. */
function stronglyConnected(nodes: Map<string, FunctionNode>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;
  for (const start of [...nodes.keys()].sort(compare)) {
    if (index.has(start)) continue;
    // Iterative DFS: frames of [node, callee iterator].
    const frames: [string, Iterator<string>][] = [];
    const open = (name: string) => {
      index.set(name, counter);
      low.set(name, counter);
      counter++;
      stack.push(name);
      onStack.add(name);
      frames.push([name, [...nodes.get(name)!.calls].sort(compare)[Symbol.iterator]()]);
    };
    open(start);
    while (frames.length > 0) {
      const [name, callees] = frames[frames.length - 1];
      const next = callees.next();
      if (!next.done) {
        const callee = next.value;
        if (!index.has(callee)) open(callee);
        else if (onStack.has(callee)) low.set(name, Math.min(low.get(name)!, index.get(callee)!));
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(name)!));
      }
      if (low.get(name) === index.get(name)) {
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.set(member, components);
        } while (member !== name);
        components++;
      }
    }
  }
  return component;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const hash = (key: string, n: number) => createHash('sha256').update(key).digest('hex').slice(0, n);

/**
 * The name a schema key's module wants: the component name, or the pointer's tail plus a hash
 * (unique per key); model/file-names.ts makes it a safe, bounded, case-insensitively unique stem.
 */
function fileName(key: string): string {
  if (!key.startsWith('#')) return key;
  const tail = key
    .split('/')
    .slice(-4)
    .join('-')
    .replace(/[^A-Za-z0-9_-]+/g, '-');
  return `${tail.replace(/^-+|-+$/g, '').slice(0, 40) || 'schema'}-${hash(key, 8)}`;
}

/**
 * The exported name of a schema key's function: `validate_<Name>` for a component (cut to 40
 * characters, with a hash then), `validate_<hash>` for an inline or shared schema (its module's
 * file name says where it comes from).
 */
function functionName(key: string): string {
  if (key.startsWith('#') || /^shared-/.test(key)) return `validate_${hash(key, 10)}`;
  const base = key.replace(/[^A-Za-z0-9_$]+/g, '_').replace(/^_+|_+$/g, '');
  return base.length <= 40 ? `validate_${base}` : `validate_${base.slice(0, 30)}_${hash(key, 8)}`;
}
