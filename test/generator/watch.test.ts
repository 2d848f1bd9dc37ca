/**
 * `tms-gen --watch`: regenerates when a file of the contract changes, reports a broken edit
 * without dying or touching the output, and picks up the fix.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

let child: ChildProcess | undefined;
const work = mkdtempSync(join(tmpdir(), 'tms-watch-'));
afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

it('regenerates on change, survives a broken edit, and recovers', async () => {
  cpSync('openapi', join(work, 'openapi'), { recursive: true });
  const out = join(work, 'gen');
  child = spawn(process.execPath, [
    'bin/tms-gen.js',
    '--watch',
    '--only',
    'operations',
    '--contract',
    join(work, 'openapi/openapi.yaml'),
    '--out',
    out,
    '--docs',
    join(work, 'docs'),
  ]);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const waitFor = async (pattern: RegExp, from: number) => {
    const deadline = Date.now() + 30_000;
    while (!pattern.test(output.slice(from))) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  await waitFor(/watching .* for changes/, 0);
  const operations = join(out, 'operations.ts');
  expect(readFileSync(operations, 'utf8')).toContain('"sendMessage"');

  // A change: rename an operation; the table follows.
  const paths = join(work, 'openapi/paths/saved_snippets.yaml');
  const original = readFileSync(paths, 'utf8');
  let mark = output.length;
  writeFileSync(
    paths,
    original.replace('operationId: createSavedSnippet', 'operationId: createSnippet'),
  );
  await waitFor(/done in/, mark);
  expect(readFileSync(operations, 'utf8')).toContain('"createSnippet"');

  // A broken edit: problems are printed, the process keeps watching, the output stays as it was.
  const before = readFileSync(operations, 'utf8');
  mark = output.length;
  writeFileSync(
    paths,
    original.replace(
      'operationId: createSavedSnippet',
      'operationId: createSavedSnippet\n    tpye: oops',
    ),
  );
  await waitFor(/the contract is invalid/, mark);
  expect(child.exitCode).toBeNull();
  expect(readFileSync(operations, 'utf8')).toBe(before);

  // The fix is picked up.
  mark = output.length;
  writeFileSync(paths, original);
  await waitFor(/done in/, mark);
  expect(readFileSync(operations, 'utf8')).toContain('"createSavedSnippet"');
});
