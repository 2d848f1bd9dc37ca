/**
 * `tms-gen test`: the contract runner (contract-runner/cli.ts) from the installed toolkit. Its
 * arguments are the runner's own; what this adds is the generated table, validators and client
 * the runner judges with, made for the contract first (prepared.ts) unless `--generated` names
 * bindings the user generated.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { prepareBindings } from './prepared.js';
import { usageLine } from '../common/usage.js';

export async function runTest(argv: string[]): Promise<number> {
  const runner = await import('../../contract-runner/cli.js');
  // The arguments first: a mistake is one line at once, not after the validators are made.
  const line = await runner.readCommandLine(argv);
  if ('problem' in line) {
    console.error(usageLine('test', line.problem.split('\n')[0]));
    return 2;
  }
  const { args } = line;
  makeReportFolders(args.reports);
  if (args.help || args.generatedGiven) return runner.runCli(argv, out, undefined, line);
  const quiet = args.quiet || process.env.CI === 'true';
  const prepared = await prepareBindings(args.contract, undefined, (text) =>
    quiet ? undefined : process.stderr.write(`${text}\n`),
  );
  if (!prepared.ok) {
    console.error(prepared.output.trimEnd());
    return prepared.exitCode === 2 ? 2 : 1;
  }
  return runner.runCli(argv, out, undefined, {
    ...line,
    args: { ...args, generated: prepared.dir },
  });
}

/** The runner's output, its usage lines naming this command (in the repository: `npm run contract --`). */
function out(text: string): void {
  console.log(text.replaceAll('npm run contract --', 'tms-gen test'));
}

/** `--report reports/contract` in a CI job: the folder is made, as JUnit reporters of test runners do. */
function makeReportFolders(reports: string[]): void {
  for (const file of reports) mkdirSync(dirname(resolve(file)), { recursive: true });
}
