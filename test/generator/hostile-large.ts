/**
 * Hostile contracts too large (or too special) to keep in git: nesting 5,000 and 100,000 levels
 * deep, a 65 MB file (sparse: no disk or time spent), a FIFO and a device as the contract,
 * names of 10,000 characters.
 * Written into `dir` at test time; each becomes a case like those of hostile-cases.ts.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostileCase } from './hostile-cases.js';

const HEAD = 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\n';

export function writeLargeCases(dir: string): HostileCase[] {
  const cases: HostileCase[] = [];
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  let schema = '{"type":"string"}';
  for (let i = 0; i < 5000; i++) schema = `{"type":"object","properties":{"n":${schema}}}`;
  cases.push({
    file: file(
      'deep-schema-5000.json',
      `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{},"components":{"schemas":{"Deep":${schema}}}}`,
    ),
    exit: 1,
    pointer: '#/components/schemas/Deep/properties/n/properties/n',
    says: ['nested deeper than 256 levels'],
  });
  cases.push({
    file: file(
      'deep-extension-100000.json',
      `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{},"x-deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    ),
    exit: 1,
    pointer: '#/x-deep/0/0/0',
    says: ['nested deeper than 256 levels'],
  });
  cases.push({
    file: file(
      'deep-yaml-100000.yaml',
      `${HEAD}paths: {}\nx-deep: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`,
    ),
    exit: 1,
    pointer: '#',
    says: ['nested deeper than 256 levels'],
  });

  // 65 MB of holes: over the 64 MB default, refused from its size before a byte is read.
  const huge = join(dir, 'huge-sparse.yaml');
  const fd = openSync(huge, 'w');
  ftruncateSync(fd, 65 * 1024 * 1024);
  closeSync(fd);
  cases.push({ file: huge, exit: 1, pointer: '#', says: ['larger than the document size limit'] });
  const refTo = (name: string, target: string) =>
    file(
      name,
      `${HEAD}paths:\n  /things:\n    get:\n      operationId: listThings\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '${target}'}\n`,
    );
  cases.push({
    file: refTo('ref-huge-sparse.yaml', './huge-sparse.yaml'),
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: ['larger than the document size limit'],
  });

  // A FIFO would block a reader forever: refused without being opened.
  execFileSync('mkfifo', [join(dir, 'pipe.yaml')]);
  cases.push({
    file: refTo('ref-fifo.yaml', './pipe.yaml'),
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: ['not a regular file'],
  });
  cases.push({ file: '/dev/zero', exit: 1, pointer: '#', says: ['not a regular file'] });
  cases.push({ file: file('names-10000-characters.json', longNames()), exit: 0 });
  return cases;
}

/**
 * An operationId, a schema name and a tag of 10,000 characters each (file names are at most
 * 255 bytes), and names that differ only in case (one file on macOS and Windows).
 */
function longNames(): string {
  const ok = (ref: string) => ({
    '200': {
      description: 'ok',
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
    },
  });
  const long = 'S' + 'y'.repeat(10_000);
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'op' + 'x'.repeat(10_000),
          tags: ['T' + 'z'.repeat(10_000)],
          responses: ok(long),
        },
      },
      '/b': { get: { operationId: 'Foo', tags: ['Things'], responses: ok('Foo') } },
      '/c': { get: { operationId: 'foo', tags: ['things'], responses: ok('foo') } },
    },
    components: {
      schemas: {
        [long]: { type: 'object', properties: { a: { type: 'string' } } },
        Foo: { type: 'object', properties: { a: { type: 'string' } } },
        foo: { type: 'object', properties: { b: { type: 'integer' } } },
      },
    },
  });
}
