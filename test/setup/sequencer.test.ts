import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST } from './sequencer.js';

describe('the order npm test starts its files in', () => {
  // A renamed or removed file would lose its early start without a word: the suite gets slower.
  it('names only test files that exist', () => {
    expect(LONGEST.filter((file) => !existsSync(file))).toEqual([]);
  });
});
