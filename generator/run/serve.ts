/**
 * Serve from the cache: outputs the cache holds are not made again. Files a run from the very
 * same entry left on disk stay where they are (the writer's manifest says so); others are
 * copied from the entry. Then decides whether the rest is a light run.
 */
import type { Emitter } from '../emit/emitter.js';
import { knownVerdict } from './run-cache.js';
import { accept, dirOf, type Run } from './state.js';

export function serveFromCache(run: Run): void {
  const cache = run.cache;
  const verdict = knownVerdict(cache);
  if (verdict)
    run.checks = {
      ...run.checks,
      verdict: { problems: [], warnings: verdict.warnings },
      known: true,
    };
  if (!cache) return;
  for (const emitter of run.selected) {
    const key = cache.keys[emitter.name];
    if (!key || !cache.store.has(key)) continue;
    const t = performance.now();
    if (keptInPlace(run, emitter, key, t)) continue;
    // as bytes: a hit only goes to disk (no decode of its text, nor encode again to write it)
    const hit = cache.store.get(key, { bytes: true });
    const code = emitter.root === 'code';
    const compiled = code ? cache.store.get(`${key}.compiled`, { bytes: true }) : undefined;
    if (!hit || (code && !compiled)) continue; // damaged: produced again
    run.tally.reused.push(emitter);
    run.tally.warnings.set(emitter.name, hit.warnings);
    if (compiled) run.tally.compile.reused += compiled.files.length / 2;
    accept(
      run,
      emitter,
      hit.files,
      compiled?.files,
      { ms: performance.now() - t, cached: true },
      key,
    );
  }
  run.light = isLight(run);
}

/**
 * A light run: everything keyed without operations' words was served (a run with this model but
 * for those words filled the cache), the checks' verdict too, so what is left (outputs that show
 * the words) finds its costly steps in the cache (the docs' pages, the types' openapi-typescript
 * output). It runs on this thread, without collections between emitters, and its outputs are
 * not stored whole: they show the words just edited, which the next edit changes again.
 */
function isLight(run: Run): boolean {
  const toRun = run.selected.filter((e) => !run.tally.reused.includes(e));
  return (
    run.checks.known &&
    toRun.every((e) => (e.reads ?? 'whole') === 'whole') &&
    run.tally.reused.some((e) => e.reads === 'withoutOperationDescriptions')
  );
}

/**
 * A cached output whose files are on disk as a run from this very entry left them (the writer's
 * manifest says so): left there, the entry never read, only its header (paths, sizes, warnings).
 */
function keptInPlace(run: Run, emitter: Emitter, key: string, t: number): boolean {
  const store = run.cache!.store;
  const code = emitter.root === 'code';
  const head = store.head(key);
  const compiled = code ? store.head(`${key}.compiled`) : undefined;
  if (!head || (code && !compiled)) return false;
  const groups = [{ paths: head.files.map((f) => f.path), origin: key }];
  if (compiled)
    groups.push({ paths: compiled.files.map((f) => f.path), origin: `${key}.compiled` });
  if (!run.sink.keep(dirOf(run, emitter), groups)) return false;
  const { tally } = run;
  tally.reused.push(emitter);
  tally.warnings.set(emitter.name, head.warnings);
  const bytes = (files: { bytes: number }[]) => files.reduce((n, f) => n + f.bytes, 0);
  tally.reports.set(emitter.name, {
    ms: performance.now() - t,
    cached: true,
    files: head.files.length,
    bytes: bytes(head.files),
  });
  if (compiled) {
    tally.compile.reused += compiled.files.length / 2;
    tally.compile.files += compiled.files.length;
    tally.compile.bytes += bytes(compiled.files);
  }
  if (code)
    for (const f of [...head.files, ...(compiled?.files ?? [])])
      tally.codePaths.push({ path: f.path, contents: '' });
  return true;
}
