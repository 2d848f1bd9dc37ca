/**
 * Command-line options of a bench module, by node:util parseArgs: named string options
 * (`--runs 5`), flags (`--no-peer`), and positionals. An option the module does not know is
 * a usage error (one line, exit 2), not a silently ignored typo that would change what is
 * measured.
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
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true });
  } catch (error) {
    // a usage error: one line and exit 2, never a stack trace
    const known = [...strings.map((n) => `--${n} <value>`), ...flags.map((n) => `--${n}`)];
    console.error(`${(error as Error).message} (options: ${known.join(', ') || 'none'})`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  return {
    string: (name, fallback) => {
      const value = values[name];
      return typeof value === 'string' && value !== '' ? value : fallback;
    },
    flag: (name) => values[name] === true,
    positionals,
  };
}
