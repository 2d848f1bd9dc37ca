/**
 * Command-line options of a bench module, by node:util parseArgs: named string options
 * (`--runs 5`), flags (`--no-peer`), and positionals. An option the module does not know is
 * an error, not a silently ignored typo that would change what is measured.
 */
import { parseArgs } from 'node:util';

export interface BenchOptions<S extends string, F extends string> {
  /** the value of `--name`, or `fallback` */
  string(name: S, fallback: string): string;
  /** whether `--name` was given */
  flag(name: F): boolean;
  positionals: string[];
}

export function benchOptions<S extends string, F extends string = never>(
  strings: readonly S[],
  flags: readonly F[] = [],
  args: string[] = process.argv.slice(2),
): BenchOptions<S, F> {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of strings) options[name] = { type: 'string' };
  for (const name of flags) options[name] = { type: 'boolean' };
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true });
  return {
    string: (name, fallback) => {
      const value = values[name];
      return typeof value === 'string' && value !== '' ? value : fallback;
    },
    flag: (name) => values[name] === true,
    positionals,
  };
}
