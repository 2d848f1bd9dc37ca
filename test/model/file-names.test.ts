/**
 * Table tests of the one function that makes file names from contract text
 * (generator/model/file-names.ts), and of the model carrying the names it decided for every
 * emitter that writes a file per operation, schema, group or starter handler.
 */
import { describe, expect, it } from 'vitest';
import { FILE_STEM_MAX, fileStems } from '../../generator/model/file-names.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';

const LONG = 'op' + 'x'.repeat(10_000);
const HASHED = /^[A-Za-z0-9_][A-Za-z0-9_-]*-[0-9a-f]{8}(-\d+)?$/;

describe('fileStems: one name', () => {
  const cases: { name: string; want: string | RegExp; prefix?: string }[] = [
    { name: 'getMessages', want: 'getMessages' },
    { name: 'saved_snippets', want: 'saved_snippets' },
    { name: 'get-thing', want: 'get-thing' },
    { name: 'x'.repeat(FILE_STEM_MAX), want: 'x'.repeat(FILE_STEM_MAX) },
    { name: 'x'.repeat(FILE_STEM_MAX + 1), want: HASHED, prefix: 'xxxxxxxx' },
    { name: LONG, want: HASHED, prefix: 'opxxxxxx' },
    { name: 'get.thing', want: HASHED, prefix: 'get-thing-' },
    { name: '../../etc/passwd', want: HASHED, prefix: 'etc-passwd-' },
    { name: 'a/b\\c', want: HASHED, prefix: 'a-b-c-' },
    { name: '.hidden', want: HASHED, prefix: 'hidden-' },
    { name: '-rf', want: HASHED, prefix: 'rf-' },
    { name: 'with space', want: HASHED, prefix: 'with-space-' },
    { name: 'ünïcödé', want: HASHED, prefix: 'n-c-d-' },
    { name: '', want: /^[0-9a-f]{8}$/ },
    { name: '日本', want: /^[0-9a-f]{8}$/ },
    { name: 'CON', want: HASHED, prefix: 'CON-' },
    { name: 'nul', want: HASHED, prefix: 'nul-' },
    { name: 'com1', want: HASHED, prefix: 'com1-' },
  ];
  it.each(cases)('$name', ({ name, want, prefix }) => {
    const stem = fileStems([name]).get(name)!;
    if (typeof want === 'string') expect(stem).toBe(want);
    else expect(stem).toMatch(want);
    if (prefix) expect(stem.startsWith(prefix), stem).toBe(true);
    expect(stem.length).toBeLessThanOrEqual(FILE_STEM_MAX);
    // the same name, in another set, gets the same stem (nothing contests it there)
    expect(fileStems(['other', name, 'zzz']).get(name)).toBe(stem);
  });
});

describe('fileStems: a set of names', () => {
  it('Foo and foo get different files on a case-insensitive file system, whatever the order', () => {
    const a = fileStems(['foo', 'Foo', 'FOO']);
    const b = fileStems(['FOO', 'foo', 'Foo']);
    expect(a).toEqual(b);
    const lower = [...a.values()].map((s) => s.toLowerCase());
    expect(new Set(lower).size).toBe(3);
    // the first in code-point order keeps its name; the others keep a readable prefix
    expect(a.get('FOO')).toBe('FOO');
    expect(a.get('Foo')).toMatch(/^Foo-[0-9a-f]{8}$/);
    expect(a.get('foo')).toMatch(/^foo-[0-9a-f]{8}$/);
  });

  it('two long names sharing their first 10,000 characters stay apart', () => {
    const names = [LONG + 'a', LONG + 'b', LONG + 'A'];
    const stems = fileStems(names);
    expect(new Set([...stems.values()].map((s) => s.toLowerCase())).size).toBe(3);
    for (const s of stems.values()) expect(s.length).toBeLessThanOrEqual(FILE_STEM_MAX);
  });

  it('a reserved stem (the scaffold`s index.ts) is never given out, in any case', () => {
    const stems = fileStems(['index', 'Index', 'user'], ['index', 'user']);
    for (const s of stems.values()) expect(['index', 'user']).not.toContain(s.toLowerCase());
    expect(new Set(stems.values()).size).toBe(3);
  });

  it('a name spelled like another name`s hashed stem cannot take its file', () => {
    const hashed = fileStems(['a.b']).get('a.b')!;
    const stems = fileStems(['a.b', hashed]);
    expect(stems.get(hashed)).toBe(hashed);
    expect(stems.get('a.b')).not.toBe(hashed);
    expect(stems.get('a.b')!.toLowerCase()).not.toBe(hashed.toLowerCase());
  });

  it('the same name twice is one file', () => {
    expect([...fileStems(['a', 'a']).entries()]).toEqual([['a', 'a']]);
  });
});

describe('the model decides every file name made from contract text', () => {
  const ok = (ref: string) => ({
    '200': {
      description: 'ok',
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
    },
  });
  const document = {
    openapi: '3.1.0',
    info: { title: 'names', version: '1' },
    paths: {
      '/a': { get: { operationId: LONG, tags: ['T' + 'z'.repeat(10_000)], responses: ok('Foo') } },
      '/b': { get: { operationId: 'Foo', tags: ['Things'], responses: ok('foo') } },
      '/c': { get: { operationId: 'foo', tags: ['things'], responses: ok('index') } },
      '/d': { get: { operationId: 'Index', responses: ok('Foo') } },
    },
    components: {
      schemas: {
        Foo: { type: 'string' },
        foo: { type: 'string' },
        index: { type: 'string' },
        ['S' + 'y'.repeat(10_000)]: { type: 'string' },
      },
    },
  } as unknown as OpenApiDocument;
  const { model, problems } = buildModel(document, 'names.yaml');

  const distinct = (stems: string[]) => {
    for (const s of stems) expect(s.length).toBeLessThanOrEqual(FILE_STEM_MAX);
    expect(new Set(stems.map((s) => s.toLowerCase())).size).toBe(stems.length);
  };

  it('operations (validators/ops, operations/*.html), starter handlers, groups, schemas', () => {
    expect(problems).toEqual([]);
    distinct(model.operations.map((o) => o.names.file));
    distinct([...model.operations.map((o) => o.names.handlerFile), 'index', 'user']);
    distinct([...new Set(model.operations.map((o) => o.names.groupFile))]);
    distinct([...model.schemas.map((s) => s.file), 'index']);
    expect(model.operations.find((o) => o.id === 'Foo')!.names.file).toBe('Foo');
    expect(model.operations.find((o) => o.id === LONG)!.names.file).toMatch(
      /^opxxxx.*-[0-9a-f]{8}$/,
    );
  });
});
