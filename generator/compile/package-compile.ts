/**
 * TypeScript sources → ESM JavaScript plus `.d.ts`, file by file, for the bindings package and
 * the runtime copied into it. Each file is compiled on its own (transpileModule for the code,
 * transpileDeclaration — TypeScript's isolated-declarations emit — for the types), so the output
 * depends only on the file's text and the compiler version: no program, no type check, no
 * lib files read, and byte-identical from run to run. That needs every export to carry its
 * type explicitly; a file that does not is reported with its line, never emitted half-typed.
 */
import { createRequire } from 'node:module';
import { typescript, type TS } from '../common/typescript-compiler.js';
import { compileSplit } from './package-compile-split.js';

export interface CompiledFile {
  js: string;
  dts: string;
}

/** The compiler options of the file-by-file compile (also what its tests compare against). */
export function isolatedCompileOptions(ts: TS) {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    newLine: ts.NewLineKind.LineFeed,
    declaration: true,
    removeComments: false,
  };
}

/** Why a file cannot be compiled on its own: `file:line: message`. */
export class IsolatedCompileError extends Error {}

/**
 * `fileName` is only used in messages. `banner` (one comment line, with its newline) heads both
 * outputs when the source's own first line is not a comment the compiler kept.
 */
export function compileIsolated(source: string, fileName: string, banner = ''): CompiledFile {
  if (declarationsOnly(source, banner)) return declarationsCompiled(source, banner);
  const ts = typescript();
  const compilerOptions = isolatedCompileOptions(ts);
  // Fast path (bench/results/fast-paths.md): most statements of a large generated file need no
  // compiler (package-compile-split.ts), which saves most of the package step's CPU on GitHub's
  // document; a file it cannot prove that for is compiled whole, below, the reference path
  // (test/generator/package-compile-split.test.ts holds them equal). It may go when the whole
  // compile costs under a tenth of a large document's cold generate.
  const split = compileSplit(ts, source, fileName, compilerOptions);
  if (split) return { js: headed(split.js, banner), dts: headed(split.dts, banner) };
  const dts = ts.transpileDeclaration(source, {
    fileName,
    compilerOptions,
    reportDiagnostics: true,
  });
  const problems = dts.diagnostics ?? [];
  if (problems.length > 0) {
    const lines = problems.slice(0, 5).map((d) => {
      const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
      return `${fileName}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    throw new IsolatedCompileError(
      `cannot write declarations file by file (every export needs an explicit type): ${lines.join('; ')}`,
    );
  }
  const js = ts.transpileModule(source, { fileName, compilerOptions, reportDiagnostics: false });
  return { js: headed(js.outputText, banner), dts: headed(dts.outputText, banner) };
}

/**
 * A file of exported interfaces and type aliases only, as the TypeScript printer writes them
 * (openapi-typescript's types.ts): it is its own declarations file, and its JavaScript is an
 * empty module. Recognised by its top-level lines (only declarations start at column 0), so
 * the 6 MB types of a large document are not parsed twice to learn that; anything else at the
 * top level (a value, an import) takes the compiler's path.
 */
export function declarationsOnly(source: string, banner: string): boolean {
  if (banner === '' || !source.startsWith(banner)) return false;
  for (let at = banner.length; at < source.length;) {
    const end = source.indexOf('\n', at);
    const line = source.slice(at, end === -1 ? source.length : end);
    if (line !== '' && !TOP_LEVEL_DECLARATION.test(line)) return false;
    at = end === -1 ? source.length : end + 1;
  }
  return true;
}

/** What compileIsolated makes of a file declarationsOnly() accepts: no compiler, a copy. */
export function declarationsCompiled(source: string, banner: string): CompiledFile {
  return { js: headed('export {};\n', banner), dts: headed(source, banner) };
}

/** A top-level line of a declarations-only file: a declaration's head or end, or a comment. */
const TOP_LEVEL_DECLARATION = /^(?:export (?:interface|type) [\w$]+[ <=]|\}|\s|\/\/|\/\*)/;

function headed(text: string, banner: string): string {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return banner && !body.startsWith(banner) ? banner + body : body;
}

/**
 * A folder of TypeScript modules compiled as one program: `.js` and `.d.ts` for each, with
 * types the compiler infers (no explicit annotations needed). Slower than compileIsolated (it
 * type-checks), so it is for the runtime, which the launcher compiles once per change.
 * `files` maps a path inside `dir` to its source; the result maps `x.js`/`x.d.ts` paths.
 * A type error stops it (it would become an `any` in a declaration), reported with its line.
 */
export function compileProgram(
  dir: string,
  files: Map<string, string>,
  banner: (path: string) => string,
): Map<string, string> {
  const ts = typescript();
  // The sources are served from `files` as if in `dir`, a real folder, so that packages
  // (openapi-fetch, @types/node) resolve from its node_modules as they do for the real files.
  const root = `${dir
    .replace(/[\\/]+$/, '')
    .split('\\')
    .join('/')}/`;
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    declaration: true,
    removeComments: false,
    newLine: ts.NewLineKind.LineFeed,
    rootDir: root,
    outDir: '/out/',
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const inside = (name: string) => name.startsWith(root) && files.has(name.slice(root.length));
  host.fileExists = (name) => inside(name) || (!name.startsWith(root) && fileExists(name));
  host.readFile = (name) =>
    inside(name)
      ? files.get(name.slice(root.length))
      : name.startsWith(root)
        ? undefined
        : readFile(name);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => {
    const dir = name.endsWith('/') ? name : `${name}/`;
    if (root.startsWith(dir) || dir.startsWith(root)) return true;
    return directoryExists ? directoryExists(name) : true;
  };
  host.realpath = (name) => name;
  host.getSourceFile = (name, languageVersion) => {
    const text = host.readFile(name);
    return text === undefined ? undefined : ts.createSourceFile(name, text, languageVersion);
  };
  // @types/node is looked up from the toolkit, wherever the virtual folder is.
  host.getCurrentDirectory = () => process.cwd();
  const out = new Map<string, string>();
  const program = ts.createProgram({
    rootNames: [...files.keys()].sort().map((p) => root + p),
    options: { ...options, typeRoots: [typesRoot()] },
    host,
  });
  // An error would be emitted as `any` in a declaration: refuse instead, with file and line.
  const problems = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName.startsWith(root) && d.category === ts.DiagnosticCategory.Error);
  if (problems.length > 0)
    throw new Error(
      `the runtime does not compile: ${problems
        .slice(0, 5)
        .map((d) => {
          const line = d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
          return `runtime/${d.file!.fileName.slice(root.length)}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
        })
        .join('; ')}`,
    );
  program.emit(undefined, (name, text) => {
    const rel = name.replace(/^\/out\//, '');
    const source = rel.replace(/\.(d\.ts|js)$/, '.ts');
    out.set(rel, headed(text, banner(source)));
  });
  return out;
}

/** node_modules/@types of the toolkit (for the runtime's `node:` imports). */
function typesRoot(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('@types/node/package.json').replace(/[\\/]node[\\/]package\.json$/, '');
}
