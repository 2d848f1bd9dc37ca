/**
 * tms-gen: validates the contract and writes everything generated from it.
 * Exit codes: 0 ok, 1 contract invalid (or --check found differences), 2 usage.
 */
import { isMainThread } from 'node:worker_threads';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseArgv } from 'node:util';
import { emitters } from './emit/index.js';
import { DEFAULT_LIMITS, LIMIT_OPTIONS, parseLimitValue, type NumericLimit } from './load/index.js';
import { stampFiles, watchContract } from './run/watch.js';
import { printRun } from './run/report.js';
import { commandNamed, commands } from './commands/index.js';
import { DEFAULT_CONTRACT, missingContract, usageLine } from './common/usage.js';
import { runGenerate } from './run/index.js';
import { UsageError, type CliOptions } from './run/options.js';
import { foreignOutputFile } from './write/foreign-files.js';

const HELP = `tms-gen — generate types, client, validators, server stubs, mock document and docs from an OpenAPI contract

Usage:
  tms-gen [generate] [options]     validate the contract and write every artifact
  tms-gen scaffold [options]       write starter handler implementations that do not exist yet
  tms-gen diff --base <file|ref>   compare two versions of a contract (tms-gen diff --help)
${commands
  .filter((c) => c.name !== 'diff')
  .map((c) => `  tms-gen ${c.name.padEnd(25)}${c.summary}`)
  .join('\n')}
  tms-gen --help                   (each subcommand has its own --help)

Options:
  --contract <file>   the contract's root document (default: ${DEFAULT_CONTRACT})
  --out <dir>         where code goes (default: generated)
  --docs <dir>        where the HTML reference goes (default: docs)
  --only <names>      comma-separated emitters to run (${emitters.map((e) => e.name).join(', ')})
  --runtime <spec>    import specifier of the runtime from --out (default: ./runtime, compiled into --out)
  --check             write nothing; exit 1 and list the files that differ from a fresh generate
  --watch             regenerate whenever one of the contract's files changes (the document
                      or a file its $refs reach)
  --quiet             print only problems and warnings
  --try-it-server <url>  where the reference's try-it sends requests (default: the document's
                      first server when it is an http(s) address, else the mock at 127.0.0.1:4010)
  --lenient           tms-gen's own rules (unknown keywords in 3.1 schemas, types TypeScript cannot
                      write) become warnings; violations of the OpenAPI specification still refuse
  --cache-dir <dir>   where outputs are cached between runs (default: node_modules/.cache/tms-gen-outputs;
                      safe to delete: the next run is cold)
  --no-cache          neither read nor write the cache

Limits (a contract over one is refused with its file, line and pointer, and the option to raise):
  --ref-root <dir>            another folder $ref may read from (repeatable; default: the contract's folder only)
${(Object.entries(LIMIT_OPTIONS) as [NumericLimit, string][]).map(([k, o]) => `  ${(o + ' <n>').padEnd(28)}default ${DEFAULT_LIMITS[k]}`).join('\n')}

Exit codes: 0 ok · 1 contract invalid, or --check found differences · 2 usage error`;

export { UsageError, type CliOptions } from './run/options.js';

/** The loader's limits as options: `--max-depth <n>` ... (generator/load/limits.ts). */
const LIMIT_FLAGS = Object.fromEntries(
  Object.values(LIMIT_OPTIONS).map((flag) => [flag.slice(2), { type: 'string' as const }]),
);
const OPTIONS = {
  ...LIMIT_FLAGS,
  'ref-root': { type: 'string', multiple: true },
  contract: { type: 'string' },
  out: { type: 'string' },
  docs: { type: 'string' },
  only: { type: 'string' },
  runtime: { type: 'string' },
  check: { type: 'boolean' },
  watch: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  lenient: { type: 'boolean' },
  'try-it-server': { type: 'string' },
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
/** Options only `scaffold` takes. */
const SCAFFOLD_OPTIONS = {
  ...OPTIONS,
  dir: { type: 'string' },
  server: { type: 'string' },
} as const;

export function parseArgs(argv: string[]): CliOptions | 'help' {
  const args = [...argv];
  const command: CliOptions['command'] =
    args[0] === 'generate' || args[0] === 'scaffold'
      ? (args.shift() as CliOptions['command'])
      : 'generate';
  let values: { [name: string]: string | boolean | string[] | undefined };
  try {
    ({ values } = parseArgv({
      args,
      options: command === 'scaffold' ? SCAFFOLD_OPTIONS : OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(usageMessage(error));
  }
  if (values.help) return 'help';
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const opts: CliOptions = {
    command,
    contract: text('contract') ?? DEFAULT_CONTRACT,
    out: text('out') ?? 'generated',
    docs: text('docs') ?? 'docs',
    check: values.check === true,
    watch: values.watch === true,
    quiet: values.quiet === true,
    noCache: values['no-cache'] === true,
  };
  if (values.lenient === true) opts.lenient = true;
  const tryIt = values['try-it-server'];
  if (typeof tryIt === 'string') {
    if (!/^https?:\/\/[^\s]+$/.test(tryIt))
      throw new UsageError(
        '--try-it-server needs an http(s) URL, e.g. https://sandbox.example.com/v1',
      );
    opts.tryItServer = tryIt;
  }
  if (text('cache-dir') !== undefined) opts.cacheDir = text('cache-dir');
  if (text('runtime') !== undefined) opts.runtime = text('runtime');
  if (text('dir') !== undefined) opts.dir = text('dir');
  if (text('server') !== undefined) opts.server = text('server');
  if (text('contract') === undefined) opts.contractDefaulted = true;
  for (const [limit, flag] of Object.entries(LIMIT_OPTIONS) as [NumericLimit, string][]) {
    const raw = text(flag.slice(2));
    if (raw === undefined) continue;
    const n = parseLimitValue(raw);
    if (n === undefined) throw new UsageError(`${flag} needs a positive whole number`);
    opts.limits = { ...opts.limits, [limit]: n };
  }
  const roots = values['ref-root'];
  if (Array.isArray(roots) && roots.length > 0) opts.limits = { ...opts.limits, refRoots: roots };
  if (text('only') !== undefined)
    opts.only = text('only')!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (opts.check && opts.watch) throw new UsageError('--check and --watch do not go together');
  const unknown = (opts.only ?? []).filter((n) => !emitters.some((e) => e.name === n));
  if (unknown.length > 0)
    throw new UsageError(
      `unknown emitter '${unknown.join(', ')}' (known: ${emitters.map((e) => e.name).join(', ')})`,
    );
  return opts;
}

/** node:util's parse errors in our words: the argument, and what is wrong with it. */
function usageMessage(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(e.message ?? '')?.[1] ?? '';
  if (
    e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
    e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
  )
    return `unknown argument '${quoted}'`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `${quoted.split(' ')[0] || 'an option'} needs a value`;
  return e.message ?? String(error);
}

async function main(argv: string[]): Promise<number> {
  const command = commandNamed(argv[0]);
  if (command) return command.run(argv.slice(1));
  let opts: CliOptions | 'help';
  try {
    opts = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      // scaffold's own usage line; generate's as before (its help is the overview)
      if (argv[0] === 'scaffold') console.error(usageLine('scaffold', error.message));
      else console.error(`tms-gen: ${error.message}\n\n${HELP}`);
      return 2;
    }
    throw error;
  }
  if (opts === 'help') {
    console.log(
      argv[0] === 'scaffold' ? (await import('./commands/scaffold.js')).SCAFFOLD_HELP : HELP,
    );
    return 0;
  }
  if (opts.command === 'scaffold') {
    const { runScaffold } = await import('./commands/scaffold.js');
    return runScaffold(opts);
  }
  const missing = missingContract('generate', opts.contract);
  if (missing) {
    console.error(missing);
    return 2;
  }
  const foreign = opts.check || opts.only ? undefined : foreignOutput(opts);
  if (foreign) {
    console.error(foreign);
    return 2;
  }
  if (!opts.watch) {
    const result = await runGenerate(opts);
    printRun(result);
    return result.exitCode;
  }
  return generateWatching(opts);
}

/**
 * `--watch`: a run, then another whenever one of the contract's files changes (run/watch.ts);
 * a broken edit is reported and the watch goes on. Runs until Ctrl-C.
 */
async function generateWatching(opts: CliOptions): Promise<number> {
  const before = stampFiles([opts.contract]);
  const first = await runGenerate(opts);
  printRun(first);
  const watching = watchContract({
    contract: opts.contract,
    before,
    first,
    run: () => runGenerate(opts),
    starting: () => console.log(`\n${new Date().toLocaleTimeString()} change detected`),
    finished: printRun,
  });
  const others = watching.files().length - 1;
  console.log(
    `watching ${opts.contract}${others > 0 ? ` and the ${others} file${others === 1 ? '' : 's'} it references` : ''} for changes (Ctrl-C to stop)`,
  );
  return new Promise<number>(() => {});
}

const invokedDirectly =
  process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMainThread && (invokedDirectly || process.env.TMS_GEN_MAIN === '1')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`tms-gen: internal error: ${(error as Error).stack ?? error}`);
      process.exit(70);
    },
  );
}

/** A complete run replaces --out and --docs whole: never over a folder of the user's own files. */
function foreignOutput(opts: CliOptions): string | undefined {
  for (const [flag, dir] of [
    ['--out', opts.out],
    ['--docs', opts.docs],
  ] as const) {
    const file = foreignOutputFile(dir);
    if (file)
      return `tms-gen: ${dir} holds files tms-gen did not write (${file}), and a run replaces the folder whole: give ${flag} another folder, or empty it`;
  }
  return undefined;
}
