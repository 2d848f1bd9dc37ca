/**
 * One error family: what an emitter throws (ContractError, or anything else) becomes the same
 * ContractProblem the loader reports, placed at file:line by the bundle's positions and printed
 * by the same formatProblem.
 */
import { describe, expect, it } from 'vitest';
import { ContractError, formatProblem, problemOf } from '../../generator/contract-error.js';
import { loadContract, placeProblems } from '../../generator/load.js';

describe('emitter failures print like contract problems', async () => {
  const loaded = await loadContract('openapi/openapi.yaml');
  if (!loaded.ok) throw new Error('the project contract must load');
  const { bundle } = loaded.contract;

  it('a ContractError keeps its pointer and gains file:line', () => {
    const thrown = new ContractError({
      pointer: '#/components/schemas/Message',
      message: 'cannot compile the schema: planted',
      source: 'validators',
    });
    const [placed] = placeProblems(bundle, [problemOf(thrown, 'validators')]);
    expect(formatProblem(placed)).toMatch(
      /^openapi\/[\w/]+\.yaml:\d+:\d+ #\/components\/schemas\/Message: cannot compile the schema: planted \[validators\]$/,
    );
  });

  it('any other error an emitter throws is placed at the document root, the emitter named', () => {
    const [placed] = placeProblems(bundle, [problemOf(new TypeError('boom'), 'types')]);
    expect(placed).toMatchObject({ pointer: '#', message: 'boom', source: 'types' });
    expect(formatProblem(placed)).toMatch(/^openapi\/openapi\.yaml:1(:\d+)? #: boom \[types\]$/);
  });
});
