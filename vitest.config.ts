import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.js';
import { testFileKinds } from './test/setup/unit-files.js';

const { units, endToEnd } = testFileKinds();

/**
 * What every test file gets: a fixed fast-check seed on CI, generous hang guards, and no
 * per-file isolation: a fork imports the toolkit's modules once for all the files it runs, not
 * once per file (figures in bench/results/test-suite.md). The test files keep no state between
 * files (no module-level state, each scratch folder its own, a server or msw interception
 * closed in afterAll).
 */
const COMMON = {
  setupFiles: ['test/setup/fast-check-seed.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  isolate: false,
};

/**
 * The files that start something (a child process, Prism, Chromium, a packed tarball). The Prism
 * mock for test/mock and test/contract-runner (skipped when no selected file needs it); one
 * folder per run where test files build once what several use (test/once-per-run.ts); one
 * Chromium for every file that uses a browser (test/browser.ts).
 */
const END_TO_END_PROJECT: TestProjectInlineConfiguration = {
  test: {
    ...COMMON,
    name: 'end-to-end',
    include: endToEnd,
    globalSetup: ['test/setup/prism-mock.ts', 'test/setup/run-folder.ts', 'test/setup/browser.ts'],
  },
};

/** The units (test/setup/unit-files.ts): `npm run test:unit` runs them alone. */
export const UNIT_PROJECT: TestProjectInlineConfiguration = {
  test: { ...COMMON, name: 'unit', include: units },
};

export default defineConfig({
  test: {
    // Project by project in name order ('end-to-end', then 'unit' once it is done), each
    // project's longest files first (test/setup/sequencer.ts): the long files start early and
    // the short ones even out the two workers at the end.
    projects: [END_TO_END_PROJECT, UNIT_PROJECT],
    sequence: { sequencer: LongestFirst },
    // 2-core machines: a few forks is faster than many competing for CPU.
    maxWorkers: 2,
  },
});
