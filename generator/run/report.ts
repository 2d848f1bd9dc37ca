/**
 * Report: the warnings, then for `--check` the files that differ, else the summary of what each
 * step made, in how long, and what the cache served. The one place that decides what `--quiet`
 * hides: the summary and the progress, never a warning (one may change what goes on the wire).
 */
import type { Difference } from '../write/index.js';
import type { RunResult } from './options.js';
import type { Run, StageReport } from './state.js';

export function report(run: Run, diffs: Difference[]): RunResult {
  const { opts, selected, tally } = run;
  const lines: string[] = [];
  const warnings = [
    ...new Set([
      ...run.loadWarnings,
      ...(run.checks.verdict?.warnings ?? []),
      ...selected.flatMap((e) => tally.warnings.get(e.name) ?? []),
    ]),
  ].map((w) => `warning: ${w}`);
  if (opts.check) return { ...checkReport(run, diffs), warnings };
  if (opts.quiet) return { exitCode: 0, lines, warnings };
  const { model } = run;
  lines.push(
    `${model.sourceFile}: ${model.operations.length} operations, ${model.schemas.length} schemas (OpenAPI ${model.openapiVersion})`,
    `  load + validate  ${ms(run.times.load)}`,
  );
  if (run.cache) lines.push(`  cache keys       ${ms(run.times.keys)}`);
  const row = (name: string, r: StageReport, dir: string) =>
    `  ${name.padEnd(15)}  ${ms(r.ms)}  ${r.files} file${r.files === 1 ? '' : 's'}, ${kb(r.bytes)} → ${dir.replace(/\/+$/, '')}/${r.cached ? ' (cached)' : ''}`;
  for (const e of selected)
    lines.push(row(e.name, tally.reports.get(e.name)!, e.root === 'code' ? opts.out : opts.docs));
  if (selected.some((e) => e.root === 'code'))
    lines.push(row('package', { ...tally.compile, cached: false }, opts.out));
  const cache = cacheLine(run);
  if (cache) lines.push(cache);
  lines.push(`done in ${ms(performance.now() - run.started)}`);
  return { exitCode: 0, lines, warnings };
}

/**
 * Prints a run's result: warnings on stderr first (with or without `--quiet`, and when the
 * report goes to a file), then the report on stdout, or the problems on stderr.
 */
export function printRun(result: RunResult): void {
  for (const warning of result.warnings ?? []) console.error(warning);
  const print = result.exitCode === 0 ? console.log : console.error;
  for (const line of result.lines) print(line);
}

function checkReport(run: Run, diffs: Difference[]): RunResult {
  const lines: string[] = [];
  if (diffs.length > 0) {
    lines.push(
      `${diffs.length} generated file${diffs.length === 1 ? '' : 's'} differ from the contract (run \`${run.command}\`):`,
    );
    for (const d of diffs) lines.push(`  ${d.kind.padEnd(7)} ${d.file}`);
    return { exitCode: 1, lines };
  }
  if (!run.opts.quiet) {
    const { reports, compile } = run.tally;
    const checked = [...reports.values()].reduce((n, r) => n + r.files, 0) + compile.files;
    lines.push(
      `generated files are up to date with ${run.model.sourceFile} (${checked} files checked)`,
    );
    const cache = cacheLine(run);
    if (cache) lines.push(cache);
  }
  return { exitCode: 0, lines };
}

function cacheLine(run: Run): string | undefined {
  if (!run.cache) return undefined;
  const { reused, reusedSteps, compile } = run.tally;
  const ran = run.selected.filter((e) => !reused.includes(e)).map((e) => e.name);
  const names = reused.length ? ` (${reused.map((e) => e.name).join(', ')})` : '';
  return `cache: reused ${reused.length} of ${run.selected.length} emitter outputs${names}; ran ${ran.join(', ') || 'none'}; steps reused: ${reusedSteps.sort().join(', ') || 'none'}; compiled ${compile.compiled} TypeScript files, reused ${compile.reused}; document checks ${run.checks.known ? 'reused' : 'run'}`;
}

function ms(n: number): string {
  return `${Math.round(n)} ms`.padStart(8);
}

function kb(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}
