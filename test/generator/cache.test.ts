/**
 * The output cache (generator/cache/index.ts) through the real CLI, on a small document: a
 * one-description edit recomputes only what depends on it (the run's cache summary says
 * which), the result is byte-identical to a cold run without cache, and a damaged or deleted
 * cache changes nothing but the time. Plus the model digests the keys are made of, and the
 * package step's shortcut for a declarations-only file.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotTree } from '../tms-gen-run.js';
import {
  compileIsolated,
  isolatedCompileOptions,
} from '../../generator/compile/package-compile.js';
import { typescript } from '../../generator/common/typescript-compiler.js';
import { loadContract } from '../../generator/load/index.js';
import { modelDigests } from '../../generator/model/digest.js';
import {
  restoreProse,
  tokenizedTypescriptView,
  typescriptView,
} from '../../generator/model/views/typescript.js';
import type { ApiModel } from '../../generator/model/types.js';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'tms-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function tmsGen(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/tms-gen.js', ...args], {
      maxBuffer: 64 << 20,
      env: { ...process.env, CI: 'true' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const cacheLine = (out: string) => /^cache: .*$/m.exec(out)?.[0] ?? '';

describe('tms-gen with an output cache', () => {
  const contract = join(work, 'api', 'openapi.yaml');
  const cache = join(work, 'cache');
  const outArgs = [
    '--contract',
    contract,
    '--out',
    join(work, 'a', 'gen'),
    '--docs',
    join(work, 'a', 'docs'),
  ];

  it(
    'redoes only what a description edit touches, byte-identical to a cold run, and survives a damaged or deleted cache',
    { timeout: 180_000 },
    async () => {
      cpSync('test/fixtures/media-types', join(work, 'api'), { recursive: true });
      const cold = await tmsGen([...outArgs, '--cache-dir', cache]);
      expect(cold.code, cold.out).toBe(0);
      expect(cacheLine(cold.out)).toMatch(
        /^cache: reused 0 of \d+ emitter outputs; ran types, .*validators/,
      );

      // One response description edited: its words are prose, which no validator carries.
      const text = readFileSync(contract, 'utf8');
      expect(text).toContain('description: The thing\n');
      writeFileSync(
        contract,
        text.replace('description: The thing\n', 'description: The thing, edited\n'),
      );
      const warm = await tmsGen([...outArgs, '--cache-dir', cache]);
      expect(warm.code, warm.out).toBe(0);
      const line = cacheLine(warm.out);
      // The validators and the runtime-independent compiles come from the cache; the outputs
      // that show descriptions (types' JSDoc, the Prism document, the docs) are produced again.
      expect(line).toMatch(/reused \d+ of \d+ emitter outputs \(.*validators.*\)/);
      expect(line).toMatch(/; ran [^;]*\btypes\b[^;]*\bdocs\b/);
      expect(line).not.toMatch(/; ran [^;]*validators/);
      // inside the types emitter, openapi-typescript's work is reused (prose goes back in after)
      expect(line).toMatch(/steps reused: [^;]*types\/openapi-typescript/);
      expect(line).toMatch(/TypeScript files, reused [1-9]\d*;/); // some TypeScript files were not compiled again
      expect(readFileSync(join(work, 'a', 'docs', 'index.html'), 'utf8').length).toBeGreaterThan(0);
      const incremental = snapshotTree(join(work, 'a'));
      expect(JSON.stringify(incremental)).toContain(
        Buffer.from('The thing, edited').toString('base64').slice(0, 8),
      );

      // A cold run without the cache on the edited document: the same bytes.
      renameSync(join(work, 'a'), join(work, 'a-incremental'));
      const reference = await tmsGen([...outArgs, '--no-cache']);
      expect(reference.code, reference.out).toBe(0);
      expect(cacheLine(reference.out)).toBe('');
      expect(snapshotTree(join(work, 'a'))).toEqual(incremental);

      // A damaged cache: every entry truncated or overwritten. Misses, same output.
      // (the writer's manifests too; its trash/ folder of replaced trees is no entry)
      const entries = readdirSync(cache).filter((name) => statSync(join(cache, name)).isFile());
      expect(entries.length).toBeGreaterThan(3);
      expect(entries.filter((name) => name.endsWith('.manifest')).length).toBe(2);
      entries.forEach((name, i) => {
        const file = join(cache, name);
        if (i % 2 === 0) writeFileSync(file, readFileSync(file).subarray(0, 100));
        else {
          const bytes = readFileSync(file);
          bytes[bytes.length - 2] ^= 1; // one flipped bit in the payload
          writeFileSync(file, bytes);
        }
      });
      const damaged = await tmsGen([...outArgs, '--cache-dir', cache]);
      expect(damaged.code, damaged.out).toBe(0);
      expect(cacheLine(damaged.out)).toMatch(/^cache: reused 0 of/);
      expect(snapshotTree(join(work, 'a'))).toEqual(incremental);

      // A deleted cache: `--check` finds everything up to date, and fills the cache again.
      rmSync(cache, { recursive: true, force: true });
      const check = await tmsGen([...outArgs, '--cache-dir', cache, '--check']);
      expect(check.code, check.out).toBe(0);
      expect(check.out).toContain('generated files are up to date');
      expect(readdirSync(cache).length).toBeGreaterThan(3);

      // One operation's description edited (the cache was filled by --check): the outputs keyed
      // without operation descriptions and the other docs pieces are served, the words reach
      // the output, and the bytes are a cold run's.
      // (A description added is a change of structure, not of words: the run before the edit.)
      const current = readFileSync(contract, 'utf8');
      expect(current).toContain('      summary: Get a thing\n');
      const withDescription = (words: string) =>
        current.replace(
          '      summary: Get a thing\n',
          `      summary: Get a thing\n      description: ${words}\n`,
        );
      writeFileSync(contract, withDescription('Reads one thing.'));
      expect((await tmsGen([...outArgs, '--cache-dir', cache])).code).toBe(0);
      writeFileSync(contract, withDescription('Reads one thing, freshly worded.'));
      const edited = await tmsGen([...outArgs, '--cache-dir', cache]);
      expect(edited.code, edited.out).toBe(0);
      const editedLine = cacheLine(edited.out);
      expect(editedLine).toMatch(/\(.*\boperations\b.*\bserver\b.*\bmsw\b.*\)/);
      // two operations: the other one's page, the schema pages and the site's six other pages
      // and scripts (no nav.js on a small site) come from the cache
      expect(editedLine).toMatch(/steps reused: [^;]*docs\/8 pieces/);
      // the MCP tool table's schemas are kept; only the tools' words are made again
      expect(editedLine).toMatch(/steps reused: [^;]*mcp\/tool-schemas-by-operation-descriptions/);
      expect(editedLine).toMatch(/; ran [^;]*\bdocs\b/);
      const withCache = snapshotTree(join(work, 'a'));
      expect(readFileSync(join(work, 'a', 'gen', 'client.d.ts'), 'utf8')).toContain(
        'freshly worded',
      );
      rmSync(join(work, 'a'), { recursive: true, force: true });
      const coldEdited = await tmsGen([...outArgs, '--no-cache']);
      expect(coldEdited.code, coldEdited.out).toBe(0);
      expect(snapshotTree(join(work, 'a'))).toEqual(withCache);
    },
  );
});

describe("the types' prose tokens (model/views/typescript-prose.ts)", () => {
  it(
    'give what openapi-typescript gives from the words themselves',
    { timeout: 60_000 },
    async () => {
      const file = join(work, 'prose.yaml');
      const description = (text: string) => JSON.stringify(text);
      writeFileSync(
        file,
        [
          'openapi: 3.0.3',
          'info: { title: Prose, version: "1" }',
          'paths:',
          '  /a:',
          '    get:',
          '      operationId: getA',
          `      summary: ${description('One line with */ inside')}`,
          `      description: ${description('Two lines\r\nand a */ and a trailing star *')}`,
          '      parameters:',
          `        - { name: q, in: query, description: ${description('  padded  ')}, schema: { type: string, description: "" } }`,
          '      responses:',
          '        "200":',
          `          description: ${description('ok  \n\nwith a blank line')}`,
          '          content:',
          '            application/json:',
          '              schema: { $ref: "#/components/schemas/Pet" }',
          'components:',
          '  schemas:',
          '    Pet:',
          '      type: object',
          `      description: ${description('A pet.\n  Indented, */ twice */.')}`,
          '      discriminator: { propertyName: kind }',
          '      properties:',
          `        kind: { type: string, description: ${description('Which kind\u2028of pet')} }`,
          `        description: { type: string, description: ${description('a property named description')}, example: { description: "data" } }`,
          '    Cat:',
          '      allOf: [{ $ref: "#/components/schemas/Pet" }, { type: object, properties: { lives: { type: integer } } }]',
        ].join('\n') + '\n',
      );
      const loaded = await loadContract(file);
      expect(loaded.ok, JSON.stringify(loaded.ok ? [] : loaded.problems)).toBe(true);
      if (!loaded.ok) return;
      const { default: openapiTS, astToString } = await import('openapi-typescript');
      const run = async (document: unknown) =>
        astToString(
          await openapiTS(document as never, {
            alphabetize: false,
            defaultNonNullable: false,
            rootTypes: true,
            rootTypesNoSchemaPrefix: true,
            silent: true,
          }),
        );
      const tokenized = tokenizedTypescriptView(loaded.contract.model);
      expect(tokenized).toBeDefined();
      expect(tokenized!.json).not.toContain('A pet.');
      expect(tokenized!.json).toContain('Which kind'); // a U+2028 line break: kept as words
      const direct = await run(typescriptView(loaded.contract.model));
      expect(direct).toContain('*\\/'); // the escaped comment end is in there
      expect(restoreProse(await run(tokenized!.document), tokenized!.prose)).toBe(direct);
    },
  );
});

describe('model digests (the cache keys)', () => {
  const model = (document: unknown, description = 'Fetch a thing') =>
    ({
      sourceFile: 'x.yaml',
      operations: [{ id: 'getThing', description, parameters: [] }],
      document,
    }) as unknown as ApiModel;

  it('ignore the words of a description but not its presence, nor data that looks like one', () => {
    const base = modelDigests(
      model({ components: { schemas: { A: { const: { description: 'a' } } } } }),
    );
    const reworded = modelDigests(
      model({ components: { schemas: { A: { const: { description: 'a' } } } } }, 'Fetch one thing'),
    );
    expect(reworded.withoutProse).toBe(base.withoutProse);
    expect(reworded.whole).not.toBe(base.whole);
    // a `const` (data) whose member is called description: its value counts
    const otherConst = modelDigests(
      model({ components: { schemas: { A: { const: { description: 'b' } } } } }),
    );
    expect(otherConst.withoutProse).not.toBe(base.withoutProse);
    // a property named description is a schema, not prose
    const prop = (type: string) =>
      modelDigests(model({ properties: { description: { type } } })).withoutProse;
    expect(prop('string')).not.toBe(prop('integer'));
    // a description removed is a change (a response must have one)
    const absent = model({});
    delete (absent.operations[0] as { description?: string }).description;
    expect(modelDigests(absent).withoutProse).not.toBe(modelDigests(model({})).withoutProse);
  });
});

describe('the package step for a declarations-only file', () => {
  it('gives what the TypeScript compiler gives for the project types', () => {
    const source = readFileSync('generated/types.ts', 'utf8');
    const banner = source.slice(0, source.indexOf('\n') + 1);
    const fast = compileIsolated(source, 'types.ts', banner);
    const ts = typescript();
    const compilerOptions = isolatedCompileOptions(ts);
    const dts = ts.transpileDeclaration(source, {
      fileName: 'types.ts',
      compilerOptions,
    }).outputText;
    const js = ts.transpileModule(source, { fileName: 'types.ts', compilerOptions }).outputText;
    // the compiler drops the banner line (it heads nothing it keeps); compileIsolated puts it back
    expect(fast.dts).toBe(dts.startsWith(banner) ? dts : banner + dts);
    expect(fast.js).toBe(js.startsWith(banner) ? js : banner + js);
    // anything with a value at the top level takes the compiler's path
    const withValue = compileIsolated(`${source}export const x: number = 1;\n`, 'types.ts', banner);
    expect(withValue.js).toContain('export const x = 1;');
  });
});
