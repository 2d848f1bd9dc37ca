import type { CliOptions } from './cli.js';

/** Placeholder until the server-stubs work lands: says so and fails. */
export async function runScaffold(_opts: CliOptions): Promise<number> {
  console.error('tms-gen scaffold: not available yet');
  return 1;
}
