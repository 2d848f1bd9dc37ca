/**
 * Every subcommand of `tms-gen` but `generate` (the default), each loaded only when it runs, so
 * one command's dependencies never slow another's start. Adding a subcommand is adding a module
 * under generator/commands/ and a line here.
 */
import type { Command } from './command.js';

export const commands: Command[] = [
  {
    name: 'diff',
    summary: 'compare two versions of a contract: every change classified and checked',
    run: async (argv) => (await import('../diff/cli.js')).runDiff(argv),
  },
  {
    name: 'lint',
    summary: 'every problem of a contract, with file, line and pointer',
    run: async (argv) => (await import('../lint-cli.js')).runLint(argv),
  },
  {
    name: 'mock',
    summary: 'a mock server of the contract or any OpenAPI document',
    run: async (argv) => (await import('./mock.js')).runMock(argv),
  },
  {
    name: 'preview',
    summary: 'the reference served on a local port, reloaded as you edit the contract',
    run: async (argv) => (await import('./preview.js')).runPreview(argv),
  },
  {
    name: 'proxy',
    summary: 'check live traffic against the contract, in front of a server',
    run: async (argv) => (await import('./proxy.js')).runProxy(argv),
  },
  {
    name: 'test',
    summary: 'contract tests of a live server (JUnit/JSON reports)',
    run: async (argv) => (await import('./test.js')).runTest(argv),
  },
];

/** The subcommand `argv[0]` names, if it names one of these. */
export function commandNamed(name: string | undefined): Command | undefined {
  return commands.find((command) => command.name === name);
}
