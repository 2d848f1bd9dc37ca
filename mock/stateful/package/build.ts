/**
 * Builds the stateful mock's package from mock/stateful/*.ts into `outDir` (default
 * build/stateful-mock): plain ES modules with `.d.ts`, a bin, and a package.json whose peers are
 * the bindings (`team-messaging-service-api`, same version) and, for the MSW face, msw.
 *
 *   npm run build:stateful-mock [-- outDir]       # then npm pack it, or:
 *   npm run pack:stateful-mock [-- --pack-destination dir]
 *
 * The sources import the bindings as `../../generated/<module>.js`; here those become the
 * bindings' public subpaths (`team-messaging-service-api/<module>`), so the package runs
 * beside the installed bindings and never holds a second copy of them. The compile is one type-
 * checked TypeScript program over a staged copy whose `node_modules` links the bindings folder
 * (generated/, as its package.json exports it): a source that reaches anything else of this
 * repository stops the build with its file and line.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { STATEFUL_MOCK } from '../../../generator/emit/package-readme-tools.js';
import { statefulMockReadme } from './readme.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = join(REPO, 'mock', 'stateful');
/** Repository-only entry points: the `npm run mock:stateful` script (the bin replaces it). */
const LEFT_OUT = new Set(['start.ts']);

interface Manifest {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
}

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

/** `../../generated/server.js` → `<bindings>/server`; anything else leaving the folder is an error. */
export function rewriteImports(source: string, file: string, bindings: string): string {
  return source.replace(
    /(from\s+|import\s*\(\s*)'(\.\.\/[^']*)'/g,
    (whole, lead: string, spec: string) => {
      const m = /^\.\.\/\.\.\/generated\/([a-z-]+)\.js$/.exec(spec);
      if (!m) {
        const line = source.slice(0, source.indexOf(whole)).split('\n').length;
        throw new Error(
          `${file}:${line}: imports '${spec}', outside the mock and the bindings' public modules`,
        );
      }
      return `${lead}'${bindings}/${m[1]}'`;
    },
  );
}

function stage(dir: string, bindings: string): string[] {
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  const files: string[] = [];
  for (const name of readdirSync(SOURCES).filter((f) => f.endsWith('.ts') && !LEFT_OUT.has(f))) {
    const text = readFileSync(join(SOURCES, name), 'utf8');
    writeFileSync(join(src, name), rewriteImports(text, `mock/stateful/${name}`, bindings));
    files.push(join(src, name));
  }
  // The bindings as an app has them installed: generated/ is that package's folder.
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(join(REPO, 'generated'), join(dir, 'node_modules', bindings), 'dir');
  return files;
}

function compile(files: string[], rootDir: string, outDir: string): void {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    declaration: true,
    rootDir,
    outDir,
    newLine: ts.NewLineKind.LineFeed,
  };
  const program = ts.createProgram(files, options);
  const emitted = program.emit();
  const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (problems.length > 0) {
    const text = ts.formatDiagnostics(problems.slice(0, 10), {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => REPO,
      getNewLine: () => '\n',
    });
    throw new Error(`the stateful mock does not compile as a package:\n${text}`);
  }
}

function manifest(bindings: Manifest, msw: string) {
  return {
    name: STATEFUL_MOCK.package,
    version: bindings.version,
    description: `Stateful mock for the bindings ${bindings.name}: every operation in memory, as a server (npx) and as MSW handlers`,
    type: 'module',
    sideEffects: false,
    bin: { [STATEFUL_MOCK.package]: './bin.js' },
    exports: {
      '.': { types: './index.d.ts', default: './index.js' },
      './msw': { types: './msw.d.ts', default: './msw.js' },
      './package.json': './package.json',
    },
    files: ['*.js', '*.d.ts', 'README.md'],
    engines: { node: '>=20.19' },
    peerDependencies: { [bindings.name]: bindings.version, msw },
    peerDependenciesMeta: { msw: { optional: true } },
  };
}

/** Builds into `target` (replaced whole, so a half-built folder is never packed). */
export function buildStatefulMock(target: string): string {
  const bindings = readJson<Manifest>(join(REPO, 'generated', 'package.json'));
  if (bindings.name !== STATEFUL_MOCK.serves)
    throw new Error(
      `generated/ holds ${bindings.name}, not ${STATEFUL_MOCK.serves}: run npm run generate`,
    );
  const temp = `${target}.${process.pid}.tmp`;
  const staging = join(REPO, '.tmp', `stateful-mock-src.${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  rmSync(staging, { recursive: true, force: true });
  try {
    const files = stage(staging, bindings.name);
    compile(files, join(staging, 'src'), temp);
    const msw = bindings.peerDependencies?.msw ?? '^2.15.0';
    writeFileSync(
      join(temp, 'package.json'),
      JSON.stringify(manifest(bindings, msw), null, 2) + '\n',
    );
    writeFileSync(
      join(temp, 'README.md'),
      statefulMockReadme(bindings.name, STATEFUL_MOCK.package),
    );
    rmSync(target, { recursive: true, force: true });
    renameSync(temp, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
  }
  return target;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = resolve(process.argv[2] ?? join(REPO, 'build', 'stateful-mock'));
  try {
    buildStatefulMock(target);
    console.log(`built ${relative(process.cwd(), target) || '.'}`);
  } catch (error) {
    console.error(`build:stateful-mock: ${(error as Error).message}`);
    process.exit(1);
  }
}
