/**
 * namesWord (generator/schema/names-word.ts) answers what a regular expression for `"word"` over
 * `JSON.stringify(value)` answered before, without building the text: on hand-made values that
 * hold a word as a key, as a value, inside a longer string, escaped, or under a key JSON leaves
 * out, and on every `$defs` entry of real contracts' JSON Schema roots.
 */
import { describe, expect, it } from 'vitest';
import { validatorSchemaRoot } from '../../generator/emit/validators.js';
import { namesWord } from '../../generator/schema/names-word.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { loadModel } from './harness.js';

const WORDS = ['$id', '$dynamicRef', 'unevaluatedProperties', 'type', 'string', 'required'];
const byText = (value: unknown, word: string) =>
  new RegExp(`"${word.replace(/\$/g, '\\$')}"`).test(JSON.stringify(value) ?? '');

describe('namesWord', () => {
  const cases: unknown[] = [
    { $id: 'x' },
    { properties: { $id: { type: 'string' } } },
    { enum: ['$id', 'a'] },
    { description: 'a "$id" in prose' },
    { description: '$id' },
    { description: 'the $id' },
    { $id: undefined, other: 1 },
    { nested: [[{ deep: [{ unevaluatedProperties: false }] }]] },
    { 'a"$id"': 1 },
    { x: 'back\\', y: '$dynamicRef' },
    [null, 1, true, 'required'],
    'string',
    42,
    null,
    {},
  ];
  it('agrees with the text search on hand-made values', () => {
    for (const value of cases)
      for (const word of WORDS)
        expect([value, word, namesWord(value, new Set([word]))]).toEqual([
          value,
          word,
          byText(value, word),
        ]);
  });
  it('answers true when any of several words is there', () => {
    expect(namesWord({ a: { b: '$anchor' } }, new Set(['$id', '$anchor']))).toBe(true);
    expect(namesWord({ a: { b: 'anchor' } }, new Set(['$id', '$anchor']))).toBe(false);
  });

  const contracts = [
    'openapi/openapi.yaml',
    ...(haveShared('namesWord on breadth documents', 'specs', 'breadth')
      ? [sharedPath('specs/breadth/apideck.com__crm.json')]
      : []),
  ];
  for (const contract of contracts)
    it(`agrees with the text search on every schema of ${contract.split('/').at(-1)}`, async () => {
      const { root } = validatorSchemaRoot(await loadModel(contract));
      const words = [...WORDS, '$ref', 'nullable', 'format', 'no-such-word'];
      for (const schema of Object.values(root.root.$defs))
        for (const word of words)
          expect(namesWord(schema, new Set([word]))).toBe(byText(schema, word));
    });
});
