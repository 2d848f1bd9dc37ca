/**
 * `npm run mock:stateful [-- --port N] [--seed NAME] [--messages N] [--feature-level N] …`: the
 * stateful mock from this repository's sources; the installed package's bin runs the same
 * command line (cli.ts; `--help` lists every option).
 */
import { runStatefulCli } from './cli.js';

await runStatefulCli(process.argv.slice(2), 'npm run mock:stateful --');
