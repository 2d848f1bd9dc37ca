/**
 * Vitest global setup: one temporary folder for the whole run (`inject('runFolder')`), in which
 * the test files build once what several of them use (test/once-per-run.ts: the packed tarballs,
 * the installed app); removed when the run ends. In watch mode every rerun starts from an empty
 * folder, so a rerun packs the sources as they are now, not as they were when watching began.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    runFolder: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'tms-test-run-'));
  project.provide('runFolder', folder);
  project.onTestsRerun(() => {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
  });
  return () => rmSync(folder, { recursive: true, force: true });
}
