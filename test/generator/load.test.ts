/**
 * Broken contracts get clear messages: each names the file, line and JSON pointer of the place,
 * and loading collects every problem in one pass.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../generator/common/contract-error.js';
import { loadContract } from '../../generator/load/index.js';
import { asciiJson, mayHoldLevelKeys } from '../../generator/load/source-files.js';
import { LEVEL_KEYS } from '../../generator/model/levels.js';

const fixture = (name: string) => `test/fixtures/broken/${name}`;

async function problemsOf(file: string): Promise<string[]> {
  const result = await loadContract(file);
  expect(result.ok, `${file} should not load`).toBe(false);
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('loadContract on broken documents', () => {
  it('names a $ref that points to nothing, with file, line and pointer', async () => {
    const [first, ...rest] = await problemsOf(fixture('bad-ref.yaml'));
    expect(rest).toEqual([]);
    expect(first).toContain('test/fixtures/broken/bad-ref.yaml:13');
    expect(first).toContain('#/paths/~1things/get/responses/200/content/application~1json/schema');
    expect(first).toContain("'#/components/schemas/Thingy' points to nothing");
  });

  it('names a missing file behind an external $ref, at the line of the ref', async () => {
    const problems = await problemsOf(fixture('split/root.yaml'));
    expect(problems.join('\n')).toMatch(
      /split\/paths\.yaml:10:\d+ .*'\.\/missing\.yaml#\/Thing': cannot read/,
    );
  });

  it('catches schema typos that swagger-parser lets through, both of them', async () => {
    const problems = await problemsOf(fixture('schema-typo.yaml'));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /schema-typo\.yaml:20:\d+ #\/components\/schemas\/Thing\/properties\/tags\/type: .*allowed values/,
    );
    expect(problems[1]).toMatch(
      /schema-typo\.yaml:22:\d+ #\/components\/schemas\/Thing\/properties\/name\/tpye: unknown keyword 'tpye'/,
    );
  });

  it('reports a duplicate operationId at the second occurrence and names the first', async () => {
    const [problem] = await problemsOf(fixture('duplicate-id.yaml'));
    expect(problem).toContain('duplicate-id.yaml:6');
    expect(problem).toContain(
      "#/paths/~1things/get/operationId: duplicate operationId 'listThings' (also at #/paths/~1other-things/get)",
    );
  });

  it('reports YAML syntax errors with line and column', async () => {
    const [problem] = await problemsOf(fixture('yaml-syntax.yaml'));
    expect(problem).toMatch(/yaml-syntax\.yaml:3:1 /);
  });

  it('reports OpenAPI structure errors (swagger-parser) with the pointer and file line', async () => {
    const problems = await problemsOf(fixture('missing-description.yaml'));
    expect(problems.join('\n')).toMatch(
      /missing-description\.yaml:8:\d+ #\/paths\/~1things\/get\/responses\/200: must have required property 'description'/,
    );
  });

  it('refuses a document that is not OpenAPI 3.x', async () => {
    const [problem] = await problemsOf(fixture('swagger2.yaml'));
    expect(problem).toContain('only OpenAPI 3.0 and 3.1 documents are supported');
  });

  it('reports a malformed x-history entry with its pointer', async () => {
    const problems = await problemsOf(fixture('bad-history.yaml'));
    expect(problems.join('\n')).toContain(
      '#/paths/~1things/get/x-history/0: x-history entry must be',
    );
  });
});

describe('loadContract on valid documents', () => {
  it('loads the project contract without problems', async () => {
    const result = await loadContract('openapi/openapi.yaml');
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    expect(result.contract.model.operations).toHaveLength(22);
  });
});

describe('a remote $ref', () => {
  it('is refused with its place and never fetched (a live server sees no request)', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end('{"type":"string"}');
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), 'tms-remote-ref-'));
    try {
      const file = join(dir, 'openapi.yaml');
      writeFileSync(
        file,
        [
          'openapi: 3.1.0',
          'info: {title: T, version: "1"}',
          `x-extra: {$ref: '${base}/extra.json'}`,
          'paths: {}',
          'components:',
          '  schemas:',
          `    Remote: {$ref: '${base}/schemas.json#/Thing'}`,
          '',
        ].join('\n'),
      );
      const result = await loadContract(file);
      expect(result.ok).toBe(false);
      const lines = result.ok ? [] : result.problems.map(formatProblem);
      expect(lines).toHaveLength(2);
      expect(lines.join('\n')).toMatch(
        /openapi\.yaml:3:\d+ #\/x-extra: \$ref '.*' is remote: never fetched/,
      );
      expect(lines.join('\n')).toMatch(
        /openapi\.yaml:7:\d+ #\/components\/schemas\/Remote: \$ref '.*' is remote: never fetched/,
      );
      expect(requests).toBe(0);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Every refusal says which rule it enforces: a clause of the specification with its section
 * (`OpenAPI 3.1.0 §4.8.10 ...`), of JSON, YAML or a URI RFC, or tms-gen's own rule or limit
 * said as such. Every broken and hostile fixture that is refused is checked, so a new kind of
 * refusal without a clause fails here.
 */
describe('loader verdicts cite their clause', () => {
  const CITES =
    /^(OpenAPI 3\.[01]\.\d( §[34]\.\d+(\.\d+)? |: the specification's schema)|OpenAPI 3\.1\.0 §4\.8\.\d+ \/ 3\.0\.3 §4\.7\.\d+ |OpenAPI Reference Object|YAML 1\.2\.2|RFC \d+|tms-gen|a tms-gen)/;
  const refused = [
    ...readdirSync('test/fixtures/broken')
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .map((f) => `test/fixtures/broken/${f}`),
    'test/fixtures/broken/split/root.yaml',
    ...readdirSync('test/fixtures/hostile')
      .filter((f) => /^(ref|names|rule|yaml|types)-.*\.(ya?ml|json)$/.test(f))
      .map((f) => `test/fixtures/hostile/${f}`),
  ];

  it('each problem of each refused fixture carries a clause naming its source', async () => {
    let seen = 0;
    for (const file of refused) {
      const result = await loadContract(file);
      if (result.ok) continue;
      for (const problem of result.problems) {
        seen++;
        expect(problem.clause, `${file}: ${problem.message}`).toMatch(CITES);
        expect(formatProblem(problem), file).toContain(` — ${problem.clause}`);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(30);
  }, 120_000);

  it('OpenAPI clauses carry the section of the document version', async () => {
    const dup31 = await loadContract('test/fixtures/broken/duplicate-id.yaml');
    expect(dup31.ok ? '' : dup31.problems[0].clause).toMatch(
      /^OpenAPI 3\.1\.0 §4\.8\.10 Operation Object \(https:\/\/spec\.openapis\.org\/oas\/v3\.1\.0#operation-object\): operationId MUST be unique/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'tms-clause-'));
    try {
      const head = ['openapi: 3.0.3', 'info: {title: T, version: "1"}'];
      const clausesOf = async (name: string, lines: string[]) => {
        writeFileSync(join(dir, name), [...head, ...lines, ''].join('\n'));
        const result = await loadContract(join(dir, name));
        return result.ok ? [] : result.problems.map((p) => p.clause);
      };
      expect(
        await clausesOf('dup.yaml', [
          'paths:',
          '  /a: {get: {operationId: x, responses: {"200": {description: ok}}}}',
          '  /b: {get: {operationId: x, responses: {"200": {description: ok}}}}',
        ]),
      ).toEqual([expect.stringMatching(/^OpenAPI 3\.0\.3 §4\.7\.10 Operation Object \(/)]);
      // A $ref that does not resolve stops bundling, before the version is read: both sections.
      expect(
        await clausesOf('ref.yaml', [
          'paths: {}',
          'components:',
          '  schemas:',
          "    Gone: {$ref: '#/components/schemas/Nowhere'}",
        ]),
      ).toEqual([
        expect.stringMatching(/§4\.8\.23 \/ 3\.0\.3 §4\.7\.23 Reference Object.*RFC 6901 §7/),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what the specification only recommends is a warning, not a refusal', () => {
  it.each([
    ['3.0.3', 'rule-duplicate-enum-30.yaml'],
    ['3.1.0', 'rule-duplicate-enum-31.yaml'],
  ])('duplicate enum items under %s load, with a warning citing the SHOULD', async (_v, name) => {
    const result = await loadContract(`test/fixtures/hostile/${name}`);
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    const warnings = result.contract.warnings.join('\n');
    expect(warnings).toMatch(/enum lists \d+ values? twice; the copies are ignored/);
    expect(warnings).toContain('SHOULD be unique');
  });
});

describe('the feature-level keys, found or surely absent', () => {
  const docWith = (historyKey: string) =>
    `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"operationId":"getA","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","properties":{"n":{"type":"string","${historyKey}":[{"level":7,"change":"added","note":"n came"}]}}}}}}}}}}}`;
  const load = async (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'tms-levelkeys-'));
    try {
      writeFileSync(join(dir, 'api.json'), text);
      const result = await loadContract(join(dir, 'api.json'));
      if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
      return result.contract.model;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('reads x-history whether spelled out or through a JSON escape', async () => {
    for (const key of ['x-history', 'x-hist\\u006fry']) {
      const model = await load(docWith(key));
      expect(model.newestLevel, key).toBe(7);
      expect(Object.keys(model.levelFacts), key).toHaveLength(1);
    }
  });

  it('finds no level in a document without them (the model skips its walks)', async () => {
    const model = await load(docWith('x-note'));
    expect(model.newestLevel).toBe(0);
    expect(model.levelFacts).toEqual({});
  });

  it('says a text may hold one unless none is spelled and no escape could spell one', () => {
    expect(mayHoldLevelKeys('{"a":1}', true)).toBe(false);
    expect(mayHoldLevelKeys('{"x-removed":true}', true)).toBe(true);
    expect(mayHoldLevelKeys('{"x-enum-history":{}}', true)).toBe(true);
    expect(mayHoldLevelKeys('{"a":"\\u0041"}', true)).toBe(true);
    expect(mayHoldLevelKeys('a: "x-hist\\\nory"', false)).toBe(true);
    expect(mayHoldLevelKeys('a: b', false)).toBe(false);
  });

  it('scans for every key the level readers read (model/levels.ts, model/level-facts.ts)', () => {
    const read = new Set<string>();
    for (const file of ['generator/model/levels.ts', 'generator/model/level-facts.ts'])
      for (const m of readFileSync(file, 'utf8').matchAll(/'(x-[a-z-]+)'/g)) read.add(m[1]);
    expect(read.size).toBeGreaterThan(0);
    for (const key of read) {
      expect(LEVEL_KEYS, key).toContain(key);
      expect(mayHoldLevelKeys(`{"${key}":1}`, true), key).toBe(true);
    }
  });
});

describe('a JSON text read as ASCII with escapes', () => {
  const both = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return { ascii: asciiJson(bytes.toString('latin1'), bytes), utf8: text };
  };

  it('parses to the same value as the UTF-8 text', () => {
    for (const text of [
      '{"a":"plain"}',
      '{"héllo":"wörld 😀","list":["ü","\\\\ ü","€x€"],"n":1}',
      '{"a":"\\u00e9 and é"}',
      '"😀"',
    ]) {
      const { ascii, utf8 } = both(text);
      expect(ascii, text).toBeDefined();
      expect(
        [...ascii!].every((c) => c.charCodeAt(0) < 128),
        text,
      ).toBe(true);
      expect(JSON.parse(ascii!), text).toEqual(JSON.parse(utf8));
    }
  });

  it('steps aside where an escape would be read differently, and keeps invalid JSON invalid', () => {
    expect(both('{"a":"\\é"}').ascii).toBeUndefined();
    const invalid = both('{é:1}').ascii;
    expect(invalid).toBeDefined();
    expect(() => JSON.parse(invalid!)).toThrow();
  });

  it('still places a problem by line in a JSON file with non-ASCII text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tms-ascii-'));
    try {
      const file = join(dir, 'api.json');
      writeFileSync(
        file,
        '{\n"openapi": "3.0.3",\n"info": {"title": "Grüße 😀", "version": "1"},\n"paths": {"/a": {"get": {"responses": {"200": {"description": "é", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Nope"}}}}}}}}\n}\n',
      );
      const result = await loadContract(file);
      expect(result.ok).toBe(false);
      const text = result.ok ? '' : result.problems.map(formatProblem).join('\n');
      expect(text).toMatch(/api\.json:4:\d+ .*points to nothing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the bundle of a JSON document with local refs only', () => {
  it('is the parsed document itself (no copy), with the same refs; an external ref is still inlined', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tms-bundle-keep-'));
    try {
      const doc = (schema: unknown) =>
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 't', version: '1' },
          paths: {
            '/a': {
              get: {
                operationId: 'getA',
                responses: {
                  '200': { description: 'ok', content: { 'application/json': { schema } } },
                },
              },
            },
          },
          components: { schemas: { A: { type: 'string' } } },
        });
      writeFileSync(join(dir, 'local.json'), doc({ $ref: '#/components/schemas/A' }));
      writeFileSync(join(dir, 'b.json'), JSON.stringify({ B: { type: 'integer' } }));
      writeFileSync(join(dir, 'external.json'), doc({ $ref: './b.json#/B' }));
      const local = await loadContract(join(dir, 'local.json'));
      if (!local.ok) throw new Error(local.problems.map(formatProblem).join('\n'));
      expect(local.contract.bundle.document).toBe(local.contract.bundle.files[0].data);
      const external = await loadContract(join(dir, 'external.json'));
      if (!external.ok) throw new Error(external.problems.map(formatProblem).join('\n'));
      const bundled = external.contract.bundle.document as any;
      expect(bundled.paths['/a'].get.responses['200'].content['application/json'].schema).toEqual({
        type: 'integer',
      });
      // the root file's own data is left as it was
      expect(
        (external.contract.bundle.files[0].data as any).paths['/a'].get.responses['200'].content[
          'application/json'
        ].schema,
      ).toEqual({ $ref: './b.json#/B' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
