/**
 * Compile the package: the code output is also a package, so its package.json and README are
 * made from the modules present (each code emitter's TypeScript was compiled right after it,
 * threads/emit-worker.ts runOne). Not for a partial run (`--only`).
 */
import { packageFiles } from '../emit/package.js';
import type { Run } from './state.js';

export function compilePackage(run: Run): void {
  if (run.opts.only !== undefined || !run.selected.some((e) => e.root === 'code')) return;
  const t = performance.now();
  const manifest = packageFiles(run.model, run.tally.codePaths, run.command);
  run.tally.compile.bytes += run.sink.add(run.opts.out, manifest);
  run.tally.compile.files += manifest.length;
  run.tally.compile.ms += performance.now() - t;
}
