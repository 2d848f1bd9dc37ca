/**
 * Which test files are units: the ones that start nothing (no child process, browser, Prism,
 * packed tarball, generate run or contract load), chosen by what they import and call, so a new
 * file lands on the right side by itself. `npm run test:unit` runs them alone (the edit-test
 * loop); `npm test` runs them without per-file isolation after the end-to-end files
 * (vitest.config.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What an end-to-end file uses (a heavier file may still be a unit by this test: it is cheap).
 * `contractTables` loads a contract as the mocks and the proxy do; test/load-contract.ts as tests do.
 */
const STARTS_SOMETHING =
  /child_process|playwright|sharedBrowser|oncePerRun|sharedWorkspace|runTarballs|spawn|execFile|fixture-bindings|npm pack|startPrism|tms-gen\.js|tms-gen-run|packTarball|withMock|harness|runGenerate|loadContract|load-contract|contractTables|loadModel|haveShared|sharedPath|inject\(/;

/**
 * Folders whose files pack tarballs, start servers or browsers whatever they import. Not
 * test/contract-runner: its runs start the runner's servers through its harness (caught above),
 * and its pure units (the judge, expressions, the level rule) belong to the edit-test loop.
 */
const END_TO_END = /^test\/(package|docs|stateful|mcp|mock)\//;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : testFiles(path);
    return path.endsWith('.test.ts') ? [path.split('\\').join('/')] : [];
  });
}

/** Every test file under test/, split into units and end-to-end files (paths from the root). */
export function testFileKinds(): { units: string[]; endToEnd: string[] } {
  const all = testFiles('test');
  const isUnit = (f: string) =>
    !END_TO_END.test(f) && !STARTS_SOMETHING.test(readFileSync(f, 'utf8'));
  return { units: all.filter(isUnit), endToEnd: all.filter((f) => !isUnit(f)) };
}
