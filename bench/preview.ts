/**
 * `tms-gen preview` (issue 30): edit-to-reloaded-page time on our contract. A copy of openapi/
 * in a scratch folder is previewed by the real CLI (child process, port 0); Chromium (headless,
 * playwright-core) opens the overview; each round appends a word to the contract's
 * `info.title` and times from the write to the page's next `load` event. Target: ≤ 1 s
 * on the 2-core machine. Writes bench/results/preview.md.
 *
 * `node --import tsx bench/preview.ts [--rounds 5]`
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { benchOptions } from './lib/options.js';
import { median } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cli = benchOptions(['rounds']);
const ROUNDS = Number(cli.string('rounds', '5'));
const SCRATCH = join(ROOT, '.tmp', 'preview-bench');

async function main(): Promise<void> {
  const loadStart = loadavg()[0];
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  cpSync(join(ROOT, 'openapi'), join(SCRATCH, 'openapi'), { recursive: true });
  const contract = join(SCRATCH, 'openapi', 'openapi.yaml');
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin', 'tms-gen.js'), 'preview', '--contract', contract, '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // The preview says how long each regeneration took: the rest of a round is the watch's
  // settling, the reload signal and the page's load.
  const regenerations: number[] = [];
  child.stderr.on('data', (d: Buffer) => {
    for (const m of String(d).matchAll(/regenerated in (\d+) ms/g))
      regenerations.push(Number(m[1]));
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (found) done(found[0]);
    });
    child.on('exit', (code) => fail(new Error(`preview exited ${code}`)));
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const times: number[] = [];
  // CPU seconds the preview process spends per edit (all its threads): unlike the wall time,
  // barely moved by the machine's load.
  let cpuBefore: number;
  let cpuPerEdit: number | undefined;
  try {
    const page = await browser.newPage();
    await page.goto(url);
    cpuBefore = cpuSeconds(child.pid!);
    for (let round = 0; round < ROUNDS; round++) {
      const loaded = page.waitForEvent('load', { timeout: 60_000 });
      const text = readFileSync(contract, 'utf8');
      const t0 = performance.now();
      writeFileSync(contract, text.replace(/(\n {2}title: [^\n]*)/, `$1 (edit ${round})`));
      await loaded;
      times.push(performance.now() - t0);
      // let the watcher settle before the next edit
      await new Promise((r) => setTimeout(r, 500));
    }
    cpuPerEdit = (cpuSeconds(child.pid!) - cpuBefore) / ROUNDS;
  } finally {
    await browser.close();
    child.kill('SIGINT');
    rmSync(SCRATCH, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const regenMedian = median(regenerations);
  const loadEnd = loadavg()[0];
  const md = [
    '# tms-gen preview: edit to reloaded page (issue 30)',
    '',
    `\`node --import tsx bench/preview.ts --rounds ${ROUNDS}\` on ${new Date().toISOString().slice(0, 10)}, our contract (openapi/), load average ${loadEnd.toFixed(1)} at the end (2 cores).`,
    'Each round edits `info.title` of a copy and times from the write to the page `load` event in headless Chromium (the preview regenerates the reference, then tells the page to reload).',
    '',
    '| rounds | median | min | max | target |',
    '|---|---|---|---|---|',
    `| ${ROUNDS} | ${(median(times) / 1000).toFixed(2)} s | ${(sorted[0] / 1000).toFixed(2)} s | ${(sorted[sorted.length - 1] / 1000).toFixed(2)} s | ≤ 1 s |`,
    '',
    `Rounds: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s. Load average at the start ${loadStart.toFixed(1)}, at the end ${loadEnd.toFixed(1)}.`,
    '',
    `CPU time of the preview process per edit (all threads, /proc): ${cpuPerEdit?.toFixed(2) ?? '?'} s.`,
    '',
    `Regenerations (as the preview reports them): ${regenerations.length} for ${ROUNDS} edits, median ${(regenMedian / 1000).toFixed(2)} s (${regenerations.map((t) => (t / 1000).toFixed(2)).join(', ')} s); the rest of a round is the settling of the save (25 ms), the reload signal and the page's load.`,
    '',
  ];
  const out = resolve(ROOT, 'bench', 'results', 'preview.md');
  writeFileSync(out, md.join('\n'));
  process.stdout.write(md.join('\n'));
}

/** User and system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

await main();
