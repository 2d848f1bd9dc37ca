/**
 * Feature-level facts are found under every schema keyword the model knows (schema-sites.ts's
 * one list), contentSchema included: a property added at a level inside an encoded string's
 * schema is as level-aware as any other.
 */
import { describe, expect, it } from 'vitest';
import { collectLevelFacts } from '../../generator/model/level-facts.js';
import { SCHEMA_VALUES } from '../../generator/model/schema-sites.js';

const added = { 'x-history': [{ level: 7, change: 'added', note: 'new' }] };

describe('collectLevelFacts', () => {
  it.each([...SCHEMA_VALUES])('finds a property added at a level under %s', (keyword) => {
    const inner = { type: 'object', properties: { fresh: { type: 'string', ...added } } };
    const document = {
      components: { schemas: { Outer: { type: 'string', [keyword]: inner } } },
    };
    const facts = collectLevelFacts(document, 9);
    expect(facts[`#/components/schemas/Outer/${keyword}`]).toEqual({
      properties: { fresh: expect.objectContaining({ addedIn: 7 }) },
    });
  });
});
