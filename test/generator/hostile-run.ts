/**
 * One hostile contract through the real CLI as a child process, bounded by CPU time, not by the
 * clock: `ulimit -t` ends a run that computes for more than CPU_LIMIT_S seconds (SIGXCPU), however
 * busy the machine is. A run that waits without computing (a blocked read) is ended by a hang
 * guard of HANG_GUARD_MS of wall time, far above any normal run (a second or two idle). Peak RSS
 * and CPU seconds come from GNU time (%M %U %S). hostile.test.ts checks the outcomes;
 * bench/hostile.ts records the figures.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { HostileCase } from './hostile-cases.js';

export const REPO = resolve(import.meta.dirname, '../..');
export const FIXTURES = 'test/fixtures/hostile';
export const TIME = '/usr/bin/time';
/** CPU seconds a run may use; the slowest normal run uses about 2 (bench/results/hostile.md). */
export const CPU_LIMIT_S = 60;
/** Wall time after which a run counts as hung: only a run that stopped computing gets here. */
export const HANG_GUARD_MS = 300_000;

export interface Outcome {
  hostile: HostileCase;
  label: string;
  contract: string;
  out: string;
  docs: string;
  code: number | null;
  output: string;
  ms: number;
  /** ended by the hang guard */
  hung: boolean;
  /** ended by the CPU limit (SIGXCPU) */
  overCpu: boolean;
  rssKb?: number;
  /** user + system CPU seconds of the CLI (GNU time) */
  cpuS?: number;
}

export const haveTime = existsSync(TIME);

export const labelOf = (c: HostileCase) => `${c.file}${c.args ? ' ' + c.args.join(' ') : ''}`;

/** GNU time's -o file: its last line is `%M %U %S`; a line before it names a fatal signal. */
function readTimeFile(file: string): { rssKb?: number; cpuS?: number; signal?: number } {
  if (!existsSync(file)) return {};
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const [rss, user, system] = lines.pop()!.split(' ').map(Number);
  const signal = /terminated by signal (\d+)/.exec(lines.join('\n'))?.[1];
  return {
    rssKb: Number.isFinite(rss) ? rss : undefined,
    cpuS: Number.isFinite(user + system) ? user + system : undefined,
    signal: signal ? Number(signal) : undefined,
  };
}

const SIGXCPU = 24;

export function runCase(hostile: HostileCase, dir: string): Promise<Outcome> {
  const contract = isAbsolute(hostile.file) ? hostile.file : `${FIXTURES}/${hostile.file}`;
  mkdirSync(dir);
  const out = join(dir, 'gen');
  const docs = join(dir, 'docs');
  const timeFile = join(dir, 'time');
  const cli = [process.execPath, 'bin/tms-gen.js', '--contract', contract, '--out', out];
  cli.push('--docs', docs, ...(hostile.args ?? []));
  const timed = haveTime ? [TIME, '-f', '%M %U %S', '-o', timeFile, ...cli] : cli;
  // The CPU limit (soft: SIGXCPU, which ends node) is set in a shell that then becomes the command; children inherit it.
  const args = ['-c', `ulimit -S -t ${CPU_LIMIT_S} && exec "$@"`, 'sh', ...timed];
  const started = performance.now();
  return new Promise((done) => {
    // Its own process group, so that the hang guard reaches node under GNU time too.
    const child = spawn('/bin/sh', args, {
      cwd: REPO,
      detached: true,
      env: { ...process.env, CI: 'true' },
    });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, HANG_GUARD_MS);
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      const time = readTimeFile(timeFile);
      done({
        hostile,
        label: labelOf(hostile),
        contract,
        out,
        docs,
        code,
        output,
        ms: performance.now() - started,
        hung,
        overCpu: signal === 'SIGXCPU' || time.signal === SIGXCPU,
        rssKb: time.rssKb,
        cpuS: time.cpuS,
      });
    });
  });
}

/** Every case, `pool` at a time, each in its own folder under `work`. */
export async function runAll(cases: HostileCase[], work: string, pool: number) {
  const results: Outcome[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await runCase(cases[i], join(work, `case-${i}`));
    }
  };
  await Promise.all(Array.from({ length: pool }, worker));
  return results;
}
