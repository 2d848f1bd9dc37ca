import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The Prism mock for test/mock and test/contract-runner (skipped when no selected file needs it).
    // One folder per run where test files build once what several use (test/once-per-run.ts);
    // one Chromium for every file that uses a browser (test/browser.ts).
    globalSetup: ['test/setup/prism-mock.ts', 'test/setup/run-folder.ts', 'test/setup/browser.ts'],
    setupFiles: ['test/setup/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // 2-core machines: a few forks is faster than many competing for CPU.
    pool: 'forks',
    maxWorkers: 2,
  },
});
