/**
 * getAt reads a plain pointer (nothing escaped or percent-encoded) in place, without parsing it
 * into segments: it must find exactly what the segment walk finds, edge cases included.
 */
import { describe, expect, it } from 'vitest';
import { getAt, parsePointer } from '../../generator/common/pointer.js';

const doc = {
  '': { '': 'empty-empty', a: 'empty-a' },
  a: { b: { c: 1 }, '': 'a-empty', list: ['x', { y: 2 }] },
  'a/b': 'slash',
  'a~b': 'tilde',
  '{id}': 'braces',
  n: null,
};

const pointers = [
  '',
  '#',
  '#/',
  '#//',
  '#//a',
  '#/a',
  '#/a/',
  '#/a/b',
  '#/a/b/c',
  '#/a/b/c/d',
  '#/a/list/1/y',
  '#/a/list/2',
  '#/a/list/length',
  '#/a/toString',
  '#/__proto__',
  '#/n',
  '#/n/x',
  '#/a~1b',
  '#/a~0b',
  '#/%7Bid%7D',
  '#/{id}',
  '/a/b',
  '#/missing/a',
];

describe('getAt', () => {
  it.each(pointers)('%j: the same node as the walk over parsePointer', (ptr) => {
    expect(getAt(doc, ptr)).toBe(getAt(doc, parsePointer(ptr)));
  });

  it('finds what an escaped or encoded pointer names (the segment walk, not the in-place read)', () => {
    expect(getAt(doc, '#/a~1b')).toBe('slash');
    expect(getAt(doc, '#/a~0b')).toBe('tilde');
    expect(getAt(doc, '#/%7Bid%7D')).toBe('braces');
    expect(getAt(doc, '#/{id}')).toBe('braces');
  });

  it('finds what a plain pointer names', () => {
    expect(getAt(doc, '#/a/b/c')).toBe(1);
    expect(getAt(doc, '#/a/list/1/y')).toBe(2);
    expect(getAt(doc, '#//a')).toBe('empty-a');
    expect(getAt(doc, '#/a/toString')).toBeUndefined();
  });

  it.each(['#a', 'a/b', '##/a'])('%j: refused as parsePointer refuses it', (ptr) => {
    expect(() => parsePointer(ptr)).toThrow(/not a JSON pointer/);
    expect(() => getAt(doc, ptr)).toThrow(/not a JSON pointer/);
  });

  it('parsePointer unescapes and decodes only where needed', () => {
    expect(parsePointer('#/a/b')).toEqual(['a', 'b']);
    expect(parsePointer('#/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(parsePointer('#/%7Bid%7D')).toEqual(['{id}']);
    expect(parsePointer('#/%zz')).toEqual(['%zz']);
  });
});
