/**
 * The order in which `npm test` starts its files. Vitest starts the largest files first when it
 * has no durations from an earlier run (a fresh clone, CI), and file size says little about time:
 * client/wire-agreement.test.ts, short but working through three large documents, started last
 * and held one core while the other had nothing left. The files that took longest in a measured run (bench/results/test-suite.md) start
 * first, in that order; every other file after them, in Vitest's order. Projects keep their
 * order (end-to-end before unit). Only the order changes: which files run, and how, does not.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest first. toolkit-cli packs and installs what install.test.ts also waits for: it leads.
 * A name no file has any more is caught by sequencer.test.ts, not silently ranked last.
 */
export const LONGEST = [
  'test/package/toolkit-cli.test.ts',
  'test/generator/hostile.test.ts',
  'test/generator/spec-agnostic.test.ts',
  'test/docs/reference-ui.test.ts',
  'test/client/spec-agnostic.test.ts',
  'test/package/install.test.ts',
  'test/client/wire-agreement.test.ts',
  'test/diff/diff.test.ts',
  'test/validators/validators-slice.test.ts',
  'test/docs/browser.test.ts',
  'test/docs/samples.test.ts',
  'test/validators/esm-and-strict.test.ts',
  'test/generator/hostile-strings.test.ts',
  'test/package/stateful-mock.test.ts',
];

function rank(file: TestSpecification): number {
  const path = file.moduleId.split('\\').join('/');
  const at = LONGEST.findIndex((known) => path.endsWith(`/${known}`));
  return at < 0 ? LONGEST.length : at;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const project = (f: TestSpecification) => projects.indexOf(f.project.name);
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => project(a.file) - project(b.file) || rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}
