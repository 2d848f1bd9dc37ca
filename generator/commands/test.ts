/**
 * `tms-gen test`: the contract runner (contract-runner/cli.ts) from the installed toolkit. Its
 * arguments are the runner's own; what this adds is the generated table, validators and client
 * the runner judges with, made for the contract first (prepared.ts) unless `--generated` names
 * bindings the user generated.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { prepareBindings } from './prepared.js';

export async function runTest(argv: string[]): Promise<number> {
  const runner = await import('../../contract-runner/cli.js');
  const help = argv.includes('--help') || argv.includes('-h');
  const given = argv.some((a) => a === '--generated' || a.startsWith('--generated='));
  if (help) return runner.runCli(argv, out);
  makeReportFolders(argv);
  if (given) return runner.runCli(argv, out);
  const quiet = argv.includes('--quiet') || process.env.CI === 'true';
  const prepared = await prepareBindings(runner.contractFileOf(argv), undefined, (line) =>
    quiet ? undefined : process.stderr.write(`${line}\n`),
  );
  if (!prepared.ok) {
    console.error(prepared.output.trimEnd());
    return prepared.exitCode === 2 ? 2 : 1;
  }
  return runner.runCli([...argv, '--generated', prepared.dir], out);
}

/** The runner's output, its usage lines naming this command (in the repository: `npm run contract --`). */
function out(text: string): void {
  console.log(text.replaceAll('npm run contract --', 'tms-gen test'));
}

/** `--report reports/contract` in a CI job: the folder is made, as JUnit reporters of test runners do. */
function makeReportFolders(argv: string[]): void {
  argv.forEach((arg, i) => {
    const file =
      arg === '--report' ? argv[i + 1] : arg.startsWith('--report=') ? arg.slice(9) : undefined;
    if (file) mkdirSync(dirname(resolve(file)), { recursive: true });
  });
}
