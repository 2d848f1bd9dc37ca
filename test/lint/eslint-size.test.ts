/**
 * The size rules of eslint.config.js for generator/, runtime/, mock/ and contract-runner/
 * (functions ≤ 120 lines, files ≤ 500), each tripped by a planted file one line over and quiet
 * at the limit. Linted as text at a path
 * inside the tree, so no fixture file sits where the real linter would pick it up.
 */
import { ESLint } from 'eslint';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });

async function sizeRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((m) => m.ruleId === 'max-lines' || m.ruleId === 'max-lines-per-function')
    .map((m) => m.ruleId!);
}

/** A function of `lines` lines in all (its head and closing brace included). */
const fn = (lines: number) =>
  [
    'export function planted(): number {',
    '  let n = 0;',
    ...Array.from({ length: lines - 4 }, () => '  n++;'),
    '  return n;',
    '}',
  ].join('\n') + '\n';

/** A file of `lines` lines of small declarations. */
const file = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const c${i} = ${i};`).join('\n') + '\n';

describe('size rules of generator/', () => {
  it('refuse a function of 121 lines', async () => {
    expect(await sizeRules('generator/run/planted.ts', fn(121))).toEqual([
      'max-lines-per-function',
    ]);
  });

  it('let a function of 120 lines through', async () => {
    expect(await sizeRules('generator/run/planted.ts', fn(120))).toEqual([]);
  });

  it('refuse a file of 501 lines and let one of 500 through', async () => {
    expect(await sizeRules('generator/emit/planted.ts', file(501))).toEqual(['max-lines']);
    expect(await sizeRules('generator/emit/planted.ts', file(500))).toEqual([]);
  });

  it('leave files outside the toolkit alone', async () => {
    expect(await sizeRules('test/planted.ts', fn(121) + file(500))).toEqual([]);
    expect(await sizeRules('bench/planted.ts', fn(121) + file(500))).toEqual([]);
  });
});

describe('size rules of runtime/, mock/ and contract-runner/', () => {
  // The same rule entry as generator/'s (its limits are checked above): its files cover these.
  for (const folder of ['runtime/wire', 'mock/stateful', 'contract-runner'])
    it(`hold in ${folder}/`, async () => {
      expect(await sizeRules(`${folder}/planted.ts`, fn(121))).toEqual(['max-lines-per-function']);
      expect(await sizeRules(`${folder}/planted.ts`, file(501))).toEqual(['max-lines']);
    });
});
