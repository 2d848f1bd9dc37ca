/**
 * Type tests of the generated client (test/client/types.fixture.ts; paginate, retries and the
 * query factories in paging-types.fixture.ts), run through tsc 5.9:
 * the fixture compiles under --strict with every `@ts-expect-error` needed, and with the
 * directives removed exactly the marked lines fail, so each misuse fails for itself.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typeErrors } from './tsc.js';

/** each fixture, with the least number of misuse lines it marks */
const FIXTURES: [string, number][] = [
  ['types.fixture.ts', 14],
  ['paging-types.fixture.ts', 9],
];
// Two levels below the root, like the fixture, so its relative imports still resolve.
const SCRATCH = join('test-artifacts', `client-types-${process.pid}`);

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe.each(FIXTURES)('generated client types: %s', (name, least) => {
  const FIXTURE = join('test', 'client', name);
  it('proper use compiles and every @ts-expect-error is needed', async () => {
    expect(await typeErrors(FIXTURE)).toEqual([]);
  }, 120_000);

  it('without the directives, exactly the marked misuse lines fail', async () => {
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    const marked = new Set<number>();
    const stripped = lines.map((line, i) => {
      if (!line.includes('// @ts-expect-error')) return line;
      marked.add(i + 2); // 1-based number of the next line
      return '';
    });
    expect(marked.size).toBeGreaterThanOrEqual(least);
    mkdirSync(SCRATCH, { recursive: true });
    const copy = join(SCRATCH, name);
    writeFileSync(copy, stripped.join('\n'));
    const errors = await typeErrors(copy);
    const failing = new Set(
      errors.filter((e) => e.includes(`${name}(`)).map((e) => Number(/\((\d+),/.exec(e)![1])),
    );
    expect([...failing].sort((a, b) => a - b)).toEqual([...marked].sort((a, b) => a - b));
  }, 120_000);
});
