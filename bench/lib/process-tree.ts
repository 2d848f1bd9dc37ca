/**
 * Wall time and peak memory of a command, counted over its whole process tree: the largest sum
 * of resident set sizes over the process and every descendant (worker threads are inside the
 * process; esbuild's service, tsx or a CLI's own children are descendants), sampled from /proc
 * every 20 ms (Linux). Shared by the benchmarks that compare whole tools (docs, scale).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface Measure {
  ok: boolean;
  /** the exit code (null when killed by a signal) */
  code: number | null;
  seconds: number;
  peakMb: number;
  /** why it failed: the exit code and the last lines of stderr */
  note?: string;
  /** stderr: its last 4000 characters, or all of it with `capture` */
  stderr: string;
  /** stdout, with `capture` (otherwise empty) */
  stdout: string;
  /** with `cpu`: user + system CPU seconds of the process, every thread (and children waited for) */
  cpuSeconds?: number;
}

/** RSS (KB) of `root` and every descendant, from /proc. */
export function treeRssKb(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const m = /VmRSS:\s+(\d+)/.exec(status);
      rss.set(Number(entry), m ? Number(m[1]) : 0);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  for (const [pid, kb] of rss) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += kb;
        break;
      }
    }
  }
  return total;
}

export interface MeasureOptions {
  /** killed (and reported as failed) after this long; default 600 s */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** keep all of stdout and stderr (for callers that parse what the command printed) */
  capture?: boolean;
  /** called about once a second while it runs: seconds so far, peak MB so far (progress lines) */
  onProgress?: (seconds: number, peakMb: number) => void;
  /**
   * Count its CPU seconds too (GNU time, /usr/bin/time, runs it: a loaded machine stretches wall
   * seconds, much less CPU seconds; its own ~2 MB is in the peak)
   */
  cpu?: boolean;
}

const CPU_LINE = /^tms-cpu ([\d.]+) ([\d.]+)\n?/m;

/** One run of `command` in a child process: wall time and the peak RSS of its process tree. */
export function measure(
  command: string,
  args: string[],
  options: MeasureOptions = {},
): Promise<Measure> {
  return new Promise((done) => {
    const t0 = performance.now();
    const [file, argv] = options.cpu
      ? ['/usr/bin/time', ['-f', 'tms-cpu %U %S', command, ...args]]
      : [command, args];
    const child = spawn(file, argv, {
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        ...options.env,
      },
      cwd: options.cwd,
      stdio: ['ignore', options.capture ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!options.capture) stderr = stderr.slice(-4000);
    });
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    let peak = 0;
    let lastProgress = 0;
    const sample = () => {
      if (child.pid) peak = Math.max(peak, treeRssKb(child.pid));
      const now = performance.now();
      if (options.onProgress && now - lastProgress >= 1000) {
        lastProgress = now;
        options.onProgress((now - t0) / 1000, peak / 1024);
      }
    };
    const timer = setInterval(sample, 20);
    const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(timer);
      clearTimeout(killer);
      const cpu = options.cpu ? CPU_LINE.exec(stderr) : null;
      if (cpu) stderr = stderr.replace(CPU_LINE, '');
      const out: Measure = { ok: code === 0, code, seconds, peakMb: peak / 1024, stderr, stdout };
      if (cpu) out.cpuSeconds = Number(cpu[1]) + Number(cpu[2]);
      if (code !== 0)
        out.note = `${signal === 'SIGKILL' ? 'timed out' : `exit ${code}`}: ${stderr.trim().split('\n').slice(-2).join(' / ')}`;
      done(out);
    });
  });
}
