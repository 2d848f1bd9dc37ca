/**
 * The two steps of the validators' split (generator/schema/split-modules.ts, split-code.ts, split-graph.ts) that were quadratic
 * on Microsoft Graph's document (22,361 operations, 6,177 schemas) and were rewritten to stop
 * being so, checked against the straightforward versions they replaced: which users reach each
 * unit (only "one user, which" or "two or more" matters), and which schema constants a module
 * still reads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineSchemaReads } from '../../generator/schema/split-code.js';
import { usersOfUnits } from '../../generator/schema/split-graph.js';

/** Every user's whole closure, walked without stopping (the version before). */
function everyUser(
  users: string[][],
  calls: Map<string, string[]>,
  unitOf: Map<string, number>,
): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  users.forEach((roots, i) => {
    const stack = [...roots];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const unit = unitOf.get(name)!;
      (out.get(unit) ?? out.set(unit, new Set()).get(unit)!).add(i);
      stack.push(...(calls.get(name) ?? []));
    }
  });
  return out;
}

/** What the split reads of the map: per unit, the only user, or 'many'. */
const verdicts = (reached: Map<number, Set<number>>) =>
  new Map([...reached].map(([unit, by]) => [unit, by.size === 1 ? [...by][0] : 'many']));

/** Strongly connected units of a small graph, by mutual reachability (fine for tests). */
function unitsOf(names: string[], calls: Map<string, string[]>): Map<string, number> {
  const reach = (from: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(calls.get(n) ?? []));
    }
    return seen;
  };
  const reaches = new Map(names.map((n) => [n, reach(n)]));
  const unitOf = new Map<string, number>();
  for (const n of names) {
    const peer = names.find(
      (m) => unitOf.has(m) && reaches.get(m)!.has(n) && reaches.get(n)!.has(m),
    );
    unitOf.set(n, peer === undefined ? unitOf.size : unitOf.get(peer)!);
  }
  return unitOf;
}

describe('which users reach each unit', () => {
  const cases: [string, [string, string[]][], string[][]][] = [
    [
      'a chain shared below its top',
      [
        ['a', ['b']],
        ['b', ['c']],
        ['c', []],
      ],
      [['a'], ['b']],
    ],
    [
      // u0 and u1 reach the cycle b<->c at b; u2 enters it at c: d below must count all three
      'a cycle entered at two of its members',
      [
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['b', 'd']],
        ['d', []],
      ],
      [['a'], ['b'], ['c']],
    ],
    [
      'a diamond under two users, one leaf private',
      [
        ['a', ['b', 'c']],
        ['b', ['d']],
        ['c', ['d']],
        ['d', []],
        ['e', ['f']],
        ['f', []],
      ],
      [['a'], ['b', 'e'], ['f']],
    ],
  ];
  it.each(cases)('%s', (_, edges, users) => {
    const calls = new Map(edges);
    const unitOf = unitsOf([...calls.keys()], calls);
    expect(verdicts(usersOfUnits(users, (n) => calls.get(n)!, unitOf))).toEqual(
      verdicts(everyUser(users, calls, unitOf)),
    );
  });

  it('agrees with walking every closure on random graphs', () => {
    const graph = fc.integer({ min: 1, max: 9 }).chain((size) =>
      fc.record({
        edges: fc.array(fc.array(fc.nat(size - 1), { maxLength: 3 }), {
          minLength: size,
          maxLength: size,
        }),
        users: fc.array(fc.array(fc.nat(size - 1), { minLength: 1, maxLength: 2 }), {
          maxLength: 6,
        }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ edges, users }) => {
        const calls = new Map(edges.map((to, i) => [`n${i}`, to.map((j) => `n${j}`)]));
        const unitOf = unitsOf([...calls.keys()], calls);
        const named = users.map((roots) => roots.map((j) => `n${j}`));
        expect(verdicts(usersOfUnits(named, (n) => calls.get(n)!, unitOf))).toEqual(
          verdicts(everyUser(named, calls, unitOf)),
        );
      }),
    );
  });
});

describe('schema constants a module still reads', () => {
  const values = new Map<string, unknown>([
    ['schema1', { enum: ['a', 'b'], type: 'string' }],
    ['schema12', { properties: { x: { type: 'integer' } } }],
  ]);
  const cases: [string, string, string][] = [
    [
      'a read of a scalar is inlined and the constant dropped',
      'const schema1 = {"type":"string"};\nif (typeof data !== schema1.type) {}',
      'if (typeof data !== "string") {}',
    ],
    [
      'a constant still read whole stays',
      'const schema1 = {};\nconst schema12 = {};\nf(schema12);\ng(schema1.type);',
      'const schema12 = {};\nf(schema12);\ng("string");',
    ],
    [
      'a longer name or a property of that name is not a use',
      'const schema1 = {};\nf(schema12, x.schema1);',
      'f(schema12, x.schema1);',
    ],
    [
      'a list becomes one module constant',
      'const schema1 = {};\nfor (const v of schema1.enum) {}\nh(schema1.enum);',
      'const read_0 = ["a","b"];\nfor (const v of read_0) {}\nh(read_0);',
    ],
  ];
  it.each(cases)('%s', (_, code, expected) => {
    expect(inlineSchemaReads(code, values)).toBe(expected);
  });
});
