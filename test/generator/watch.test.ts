/**
 * `tms-gen --watch`: regenerates when a file of the contract changes, reports a broken edit
 * without dying or touching the output, and picks up the fix; other files of the contract's
 * folder (notes, an `npm install`) start no run, an edit of a `$ref`'d file does.
 *
 * Every wait is for an event, not for a time: each output chunk of the watcher (and its exit)
 * re-checks what the step waits for (its own output line after the edit, and the output file's
 * new content), so a loaded machine only makes the test slower. One generous deadline bounds the
 * whole test: a regeneration that never happens still fails it, with the watcher's output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const children: ChildProcess[] = [];
const work = mkdtempSync(join(tmpdir(), 'tms-watch-'));
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

/** The whole test's bound: generous, since a shared machine may run it many times slower. */
const OVERALL_MS = 240_000;

/**
 * `tms-gen --watch --only operations --contract <args>` started; `waitFor(pattern, from, settled)`
 * resolves once `pattern` appears in the output after `from` and `settled()` (if given) holds,
 * checked on each output chunk; it rejects when the watcher exits or the deadline passes.
 */
function watch(args: string[], deadline: number) {
  const watcher = spawn(process.execPath, [
    'bin/tms-gen.js',
    '--watch',
    '--only',
    'operations',
    '--contract',
    ...args,
  ]);
  children.push(watcher);
  let output = '';
  watcher.stdout.on('data', (d) => (output += d));
  watcher.stderr.on('data', (d) => (output += d));
  const waitFor = (pattern: RegExp, from: number, settled: () => boolean = () => true) =>
    new Promise<void>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        watcher.stdout.off('data', check);
        watcher.stderr.off('data', check);
        watcher.off('exit', exited);
      };
      const check = () => {
        if (pattern.test(output.slice(from)) && settled()) {
          stop();
          resolve();
        }
      };
      const exited = (code: number | null) => {
        stop();
        reject(new Error(`tms-gen --watch exited (${code}) waiting for ${pattern}:\n${output}`));
      };
      const timer = setTimeout(
        () => {
          stop();
          reject(
            new Error(`no ${pattern} within ${OVERALL_MS} ms of the test; output:\n${output}`),
          );
        },
        Math.max(0, deadline - Date.now()),
      );
      // Registered after the collectors: `output` already holds the chunk when this runs.
      watcher.stdout.on('data', check);
      watcher.stderr.on('data', check);
      watcher.once('exit', exited);
      check();
    });
  return { waitFor, output: () => output, exitCode: () => watcher.exitCode };
}

it(
  'regenerates on change, survives a broken edit, and recovers',
  async () => {
    const deadline = Date.now() + OVERALL_MS;
    cpSync('openapi', join(work, 'openapi'), { recursive: true });
    const out = join(work, 'gen');
    const { waitFor, exitCode, output } = watch(
      [join(work, 'openapi/openapi.yaml'), '--out', out, '--docs', join(work, 'docs')],
      deadline,
    );
    // The output folder is swapped in whole: for a moment the file may not be there.
    const contains = (file: string, text: string) => () => {
      try {
        return readFileSync(file, 'utf8').includes(text);
      } catch {
        return false;
      }
    };

    await waitFor(/watching .* for changes/, 0);
    const operations = join(out, 'operations.ts');
    expect(readFileSync(operations, 'utf8')).toContain('"sendMessage"');

    // A change: rename an operation; the table follows.
    const paths = join(work, 'openapi/paths/saved_snippets.yaml');
    const original = readFileSync(paths, 'utf8');
    let mark = output().length;
    writeFileSync(
      paths,
      original.replace('operationId: createSavedSnippet', 'operationId: createSnippet'),
    );
    // Its own report of the run and the new table (a run the watcher started on a half-written
    // file would report too: the content decides).
    await waitFor(/done in/, mark, contains(operations, '"createSnippet"'));
    expect(readFileSync(operations, 'utf8')).toContain('"createSnippet"');

    // A broken edit: problems are printed, the process keeps watching, the output stays as it was.
    const before = readFileSync(operations, 'utf8');
    mark = output().length;
    writeFileSync(
      paths,
      original.replace(
        'operationId: createSavedSnippet',
        'operationId: createSavedSnippet\n    tpye: oops',
      ),
    );
    await waitFor(/the contract is invalid/, mark);
    expect(exitCode()).toBeNull();
    expect(readFileSync(operations, 'utf8')).toBe(before);

    // The fix is picked up.
    mark = output().length;
    writeFileSync(paths, original);
    await waitFor(/done in/, mark, contains(operations, '"createSavedSnippet"'));
    expect(readFileSync(operations, 'utf8')).toContain('"createSavedSnippet"');
  },
  OVERALL_MS + 10_000,
);

it(
  "runs for an edit of a file the contract's $refs reach, never for another file of its folder",
  async () => {
    const deadline = Date.now() + OVERALL_MS;
    const dir = join(work, 'split');
    mkdirSync(join(dir, 'parts'), { recursive: true });
    const root = join(dir, 'api.yaml');
    cpSync(join('test', 'fixtures', 'hostile', 'ref-inside-folder.yaml'), root);
    const part = join(dir, 'parts', 'thing.yaml');
    cpSync(join('test', 'fixtures', 'hostile', 'parts', 'thing.yaml'), part);
    const { waitFor, output } = watch(
      [root, '--out', join(work, 'split-gen'), '--docs', join(work, 'split-docs')],
      deadline,
    );
    await waitFor(/watching .* for changes/, 0);
    let mark = output().length;
    // what a user keeps beside a contract, and what `npm install` writes there
    writeFileSync(join(dir, 'notes.txt'), 'not the contract\n');
    writeFileSync(join(dir, 'package.json'), '{"name":"app"}\n');
    mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'x', 'index.js'), '\n');
    // long after the settle time (25 ms): a run would have said so by now
    await new Promise((r) => setTimeout(r, 1500));
    expect(output().slice(mark)).not.toMatch(/change detected/);
    mark = output().length;
    writeFileSync(part, readFileSync(part, 'utf8') + '  description: edited through a ref\n');
    await waitFor(/change detected[^]*done in/, mark);
    expect(
      output()
        .slice(mark)
        .match(/change detected/g),
    ).toHaveLength(1);

    // A new $ref: the file it reaches is watched from the run that read it on.
    const extra = join(dir, 'parts', 'extra.yaml');
    writeFileSync(extra, 'Extra: {type: string}\n');
    mark = output().length;
    writeFileSync(
      root,
      readFileSync(root, 'utf8') + "    Extra: {$ref: './parts/extra.yaml#/Extra'}\n",
    );
    await waitFor(/change detected[^]*done in/, mark);
    mark = output().length;
    writeFileSync(extra, 'Extra: {type: string, description: edited}\n');
    await waitFor(/change detected[^]*done in/, mark);
  },
  OVERALL_MS + 10_000,
);
