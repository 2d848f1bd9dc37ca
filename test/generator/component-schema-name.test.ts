/** The one reading of a component schema's name from a `$ref` (generator/common/pointer.ts), used by the model's error conventions and the diff's facts. */
import { describe, expect, it } from 'vitest';
import { componentSchemaName } from '../../generator/common/pointer.js';

describe('componentSchemaName', () => {
  it('names the component, its segment unescaped', () => {
    expect(componentSchemaName('#/components/schemas/Error')).toBe('Error');
    expect(componentSchemaName('#/components/schemas/a~1b~0c')).toBe('a/b~c');
  });

  it('nothing for a pointer into a component, another section or a non-string', () => {
    expect(componentSchemaName('#/components/schemas/Error/properties/msg')).toBeUndefined();
    expect(componentSchemaName('#/components/responses/Error')).toBeUndefined();
    expect(componentSchemaName(undefined)).toBeUndefined();
  });
});
