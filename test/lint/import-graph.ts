/**
 * The import graph of the toolkit's sources and its loops (strongly connected groups of more
 * than one file, or a file importing itself). Every relative import counts: static, type-only
 * (`import type`, `import('./x').T` in a type) and re-exports, since a loop through types
 * still ties two files together for a reader and for the compiler. A dynamic `import()` of
 * code counts too: it is a dependency, only a later one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** file (relative to root, with `/`) → the files it imports (same form) */
export type ImportGraph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'templates' ? [] : sourceFiles(path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts` in the sources. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    base,
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && /\.m?ts$/.test(c));
}

/** The graph of every `.ts` file under `folders` (relative to `root`), edges within the set. */
export function importGraph(root: string, folders: string[]): ImportGraph {
  const files = folders.flatMap((f) => sourceFiles(join(root, f)));
  const name = (abs: string) => relative(root, abs).split('\\').join('/');
  const graph: ImportGraph = new Map(files.map((f) => [name(f), new Set<string>()]));
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const imported of info.importedFiles) {
      const target = resolveSpecifier(file, imported.fileName);
      if (target && graph.has(name(target))) graph.get(name(file))!.add(name(target));
    }
  }
  return graph;
}

/** The loops of a graph: each strongly connected group (Tarjan), sorted, as a list of files. */
export function importLoops(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let counter = 0;
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.has(file)) loops.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return loops.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
