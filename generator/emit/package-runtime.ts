/**
 * The runtime (runtime/**.ts of the toolkit) compiled to ESM JavaScript and `.d.ts`, as it is
 * copied into every generated output. Compiling it takes longer than the rest of the package
 * step, and it changes only with the toolkit, so the launcher (bin/tms-gen.js) writes it once
 * beside the CLI bundle and generate runs read it back (readCompiledRuntime).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { GeneratedFile } from './emitter.js';
import { compileIsolated } from './package-compile.js';

/** `runtime/wire/path.js`, `runtime/wire/path.d.ts`, … for the toolkit at `toolkitRoot`. */
export function compiledRuntime(toolkitRoot: string): GeneratedFile[] {
  const { version } = JSON.parse(readFileSync(join(toolkitRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const dir = join(toolkitRoot, 'runtime');
  const out: GeneratedFile[] = [];
  for (const file of listFiles(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
    const rel = relative(dir, file).split('\\').join('/');
    const banner = `// runtime/${rel} of tms-gen ${version}, compiled. Do not edit: every generate replaces it.\n`;
    const { js, dts } = compileIsolated(readFileSync(file, 'utf8'), `runtime/${rel}`, banner);
    const base = `runtime/${rel.slice(0, -3)}`;
    out.push({ path: `${base}.js`, contents: js }, { path: `${base}.d.ts`, contents: dts });
  }
  return out;
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
