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
import type { Ajv } from 'ajv';
import { fileStems } from '../model/file-names.js';
import { moduleBody, RUNTIME_HELPERS } from './split-code.js';
import {
  collectFunctions,
  compare,
  forgetCompilations,
  stronglyConnected,
  usersOfUnits,
  type FunctionGraph,
  type FunctionNode,
} from './split-graph.js';

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
  const graph = collectFunctions(ajv, refOf, schemaOfKey, entries, named);
  forgetCompilations(ajv, graph.nodes.values());
  const layout = placeFunctions(graph, entries);
  const modules = new Map<string, string>();
  const write = (path: string, fns: FunctionNode[], entry?: EntryPoint) => {
    modules.set(
      `${path}.js`,
      moduleSource(ajv, layout, path, fns, entry, dynamicScopes, helpersPath),
    );
    progress();
  };
  for (const entry of entries) write(entry.path, layout.members.get(entry.path) ?? [], entry);
  const entryPaths = new Set(entries.map((e) => e.path));
  for (const path of [...layout.members.keys()].sort(compare))
    if (!entryPaths.has(path)) write(path, layout.members.get(path)!);

  const sharedOf = new Map<string, [string, string]>();
  // By the key asked for: a named schema that is only a `$ref` shares its target's function,
  // whose node carries the key of whichever of the two was visited first.
  named.forEach((key, i) => {
    const node = graph.namedRoots[i];
    sharedOf.set(key, [layout.moduleOf(node.ajvName), layout.exportAs.get(node.ajvName)!]);
  });
  return {
    modules,
    sharedOf,
    stats: {
      functions: graph.nodes.size,
      sharedModules: layout.sharedPaths.size,
      entryModules: entries.length,
    },
  };
}

/** Where each function goes and the names it is known by. */
interface Layout {
  graph: FunctionGraph;
  entries: EntryPoint[];
  /** module path → its functions */
  members: Map<string, FunctionNode[]>;
  sharedPaths: Set<string>;
  /** Ajv's name → the module holding it */
  moduleOf(ajvName: string): string;
  /** Ajv's name (or an alias's) → the function's stable name, an identity while modules are written */
  stable(ajvName: string): string;
  /** Ajv's name → the name a shared module exports it under */
  exportAs: Map<string, string>;
}

/**
 * Units (strongly connected groups) reached by one operation only live in its module; the rest
 * (and every named schema's) in a shared module of their own.
 */
function placeFunctions(graph: FunctionGraph, entries: EntryPoint[]): Layout {
  const { nodes, alias } = graph;
  // Strongly connected groups (Tarjan, iterative order over sorted names: deterministic).
  const unitOf = stronglyConnected(nodes);
  const units = new Map<number, FunctionNode[]>();
  for (const node of [...nodes.values()].sort((a, b) => compare(a.key, b.key))) {
    const unit = unitOf.get(node.ajvName)!;
    (units.get(unit) ?? units.set(unit, []).get(unit)!).push(node);
  }
  const { home, sharedPaths } = homesOfUnits(graph, entries, unitOf, units);
  const members = new Map<string, FunctionNode[]>();
  for (const [unit, list] of units) {
    const path = home.get(unit)!;
    members.set(path, [...(members.get(path) ?? []), ...list]);
  }
  const exportName = stableNames(nodes);
  return {
    graph,
    entries,
    members,
    sharedPaths,
    moduleOf: (ajvName) => home.get(unitOf.get(ajvName)!)!,
    stable: (ajvName) => exportName.get(alias.get(ajvName) ?? ajvName)!,
    exportAs: sharedExports(members, sharedPaths),
  };
}

/** The module path of each unit: an operation's module, or `schemas/<stem>` when shared. */
function homesOfUnits(
  graph: FunctionGraph,
  entries: EntryPoint[],
  unitOf: Map<string, number>,
  units: Map<number, FunctionNode[]>,
): { home: Map<number, string>; sharedPaths: Set<string> } {
  const { nodes, entryRoots, namedRoots } = graph;
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
  return { home, sharedPaths };
}

/**
 * Stable, unique function names from the schema keys: identities while the modules are
 * written (in the code each function gets a short name local to its module).
 */
function stableNames(nodes: Map<string, FunctionNode>): Map<string, string> {
  const exportName = new Map<string, string>();
  const usedNames = new Set<string>();
  for (const node of [...nodes.values()].sort((a, b) => compare(a.key, b.key))) {
    let name = functionName(node.key);
    for (let n = 2; usedNames.has(name); n++) name = `${functionName(node.key)}_${n}`;
    usedNames.add(name);
    exportName.set(node.ajvName, name);
  }
  return exportName;
}

/**
 * What a shared module exports, named within the module (its path says which schema it is):
 * `validate` for its first schema, `validate_<hash>` for the others of a cycle.
 */
function sharedExports(
  members: Map<string, FunctionNode[]>,
  sharedPaths: Set<string>,
): Map<string, string> {
  const exportAs = new Map<string, string>();
  for (const [path, list] of members) {
    if (!sharedPaths.has(path)) continue;
    [...list]
      .sort((a, b) => compare(a.key, b.key))
      .forEach((node, i) =>
        exportAs.set(node.ajvName, i === 0 ? 'validate' : `validate_${hash(node.key, 10)}`),
      );
  }
  return exportAs;
}

/** One module's source: its imports, its functions' code, its exports (and an entry's tail). */
function moduleSource(
  ajv: Ajv,
  layout: Layout,
  path: string,
  fns: FunctionNode[],
  entry: EntryPoint | undefined,
  dynamicScopes: boolean,
  helpersPath: string,
): string {
  const { stable, exportAs } = layout;
  const body = moduleBody(ajv, fns, stable, dynamicScopes);
  // Each function is in one module: once written, Ajv's code of it is not read again (on a
  // large document, hundreds of MB held until the end otherwise).
  for (const f of fns) if (f.fn.source) f.fn.source.validateCode = '';
  const local = body.localOf;
  const localFor = (name: string) => {
    let short = local.get(name);
    if (!short) local.set(name, (short = `f_${local.size}`));
    return short;
  };
  const roots = entry ? layout.graph.entryRoots[layout.entries.indexOf(entry)] : {};
  const { imports, constants } = moduleImports(layout, fns, Object.values(roots), localFor);
  const { code, helperNames } = withHelpers(body.code);
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
    // as a module constant it inlines (the call's options object then needs no allocation).
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
  return lines.join('\n') + '\n';
}

/** What a module imports from other modules: the functions it calls or exports that live there. */
function moduleImports(
  layout: Layout,
  fns: FunctionNode[],
  roots: FunctionNode[],
  localFor: (name: string) => string,
): { imports: Map<string, Set<string>>; constants: Set<string> } {
  const imports = new Map<string, Set<string>>(); // module → `<export> as i_<n>`
  const constants = new Set<string>(); // `f_<n> = i_<n>`
  const own = new Set(fns.map((f) => f.ajvName));
  const importFrom = (ajvName: string) => {
    const from = layout.moduleOf(ajvName);
    const local = localFor(layout.stable(ajvName));
    const imported = local.replace(/^f_/, 'i_');
    (imports.get(from) ?? imports.set(from, new Set()).get(from)!).add(
      `${layout.exportAs.get(ajvName)!} as ${imported}`,
    );
    constants.add(`${local} = ${imported}`);
  };
  for (const fn of fns) for (const callee of fn.calls) if (!own.has(callee)) importFrom(callee);
  for (const root of roots) if (!own.has(root.ajvName)) importFrom(root.ajvName);
  return { imports, constants };
}

/** The code with Ajv's runtime `require`s replaced by the helpers module's names it needs. */
function withHelpers(body: string): { code: string; helperNames: string[] } {
  let code = body;
  const helperNames: string[] = [];
  for (const helper of RUNTIME_HELPERS) {
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
  return { code, helperNames };
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
