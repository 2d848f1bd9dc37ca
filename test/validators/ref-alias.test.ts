/**
 * A named schema that is only a `$ref` (`AThingAlias` → `Thing`) shares its target's compiled
 * function; the validators' index must still list both names (a breadth document with 28 such
 * aliases made the emitter throw "undefined is not iterable" when an operation had reached the
 * target first).
 */
import { expect, it } from 'vitest';
import { compileValidators } from '../../generator/emit/validators.js';
import { loadModel } from './harness.js';

it('lists an alias schema and its target, both at the same shared function', async () => {
  const model = await loadModel('test/fixtures/validators/ref-alias.yaml');
  const compiled = compileValidators(model, './runtime/validators.js');
  const named = new Map(compiled.named);
  expect([...named.keys()].sort()).toEqual(['AThingAlias', 'Thing']);
  expect(named.get('AThingAlias')).toBeDefined();
  expect(named.get('AThingAlias')).toEqual(named.get('Thing'));
});
