/**
 * Running the CLI as a user does (`node bin/tms-gen.js ...` in a child process) and reading a
 * whole output tree back, for the tests that compare runs byte for byte.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI's exit code and output; never throws for a non-zero exit. */
export async function tmsGen(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/tms-gen.js', ...args], {
      maxBuffer: 64 << 20,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as CliRun;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every file below `dir` by its relative path, its bytes as base64 (so any byte counts). */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[full.slice(dir.length + 1)] = readFileSync(full, 'base64');
    }
  };
  walk(dir);
  return out;
}

/** The CLI run for a test's setup: its output, or an error with the CLI's stderr when it failed. */
export async function tmsGenOrThrow(args: string[]): Promise<CliRun> {
  const result = await tmsGen(args);
  if (result.code !== 0)
    throw new Error(`tms-gen ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result;
}
