/**
 * `npm run bench -- hostile`: how long and how much memory each hostile contract of
 * test/generator/hostile-cases.ts (and the large ones made at run time) takes through the real
 * CLI, one at a time: wall time, CPU seconds (user + system) and peak RSS (GNU time). The test
 * (test/generator/hostile.test.ts) bounds runs by CPU time only, with a hang guard far above
 * these figures; this is where the figures live. Writes bench/results/hostile.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { HOSTILE_CASES } from '../test/generator/hostile-cases.js';
import { writeLargeCases } from '../test/generator/hostile-large.js';
import { CPU_LIMIT_S, REPO, runAll } from '../test/generator/hostile-run.js';

// The CLI builds itself on its first run after a source change (bin/tms-gen.js): not measured.
execFileSync(process.execPath, ['bin/tms-gen.js', '--help'], { cwd: REPO, stdio: 'ignore' });
const work = mkdtempSync(join(tmpdir(), 'tms-bench-hostile-'));
symlinkSync(join(REPO, 'node_modules'), join(work, 'node_modules'), 'dir');
const large = mkdtempSync(join(tmpdir(), 'tms-bench-hostile-large-'));
const before = loadavg()[0];
const started = performance.now();
const outcomes = await runAll([...HOSTILE_CASES, ...writeLargeCases(large)], work, 1);
const totalS = (performance.now() - started) / 1000;
const after = loadavg()[0];
rmSync(work, { recursive: true, force: true });
rmSync(large, { recursive: true, force: true });

const byCpu = [...outcomes].sort((a, b) => (b.cpuS ?? 0) - (a.cpuS ?? 0));
/** The large contracts are made in a temporary folder: named by their file alone. */
const nameOf = (label: string) =>
  isAbsolute(label) ? `(made at run time) ${basename(label)}` : label;
const fmt = (n: number | undefined, digits = 2) => (n === undefined ? '?' : n.toFixed(digits));
const rows = byCpu.map(
  (o) =>
    `| ${nameOf(o.label).replace(/\|/g, '\\|').slice(0, 70)} | ${o.code} | ${fmt(o.ms / 1000)} | ${fmt(o.cpuS)} | ${fmt((o.rssKb ?? 0) / 1024, 0)} |`,
);
const report = `# Hostile contracts through the CLI

${outcomes.length} runs, one at a time, in ${totalS.toFixed(1)} s; ${cpus().length} cores, load
average ${before.toFixed(1)} before and ${after.toFixed(1)} after (other work was running).
The test's CPU limit is ${CPU_LIMIT_S} CPU seconds per run: the most any run used here is
${fmt(byCpu[0].cpuS)} s. Wall time depends on the machine's load; CPU seconds much less.

| contract | exit | wall s | CPU s | peak RSS MB |
|---|---|---|---|---|
${rows.join('\n')}
`;
writeFileSync(join(REPO, 'bench', 'results', 'hostile.md'), report);
console.log(
  `hostile: ${outcomes.length} runs in ${totalS.toFixed(1)} s; most CPU ${nameOf(byCpu[0].label)} ${fmt(byCpu[0].cpuS)} s`,
);
