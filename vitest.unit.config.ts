// `npm run test:unit`: the edit-test loop. The test files that start nothing (no child process,
// browser, Prism, packed tarball, generate run or contract load): chosen by what they import and
// call, so a new file lands on the right side by itself. `npm test` runs every file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** What an end-to-end file uses (a heavier file may still be a unit by this test: it is cheap). */
const STARTS_SOMETHING =
  /child_process|playwright|sharedBrowser|oncePerRun|sharedWorkspace|runTarballs|spawn|execFile|fixture-bindings|npm pack|startPrism|tms-gen\.js|packTarball|withMock|harness|runGenerate|loadContract|loadModel|haveShared|sharedPath/;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : testFiles(path);
    return path.endsWith('.test.ts') ? [path.split('\\').join('/')] : [];
  });
}

/** Folders whose files pack tarballs, start servers or browsers whatever they import. */
const END_TO_END = /^test\/(package|docs|stateful|mcp|mock|contract-runner)\//;

const units = testFiles('test').filter(
  (f) => !END_TO_END.test(f) && !STARTS_SOMETHING.test(readFileSync(f, 'utf8')),
);

// base's list of files replaced, not added to (mergeConfig would concatenate the two). Not
// isolated: a fork imports the generator's modules once for all its files, not once per file
// (a fifth less CPU for this run); units keep no state between files (no module-level state).
export default defineConfig({
  test: { ...base.test, include: units, globalSetup: [], isolate: false },
});
