/**
 * tms-gen: validates the contract and writes everything generated from it.
 * Exit codes: 0 ok, 1 contract invalid (or --check found differences), 2 usage.
 */
import { watch } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem } from './contract-error.js';
import type { EmitContext, Emitter, GeneratedFile } from './emit/emitter.js';
import { emitters } from './emit/index.js';
import { loadContract } from './load.js';
import { checkOutputs, writeOutputs, type OutputDir } from './write.js';

const HELP = `tms-gen — generate types, client, validators, server stubs, mock document and docs from an OpenAPI contract

Usage:
  tms-gen [generate] [options]     validate the contract and write every artifact
  tms-gen scaffold [options]       write starter handler implementations that do not exist yet
  tms-gen --help

Options:
  --contract <file>   the contract's root document (default: openapi/openapi.yaml)
  --out <dir>         where code goes (default: generated)
  --docs <dir>        where the HTML reference goes (default: docs)
  --only <names>      comma-separated emitters to run (${emitters.map((e) => e.name).join(', ')})
  --runtime <spec>    import specifier of the runtime folder from --out (default: relative path)
  --check             write nothing; exit 1 and list the files that differ from a fresh generate
  --watch             regenerate whenever a file next to the contract changes
  --quiet             print only problems

Exit codes: 0 ok · 1 contract invalid, or --check found differences · 2 usage error`;

export interface CliOptions {
  command: 'generate' | 'scaffold';
  contract: string;
  out: string;
  docs: string;
  only?: string[];
  runtime?: string;
  check: boolean;
  watch: boolean;
  quiet: boolean;
  /** arguments after `scaffold` that the scaffold command reads itself */
  rest: string[];
}

export class UsageError extends Error {}

export function parseArgs(argv: string[]): CliOptions | 'help' {
  const opts: CliOptions = { command: 'generate', contract: 'openapi/openapi.yaml', out: 'generated', docs: 'docs', check: false, watch: false, quiet: false, rest: [] };
  const args = [...argv];
  if (args[0] === 'generate' || args[0] === 'scaffold') opts.command = args.shift() as CliOptions['command'];
  while (args.length > 0) {
    const arg = args.shift()!;
    const value = () => {
      const v = args.shift();
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--help': case '-h': return 'help';
      case '--contract': opts.contract = value(); break;
      case '--out': opts.out = value(); break;
      case '--docs': opts.docs = value(); break;
      case '--runtime': opts.runtime = value(); break;
      case '--only': opts.only = value().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--check': opts.check = true; break;
      case '--watch': opts.watch = true; break;
      case '--quiet': case '-q': opts.quiet = true; break;
      default:
        if (opts.command === 'scaffold') opts.rest.push(arg);
        else throw new UsageError(`unknown argument '${arg}'`);
    }
  }
  if (opts.check && opts.watch) throw new UsageError('--check and --watch do not go together');
  const unknown = (opts.only ?? []).filter((n) => !emitters.some((e) => e.name === n));
  if (unknown.length > 0) throw new UsageError(`unknown emitter '${unknown.join(', ')}' (known: ${emitters.map((e) => e.name).join(', ')})`);
  return opts;
}

/** Emitters to run: the ones asked for plus those they need. */
function selectEmitters(only: string[] | undefined): Emitter[] {
  if (!only) return emitters;
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const dep of emitters.find((e) => e.name === name)?.needs ?? []) add(dep);
  };
  only.forEach(add);
  return emitters.filter((e) => wanted.has(e.name));
}

const RUNTIME_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'runtime');

export interface RunResult {
  exitCode: 0 | 1;
  lines: string[];
}

/** One generate (or check) run. Never throws for a bad contract: problems come back as lines. */
export async function runGenerate(opts: CliOptions): Promise<RunResult> {
  const lines: string[] = [];
  const t0 = performance.now();
  const loaded = await loadContract(opts.contract);
  if (!loaded.ok) {
    lines.push(`${opts.contract}: the contract is invalid (${loaded.problems.length} problem${loaded.problems.length === 1 ? '' : 's'}); nothing was written`);
    for (const p of loaded.problems) lines.push('  ' + formatProblem(p));
    return { exitCode: 1, lines };
  }
  const { model, warnings } = loaded.contract;
  const tLoad = performance.now() - t0;
  const runtimeImport = opts.runtime ?? toImportPath(relative(resolve(opts.out), RUNTIME_DIR));
  const command = opts.out === 'generated' && opts.docs === 'docs' && opts.contract === 'openapi/openapi.yaml'
    ? 'npm run generate'
    : `tms-gen --contract ${model.sourceFile}`;
  const ctx: EmitContext = { model, outDir: opts.out, docsDir: opts.docs, runtimeImport, command, warn: (m) => warnings.push(m) };

  const selected = selectEmitters(opts.only);
  const produced: { emitter: Emitter; files: GeneratedFile[]; ms: number }[] = [];
  for (const emitter of selected) {
    const t = performance.now();
    try {
      const files = await emitter.emit(ctx);
      produced.push({ emitter, files, ms: performance.now() - t });
    } catch (error) {
      // An emitter that cannot express the contract is a contract problem for the user, with
      // the emitter named; nothing is written.
      const e = error as Error & { pointer?: string };
      lines.push(`${opts.contract}: the ${emitter.name} emitter failed; nothing was written`);
      lines.push(`  ${e.pointer ? e.pointer + ': ' : ''}${e.message}`);
      return { exitCode: 1, lines };
    }
  }

  const byRoot = (root: 'code' | 'docs') => produced.filter((p) => p.emitter.root === root).flatMap((p) => p.files);
  const outputs: OutputDir[] = [];
  const partial = opts.only !== undefined;
  if (selected.some((e) => e.root === 'code')) outputs.push({ dir: opts.out, files: byRoot('code'), partial });
  if (selected.some((e) => e.root === 'docs')) outputs.push({ dir: opts.docs, files: byRoot('docs'), partial });

  for (const w of warnings) if (!opts.quiet) lines.push(`warning: ${w}`);
  if (opts.check) {
    const diffs = checkOutputs(outputs);
    if (diffs.length > 0) {
      lines.push(`${diffs.length} generated file${diffs.length === 1 ? '' : 's'} differ from the contract (run \`${command}\`):`);
      for (const d of diffs) lines.push(`  ${d.kind.padEnd(7)} ${d.file}`);
      return { exitCode: 1, lines };
    }
    if (!opts.quiet) lines.push(`generated files are up to date with ${model.sourceFile} (${outputs.reduce((n, o) => n + o.files.length, 0)} files checked)`);
    return { exitCode: 0, lines };
  }
  writeOutputs(outputs);
  if (!opts.quiet) {
    const total = performance.now() - t0;
    lines.push(`${model.sourceFile}: ${model.operations.length} operations, ${model.schemas.length} schemas (OpenAPI ${model.openapiVersion})`);
    lines.push(`  load + validate  ${ms(tLoad)}`);
    for (const p of produced) {
      const bytes = p.files.reduce((n, f) => n + (typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.length), 0);
      const dir = p.emitter.root === 'code' ? opts.out : opts.docs;
      lines.push(`  ${p.emitter.name.padEnd(15)}  ${ms(p.ms)}  ${p.files.length} file${p.files.length === 1 ? '' : 's'}, ${kb(bytes)} → ${dir}/`);
    }
    lines.push(`done in ${ms(total)}`);
  }
  return { exitCode: 0, lines };
}

function ms(n: number): string {
  return `${Math.round(n)} ms`.padStart(8);
}

function kb(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}

function toImportPath(rel: string): string {
  const posix = rel.split('\\').join('/');
  return posix.startsWith('.') ? posix : `./${posix}`;
}

async function main(argv: string[]): Promise<number> {
  let opts: CliOptions | 'help';
  try {
    opts = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`tms-gen: ${error.message}\n\n${HELP}`);
      return 2;
    }
    throw error;
  }
  if (opts === 'help') {
    console.log(HELP);
    return 0;
  }
  if (opts.command === 'scaffold') {
    const { runScaffold } = await import('./scaffold.js');
    return runScaffold(opts);
  }
  const once = async () => {
    const result = await runGenerate(opts as CliOptions);
    const print = result.exitCode === 0 ? console.log : console.error;
    for (const line of result.lines) print(line);
    return result.exitCode;
  };
  if (!opts.watch) return once();

  await once();
  const dir = dirname(resolve(opts.contract));
  console.log(`watching ${relative(process.cwd(), dir) || '.'} for changes (Ctrl-C to stop)`);
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve<unknown>(undefined);
  watch(dir, { recursive: true }, () => {
    // Editors write a file in several steps; wait for the burst to end, and never run twice at once.
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        console.log(`\n${new Date().toLocaleTimeString()} change detected`);
        await once();
      });
    }, 150);
  });
  return new Promise<number>(() => {});
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly || process.env.TMS_GEN_MAIN === '1') {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`tms-gen: internal error: ${(error as Error).stack ?? error}`);
      process.exit(70);
    },
  );
}
