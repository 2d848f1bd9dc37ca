/**
 * What the commands that judge traffic (`test`, `proxy`, and `mock`'s request validation) need
 * of a contract beyond its model: the generated operation table, validators and client, compiled
 * to JavaScript. They are made by an ordinary generate run of this same `tms-gen` (a child
 * process: the generate run stays the one place that writes bindings) into a cache folder per
 * contract, and its output cache makes the next run of an unchanged contract quick.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Team Messaging Service contract the toolkit ships: what every command uses without `--contract`. */
export const OUR_CONTRACT = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

const TMS_GEN = fileURLToPath(new URL('../../bin/tms-gen.js', import.meta.url));

/** Emitters whose output the runner and the proxy read (the client needs the types). */
export const JUDGE_EMITTERS = ['operations', 'validators', 'client'];

export type Prepared = { ok: true; dir: string } | { ok: false; exitCode: number; output: string };

/** The folder a contract's prepared bindings go to: under the app's node_modules/.cache, else the system's temp folder. */
export function preparedFolder(contract: string, emitters: string[]): string {
  const key = createHash('sha256')
    .update(`${resolve(contract)}\0${emitters.join(',')}`)
    .digest('hex')
    .slice(0, 16);
  const base = existsSync('node_modules')
    ? join('node_modules', '.cache', 'tms-gen-bindings')
    : join(tmpdir(), 'tms-gen-bindings');
  return resolve(base, key);
}

/**
 * Generates `emitters` for `contract` into its cache folder. A broken contract is the generate
 * run's own report (file, line, pointer) and its exit code.
 */
export function prepareBindings(
  contract: string,
  emitters: string[] = JUDGE_EMITTERS,
  progress?: (line: string) => void,
): Promise<Prepared> {
  const dir = preparedFolder(contract, emitters);
  const args = [TMS_GEN, '--contract', contract, '--out', dir, '--docs', join(dir, 'docs')];
  args.push('--only', emitters.join(','), '--quiet');
  progress?.(`preparing validators for ${contract} …`);
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => done({ ok: false, exitCode: 2, output: error.message }));
    child.on('close', (code) =>
      done(code === 0 ? { ok: true, dir } : { ok: false, exitCode: code ?? 1, output }),
    );
  });
}
