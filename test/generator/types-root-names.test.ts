/**
 * The types emitter's pass over openapi-typescript's output (emit/types.ts,
 * dropUnusableRootTypes): found by search instead of by a regular expression at every word
 * boundary and a split into lines, it must drop and warn exactly as the plain version below
 * (the one it replaced) does, on generated texts and on edge cases.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dropUnusableRootTypes,
  genericNames,
  ROOT_TYPE_GLOBALS,
} from '../../generator/emit/types.js';
import { HOISTED_PREFIX } from '../../generator/model/views/typescript.js';
import { isIdentifier } from '../../generator/common/source.js';

function plain(text: string, warn: (m: string) => void): string {
  const generic = new Set([...text.matchAll(/\b([A-Za-z_$][\w$]*)</g)].map((m) => m[1]));
  const seen = new Set([...ROOT_TYPE_GLOBALS, ...generic]);
  return text
    .split('\n')
    .filter((line) => {
      const m = /^export type (\S*) = /.exec(line);
      if (!m || !line.includes("components['")) return true;
      if (m[1].startsWith(HOISTED_PREFIX)) return false;
      if (seen.has(m[1]) || !isIdentifier(m[1])) {
        warn(`types: no named export for '${m[1]}' (name taken or not an identifier)`);
        return false;
      }
      seen.add(m[1]);
      return true;
    })
    .join('\n');
}

function both(text: string) {
  const a: string[] = [];
  const b: string[] = [];
  return {
    fast: dropUnusableRootTypes(text, { warn: (m) => void a.push(m) }),
    plain: plain(text, (m) => void b.push(m)),
    warnings: [a, b],
  };
}

const alias = (name: string) => `export type ${name} = components['schemas']['${name}'];`;
const cases: [string, string][] = [
  ['our generated types', readFileSync('generated/types.ts', 'utf8')],
  ['a kept alias', `a\n${alias('Thing')}\nb`],
  ['a name taken twice', `${alias('Thing')}\n${alias('Thing')}\nend`],
  ['a global name', `x\n${alias('Record')}`],
  ['the last line dropped after another', `x\n${alias('paths')}\n${alias('Omit')}`],
  ['only a dropped line', alias('paths')],
  ['a dropped line at the start', `${alias('Pick')}\nrest\n`],
  ['a name used generically', `type X = Foo<string>;\n${alias('Foo')}\n`],
  [
    'names with $ and digits',
    `a$b<x> $c<y> 9d<z> _e<w> f$<v> $<u> x\n${alias('b')}\n${alias('d')}\n`,
  ],
  ['the hoisted prefix', `${alias(`${HOISTED_PREFIX}x`)}\nz`],
  ['not an identifier', `export type a-b = components['schemas']['a-b'];\n`],
  ['no components', `export type Foo = string;\nexport type Foo = number;`],
  ['empty', ''],
  ['lines without break', '\n\n\n'],
];

describe('dropUnusableRootTypes', () => {
  it.each(cases)('%s: as the plain version', (_name, text) => {
    const { fast, plain: expected, warnings } = both(text);
    expect(fast).toBe(expected);
    expect(warnings[0]).toEqual(warnings[1]);
  });

  it('finds the names the regular expression finds, on random texts', () => {
    const alphabet = 'aZ_$09<< \n.-é';
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) {
      const text = Array.from(
        { length: Math.floor(next() * 40) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      const expected = new Set([...text.matchAll(/\b([A-Za-z_$][\w$]*)</g)].map((m) => m[1]));
      expect([...genericNames(text)].sort(), JSON.stringify(text)).toEqual([...expected].sort());
    }
  });
});
