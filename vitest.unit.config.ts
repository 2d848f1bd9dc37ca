// `npm run test:unit`: the edit-test loop, the test files that start nothing
// (test/setup/unit-files.ts), without the end-to-end files. `npm test` runs every file.
import { defineConfig } from 'vitest/config';
import { UNIT_PROJECT } from './vitest.config.js';

export default defineConfig({ test: { ...UNIT_PROJECT.test, maxWorkers: 2 } });
