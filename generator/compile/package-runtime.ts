/**
 * The runtime (runtime/**.ts of the toolkit) compiled to ESM JavaScript and `.d.ts`, as it is
 * copied into every generated output. It is compiled as one program, so its exports need no
 * explicit types (unlike the bindings, compiled file by file). Compiling it takes longer than the rest of the package
 * step, and it changes only with the toolkit, so the launcher (bin/tms-gen.js) writes it once
 * beside the CLI bundle and generate runs read it back (readCompiledRuntime).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { GENERATED_MARK } from '../common/source.js';
import type { GeneratedFile } from '../common/generated-file.js';
import { compileIsolated, compileProgram, IsolatedCompileError } from './package-compile.js';

/** `runtime/wire/path.js`, `runtime/wire/path.d.ts`, … for the toolkit at `toolkitRoot`. */
export function compiledRuntime(toolkitRoot: string): GeneratedFile[] {
  const { version } = JSON.parse(readFileSync(join(toolkitRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const dir = join(toolkitRoot, 'runtime');
  const sources = new Map<string, string>();
  for (const file of listFiles(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')))
    sources.set(relative(dir, file).split('\\').join('/'), readFileSync(file, 'utf8'));
  const banner = (rel: string) =>
    `// ${GENERATED_MARK} ${version} from its runtime/${rel}, compiled. Do not edit: every generate replaces it.\n`;
  const compiled = compileEachOrAll(dir, sources, banner);
  const out: GeneratedFile[] = [...compiled]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rel, text]) => ({ path: `runtime/${rel}`, contents: text }));
  return out;
}

/**
 * File by file when every export carries its type (fast: no program, no lib files); otherwise
 * as one program, which infers what is not written (seconds, but only once per runtime change).
 */
function compileEachOrAll(
  dir: string,
  sources: Map<string, string>,
  banner: (rel: string) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  try {
    for (const [rel, source] of sources) {
      const { js, dts } = compileIsolated(source, `runtime/${rel}`, banner(rel));
      out.set(rel.replace(/\.ts$/, '.js'), js).set(rel.replace(/\.ts$/, '.d.ts'), dts);
    }
    return out;
  } catch (error) {
    if (!(error instanceof IsolatedCompileError)) throw error;
    return compileProgram(dir, sources, banner);
  }
}

/** Writes compiledRuntime(toolkitRoot) under `dir` (for the launcher's cache and the packed toolkit). */
export function writeCompiledRuntime(toolkitRoot: string, dir: string): void {
  for (const file of compiledRuntime(toolkitRoot)) {
    const full = join(dir, file.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, file.contents);
  }
}

/** What writeCompiledRuntime wrote under `dir`, as the files of an output. */
export function readCompiledRuntime(dir: string): GeneratedFile[] {
  return listFiles(join(dir, 'runtime')).map((file) => ({
    path: relative(dir, file).split('\\').join('/'),
    contents: readFileSync(file, 'utf8'),
  }));
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}
