/**
 * Property: whatever text a contract holds, the generated code compiles and runs none of it.
 * fast-check builds contracts whose every string field the emitters read (titles, versions,
 * descriptions, summaries, server URLs, tags, operationIds, parameter names, enum values,
 * defaults, examples, property names, error codes, permissions, component names) is hostile:
 * comment closers, template delimiters, `</script>`, quotes, backslashes, newlines, U+2028/2029,
 * lone surrogates (in text; in names the loader refuses them by design), NUL. Each contract
 * goes through the CLI; then all outputs are compiled by one `tsc --strict` and imported.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const RUNS = 4;
/** Wall time after which a CLI run counts as hung (it was 60 s: a loaded machine passed it). */
const HANG_GUARD_MS = 300_000;
const SEED = Number(process.env.FC_SEED ?? 20261123);

const PIECES = [
  '*/',
  '/*',
  '//',
  '<!--',
  '-->',
  '</script>',
  '<script>',
  '${',
  '}',
  '`',
  "'",
  '"',
  '\\',
  '\\u0041',
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u2029',
  '{{',
  '}}',
  '{{{',
  ']]>',
  '%',
  '&amp;',
  '<',
  '>',
  '\u0000',
  "globalThis.__pwned = 'injected';",
  '*/ globalThis.__pwned = 1; /*',
  '`${globalThis.__pwned = 2}`',
  '\u00e9',
  '\u{1F600}',
  ' ',
];
const LONE = ['\ud800', '\udc00', '\udbff'];

const text = fc
  .array(fc.oneof(fc.constantFrom(...PIECES, ...LONE), fc.string({ maxLength: 3 })), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(''));
/** Names: everything hostile but lone surrogates, which the loader refuses in names by design. */
const name = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join(''))
  .filter((s) => !/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')));
/** Component names: the specification allows ^[a-zA-Z0-9.\-_]+$ only, so `.`, `..`, `1a`, `-`... */
const componentName = fc.stringMatching(/^[A-Za-z0-9._-]{1,8}$/);

const contract = fc.record({
  title: text,
  version: text,
  description: text,
  serverUrl: text,
  serverDescription: text,
  tag: name,
  tagDescription: text,
  opIds: fc.uniqueArray(name, { minLength: 2, maxLength: 2 }),
  summary: text,
  opDescription: text,
  permission: text,
  errorCode: text,
  pathText: name.map((s) => s.replace(/[{}]/g, '')),
  queryName: name,
  headerName: name,
  paramDescription: text,
  enumValues: fc.uniqueArray(text, { minLength: 1, maxLength: 4 }),
  example: text,
  props: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
  propDescription: text,
  schemaNames: fc.uniqueArray(componentName, { minLength: 2, maxLength: 2 }),
  responseDescription: text,
});

type Texts = typeof contract extends fc.Arbitrary<infer T> ? T : never;

function buildContract(t: Texts): unknown {
  const [a, b] = t.schemaNames;
  const props = Object.fromEntries(
    t.props.map((p) => [p, { type: 'string', description: t.propDescription, example: t.example }]),
  );
  return {
    openapi: '3.1.0',
    info: { title: t.title, version: t.version, description: t.description },
    servers: [{ url: `https://example.com/${t.serverUrl}`, description: t.serverDescription }],
    tags: [{ name: t.tag, description: t.tagDescription }],
    paths: {
      [`/items/{id}/${t.pathText}`]: {
        get: {
          operationId: t.opIds[0],
          summary: t.summary,
          description: t.opDescription,
          tags: [t.tag],
          'x-permission': t.permission,
          'x-error-codes': [t.errorCode],
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: t.paramDescription,
              schema: { type: 'string' },
            },
            {
              name: t.queryName,
              in: 'query',
              description: t.paramDescription,
              schema: { type: 'string', enum: t.enumValues, default: t.enumValues[0] },
              example: t.enumValues[0],
            },
            { name: t.headerName, in: 'header', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: t.responseDescription,
              content: {
                'application/json': {
                  schema: { $ref: `#/components/schemas/${a}` },
                  example: Object.fromEntries(t.props.map((p) => [p, t.example])),
                },
              },
            },
          },
        },
      },
      '/items': {
        post: {
          operationId: t.opIds[1],
          summary: t.summary,
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: { $ref: `#/components/schemas/${b}` },
              },
            },
          },
          responses: {
            '200': { description: t.responseDescription },
            default: {
              description: t.description,
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${a}` } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        [a]: {
          type: 'object',
          description: t.description,
          properties: props,
          required: [t.props[0]],
        },
        [b]: {
          type: 'object',
          properties: {
            ...props,
            kind: { type: 'string', enum: t.enumValues, description: t.propDescription },
          },
        },
      },
    },
  };
}

let work: string | undefined;
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('hostile strings in every field the emitters read', () => {
  it(
    `${RUNS} contracts (seed ${SEED}) generate, compile as one tsc --strict program and run nothing on import`,
    async () => {
      work = mkdtempSync(join(tmpdir(), 'tms-hostile-strings-'));
      // Generated bindings import openapi-fetch, as an app that installed them would have it.
      symlinkSync(join(REPO, 'node_modules'), join(work, 'node_modules'), 'dir');
      const outs: { out: string; file: string }[] = [];
      const samples = fc.sample(contract, { numRuns: RUNS, seed: SEED });
      for (const [i, sample] of samples.entries()) {
        const dir = join(work, `c${i}`);
        mkdirSync(dir);
        const file = join(dir, 'contract.json');
        writeFileSync(file, JSON.stringify(buildContract(sample), null, 1));
        const out = join(dir, 'gen');
        const result = await run(
          process.execPath,
          [
            'bin/tms-gen.js',
            '--contract',
            file,
            '--out',
            out,
            '--docs',
            join(dir, 'docs'),
            '--quiet',
          ],
          {
            cwd: REPO,
            env: { ...process.env, CI: 'true' },
            // a hang guard only: a run takes seconds, minutes on a heavily loaded machine
            timeout: HANG_GUARD_MS,
          },
        ).then(
          () => 'ok',
          (e: { stderr?: string; killed?: boolean }) =>
            e.killed ? `no end after ${HANG_GUARD_MS} ms (hang guard)` : (e.stderr ?? String(e)),
        );
        expect(result, `contract ${file} (seed ${SEED}, sample ${i})`).toBe('ok');
        outs.push({ out, file });
      }
      const tsconfig = join(work, 'tsconfig.json');
      writeFileSync(
        tsconfig,
        JSON.stringify({
          extends: join(REPO, 'tsconfig.json'),
          compilerOptions: { noEmit: true, typeRoots: [join(REPO, 'node_modules/@types')] },
          include: outs.map((o) => `${o.out}/**/*.ts`),
          exclude: [],
        }),
      );
      const tsc = await run(
        process.execPath,
        [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', tsconfig],
        { maxBuffer: 16 << 20 },
      ).then(
        () => '',
        (e: { stdout?: string }) => e.stdout ?? String(e),
      );
      expect(tsc).toBe('');
      const modules = outs.flatMap((o) =>
        ['operations.ts', 'client.ts', 'server.ts', 'validators.js'].map(
          (f) => 'file://' + join(o.out, f),
        ),
      );
      const script = join(work, 'import-all.mjs');
      writeFileSync(
        script,
        `for (const m of ${JSON.stringify(modules)}) await import(m);\nconsole.log(JSON.stringify({ pwned: globalThis.__pwned ?? null }));\n`,
      );
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { cwd: REPO });
      expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ pwned: null });
    },
    8 * HANG_GUARD_MS,
  );
});
