import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The Prism mock for test/mock and test/contract-runner (skipped when no selected file needs it).
    globalSetup: ['test/setup/prism-mock.ts'],
    setupFiles: ['test/setup/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // 2-core machines: a few forks is faster than many competing for CPU.
    pool: 'forks',
    maxWorkers: 2,
  },
});
