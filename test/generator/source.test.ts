/**
 * The escaping functions every emitter goes through (generator/common/source.ts), on the strings that
 * break naive generators. The hostile-contract tests prove the emitters use them; these pin
 * what each one returns.
 */
import { describe, expect, it } from 'vitest';
import {
  banner,
  commentText,
  jsdoc,
  literal,
  propertyKey,
  toIdentifier,
} from '../../generator/common/source.js';

/** Evaluates generated source in a function body, the way an import would run it. */
const run = (source: string): unknown => new Function(`"use strict"; ${source}`)();

describe('source escaping', () => {
  it('commentText cannot close its comment or start a line', () => {
    const text = commentText('a */ globalThis.__x = 1; /* b\nc\r\nd\u2028e\u2029f');
    expect(text).not.toMatch(/\*\/|[\n\r\u2028\u2029]/);
    expect(run(`/** ${text} */ return 1;`)).toBe(1);
  });

  it('jsdoc keeps every line inside the block', () => {
    const block = jsdoc(['x */ return 2; /*', 'line\u2028return 3;', 'cr\rreturn 4;']);
    expect(run(`${block} return 1;`)).toBe(1);
  });

  it('banner stays one // line whatever the file name holds', () => {
    const line = banner('evil\nreturn 2;\u2028return 3;.yaml', 'cmd\rreturn 4;');
    expect(line.trimEnd().split(/[\n\r\u2028\u2029]/)).toHaveLength(1);
    expect(run(`${line} return 1;`)).toBe(1);
    expect(banner('a --> <script>', 'x', 'html')).not.toMatch(/-->.*-->|<script>/);
  });

  it('literal round-trips quotes, line terminators and lone surrogates', () => {
    for (const value of ['"\'`${x}', '\u2028\u2029', '\ud800', '</script>', '\\u0041', '\0']) {
      expect(run(`return ${literal(value)};`)).toBe(value);
    }
  });

  it('propertyKey makes own keys, __proto__ included', () => {
    const keys = ['__proto__', 'constructor', 'toString', '', 'a b', '*/', '1x', 'class'];
    const source = `return { ${keys.map((k, i) => `${propertyKey(k)}: ${i}`).join(', ')} };`;
    const object = run(source) as Record<string, number>;
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.keys(object)).toEqual(expect.arrayContaining(keys));
    expect(Object.getOwnPropertyDescriptor(object, '__proto__')?.value).toBe(0);
  });

  it('toIdentifier never returns an empty, reserved or non-identifier name', () => {
    for (const name of ['', '.', '..', '-', '1abc', 'class', 'delete', 'a b*/c', '\u2028']) {
      const id = toIdentifier(name);
      expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
      expect(() => run(`const ${id} = 1; return ${id};`)).not.toThrow();
    }
  });
});
