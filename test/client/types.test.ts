/**
 * Type tests of the generated client (test/client/types.fixture.ts; paginate, retries and the
 * query factories in paging-types.fixture.ts), run through tsc 5.9:
 * the fixture compiles under --strict with every `@ts-expect-error` needed, and with the
 * directives removed exactly the marked lines fail, so each misuse fails for itself. The
 * fixtures and their copies without the directives are compiled as one program (a file's errors
 * are its own), once for the file's tests.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typeErrorsByFile } from './tsc.js';

/** each fixture, with the least number of misuse lines it marks */
const FIXTURES: [string, number][] = [
  ['types.fixture.ts', 14],
  ['paging-types.fixture.ts', 9],
];
// Two levels below the root, like the fixture, so its relative imports still resolve.
const SCRATCH = join('test-artifacts', `client-types-${process.pid}`);

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

const fixture = (name: string) => join('test', 'client', name);
const copy = (name: string) => join(SCRATCH, name);

/** A fixture without its directives, and the 1-based numbers of the lines they marked. */
function stripped(name: string): { text: string; marked: Set<number> } {
  const marked = new Set<number>();
  const lines = readFileSync(fixture(name), 'utf8').split('\n');
  const text = lines.map((line, i) => {
    if (!line.includes('// @ts-expect-error')) return line;
    marked.add(i + 2); // the next line
    return '';
  });
  return { text: text.join('\n'), marked };
}

let program: Promise<Map<string, string[]>> | undefined;
/** The fixtures and their stripped copies, compiled once as one program. */
function compiled(): Promise<Map<string, string[]>> {
  program ??= (() => {
    mkdirSync(SCRATCH, { recursive: true });
    for (const [name] of FIXTURES) writeFileSync(copy(name), stripped(name).text);
    return typeErrorsByFile(FIXTURES.flatMap(([name]) => [fixture(name), copy(name)]));
  })();
  return program;
}

describe.each(FIXTURES)('generated client types: %s', (name, least) => {
  it('proper use compiles and every @ts-expect-error is needed', async () => {
    const errors = await compiled();
    // its own errors, and those of no fixture (the generated client's own)
    expect([...errors.get(resolve(fixture(name)))!, ...errors.get('')!]).toEqual([]);
  }, 120_000);

  it('without the directives, exactly the marked misuse lines fail', async () => {
    const { marked } = stripped(name);
    expect(marked.size).toBeGreaterThanOrEqual(least);
    const errors = (await compiled()).get(resolve(copy(name)))!;
    const failing = new Set(errors.map((e) => Number(/\((\d+),/.exec(e)![1])));
    expect([...failing].sort((a, b) => a - b)).toEqual([...marked].sort((a, b) => a - b));
  }, 120_000);
});
