/**
 * The graph of the functions Ajv compiled for the validators' split (split-modules.ts): which
 * function calls which, their strongly connected groups (units), and which entry points reach
 * each unit.
 */
import type { Ajv, ValidateFunction } from 'ajv';

export interface ScopeName {
  str: string;
  prefix: string;
  value?: { ref?: unknown; code?: unknown };
}
export interface SourceInfo {
  validateName: ScopeName;
  validateCode: string;
  scopeValues: Record<string, Set<ScopeName>>;
  evaluated?: unknown;
}
export type Compiled = ValidateFunction & {
  source?: SourceInfo;
  schemaEnv?: { validate?: unknown };
};

/** One compiled function: its schema's key, its code and what it calls. */
export interface FunctionNode {
  ajvName: string;
  key: string;
  fn: Compiled;
  calls: Set<string>;
}

/** The compiled functions behind the entry points and named schemas, and what each calls. */
export interface FunctionGraph {
  /** by Ajv's name of the function */
  nodes: Map<string, FunctionNode>;
  /** Ajv's name of a copy → the name of the function it is a copy of */
  alias: Map<string, string>;
  /** per entry point: its export names → their functions */
  entryRoots: Record<string, FunctionNode>[];
  /** per named key: its function */
  namedRoots: FunctionNode[];
}

/**
 * Walks from each entry point's and named schema's compiled function through what it calls.
 * Ajv may compile one schema more than once (a `$ref`-only schema is followed to its target
 * and compiled afresh; `getSchema` does not always find what a `$ref` compiled). Same schema,
 * same options, same code: every copy is an alias of the first, which alone is emitted.
 */
export function collectFunctions(
  ajv: Ajv,
  refOf: (key: string) => string,
  schemaOfKey: Map<unknown, string>,
  entries: { exports: Record<string, string> }[],
  named: string[],
): FunctionGraph {
  const nodes = new Map<string, FunctionNode>();
  const byKey = new Map<string, FunctionNode>();
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
  return { nodes, alias, entryRoots, namedRoots };
}

/**
 * Once every function is found, Ajv's caches of what it compiled (each schema's environment:
 * its resolved references, its local references, the schema it came from) are never read again
 * (the modules are made from each function's source and the scope's values alone): dropped,
 * they are garbage while the modules are made (on Microsoft Graph's document, 40,000
 * environments). The instance keeps its options and formats (formatsSource).
 */
export function forgetCompilations(ajv: Ajv, fns: Iterable<FunctionNode>): void {
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

/** Tarjan's strongly connected components; returns function name → component number. */
export function stronglyConnected(nodes: Map<string, FunctionNode>): Map<string, number> {
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

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
