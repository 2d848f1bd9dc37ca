/**
 * Ajv's code optimisation (`CodeGen.optimize`: drop unused declarations and empty blocks, fold
 * constants) starts by counting every name the function's code tree uses. Ajv counts them with a
 * `names` getter that builds a fresh count object at every node of the tree and merges the
 * children's into it, so a function costs the sum over its nodes of the names below each: quadratic
 * in a function's size, and most of a large document's compile time and garbage.
 *
 * `linearOptimize` gives Ajv's `CodeGen` an `optimize` that counts the same names in one walk
 * into one object, then runs Ajv's own passes with it: the same counts, so the same code, byte
 * for byte (test/validators/ajv-optimize.test.ts compares both on generated code). A node of a
 * kind this walk does not know (another Ajv version) is counted by Ajv's own getter.
 */
import { CodeGen, type Ajv } from 'ajv';
import codeModule from 'ajv/dist/compile/codegen/code.js';

// CommonJS seen through NodeNext: the exports are on `.default` (or are the module).
const { _CodeOrName } = ((codeModule as unknown as { default?: unknown }).default ??
  codeModule) as { _CodeOrName: abstract new () => unknown };

type Counts = Record<string, number>;
interface CodeNode {
  names: Counts;
  nodes?: CodeNode[];
  condition?: unknown;
  else?: CodeNode;
  iteration?: { names: Counts };
  iterable?: { names: Counts };
  from?: unknown;
  to?: unknown;
  catch?: CodeNode;
  finally?: CodeNode;
}
interface Generator {
  _root: CodeNode & { optimizeNodes(): void; optimizeNames(n: Counts, c: unknown): void };
  _constants: unknown;
}

const ORIGINAL = Symbol('ajv optimize');

function add(into: Counts, from: Counts): void {
  for (const n in from) into[n] = (into[n] || 0) + (from[n] || 0);
}
function addExpression(into: Counts, expression: unknown): void {
  if (expression instanceof _CodeOrName) add(into, (expression as { names: Counts }).names);
}

/**
 * The counts Ajv's `root.names` gives, in one walk. `kinds` maps each block class Ajv has to the
 * fields its getter adds beyond its children (learnt from a sample tree); another class falls
 * back to its own getter.
 */
export function countNames(root: CodeNode, kinds: Map<unknown, readonly string[]>): Counts {
  const counts: Counts = {};
  const stack: CodeNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const fields = Array.isArray(node.nodes) ? kinds.get(node.constructor) : undefined;
    if (!fields) {
      add(counts, node.names);
      continue;
    }
    for (const child of node.nodes!) stack.push(child);
    for (const field of fields) {
      if (field === 'condition' || field === 'from' || field === 'to')
        addExpression(counts, node[field]);
      else if (field === 'iteration' || field === 'iterable') add(counts, node[field]!.names);
      else {
        const block = node[field as 'else' | 'catch' | 'finally'];
        if (block) stack.push(block);
      }
    }
  }
  return counts;
}

/** Ajv's block classes, from a sample tree, with the fields each one's `names` reads. */
export function learnBlockKinds(ajv: Ajv): Map<unknown, readonly string[]> {
  const scope = (ajv as unknown as { scope: ConstructorParameters<typeof CodeGen>[0] }).scope;
  const gen = new CodeGen(scope, {});
  const x = gen.name('x');
  gen.if(
    x,
    () => gen.assign(x, 1),
    () => gen.assign(x, 2),
  );
  gen.for(x, () => gen.assign(x, 1));
  gen.forRange('i', 0, x, () => gen.assign(x, 1));
  gen.forOf('i', x, () => gen.assign(x, 1));
  gen.try(
    () => gen.assign(x, 1),
    (e) => gen.assign(x, e),
    () => gen.assign(x, 2),
  );
  gen.func(gen.name('f'), x, false, () => gen.assign(x, 1));
  gen.return(x);
  const root = (gen as unknown as Generator)._root;
  const kinds = new Map<unknown, readonly string[]>([[root.constructor, []]]);
  const fieldsOf = (node: CodeNode): readonly string[] =>
    ['condition', 'else', 'iteration', 'iterable', 'from', 'to', 'catch', 'finally'].filter(
      (f) => f in node,
    );
  const visit = (node: CodeNode) => {
    if (!Array.isArray(node.nodes)) return;
    kinds.set(node.constructor, fieldsOf(node));
    for (const child of node.nodes) visit(child);
    for (const f of ['else', 'catch', 'finally'] as const) if (node[f]) visit(node[f]);
  };
  for (const child of root.nodes!) visit(child);
  // Each learnt class must count exactly as its own getter does on the sample.
  for (const child of root.nodes!) {
    const ours = countNames(child, kinds);
    const theirs = child.names;
    if (JSON.stringify(sorted(ours)) !== JSON.stringify(sorted(theirs))) return new Map();
  }
  return kinds;
}

const sorted = (c: Counts) => Object.entries(c).sort(([a], [b]) => (a < b ? -1 : 1));

/**
 * Ajv's `CodeGen.optimize` with its name count made linear (same result), on Ajv's class (the
 * instance Ajv creates per compile cannot be reached otherwise) until the function returned is
 * called: the validators emitter installs it only while it compiles, so nothing else in the
 * process (the loader's strict schema check, a user's Ajv) runs patched code. A no-op (and a
 * no-op to undo) when already installed.
 */
export function linearOptimize(ajv: Ajv): () => void {
  const proto = CodeGen.prototype as unknown as Record<PropertyKey, unknown>;
  const none = () => undefined;
  if (proto[ORIGINAL]) return none;
  const kinds = learnBlockKinds(ajv);
  if (kinds.size === 0) return none;
  const original = proto.optimize;
  proto[ORIGINAL] = original;
  proto.optimize = function (this: Generator, n = 1) {
    while (n-- > 0) {
      this._root.optimizeNodes();
      this._root.optimizeNames(countNames(this._root, kinds), this._constants);
    }
  };
  return () => {
    proto.optimize = original;
    delete proto[ORIGINAL];
  };
}
