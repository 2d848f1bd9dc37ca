/**
 * The validators split by use: one module per operation, one per shared schema, each compiled
 * function written once; an operation's module loads only its closure and answers synchronously
 * under plain Node; the index loads an operation's modules on first use (the bundle, up front);
 * a contract change touches only the modules of what changed, in a few lines.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileValidators, validatorsEmitter } from '../../generator/emit/validators.js';
import type { ApiModel } from '../../generator/model/types.js';
import { emitValidators, loadModel, runtimeValidators } from './harness.js';

let model: ApiModel;
let dir: string;
let files: Map<string, string>;
beforeAll(async () => {
  model = await loadModel('openapi/openapi.yaml');
  dir = await emitValidators(model, 'tms-validators-split-');
  files = await emitted(model);
});

async function emitted(m: ApiModel): Promise<Map<string, string>> {
  const out = await validatorsEmitter.emit({
    model: m,
    outDir: '',
    docsDir: '',
    runtimeImport: './runtime',
    command: 'test',
    warn: () => {},
  });
  return new Map(out.map((f) => [f.path, String(f.contents)]));
}

const importsOf = (source: string) =>
  [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);

/** Module paths (under validators/) a module loads, itself included. */
function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const path = stack.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const base = path.split('/').slice(0, -1);
    for (const spec of importsOf(files.get(`validators/${path}`)!)) {
      // The runtime is the bindings' own runtime/ folder, outside validators/.
      if (spec.endsWith('/runtime/validators.js')) continue;
      const parts = [...base];
      for (const seg of spec.split('/')) {
        if (seg === '..') parts.pop();
        else if (seg !== '.') parts.push(seg);
      }
      stack.push(parts.join('/'));
    }
  }
  return seen;
}

describe('layout', () => {
  it('one module per operation, importing only the runtime, the helpers and shared schemas', () => {
    const ops = [...files.keys()].filter((p) => /^validators\/ops\/.*\.js$/.test(p));
    expect(ops.length).toBe(model.operations.length);
    for (const op of ops)
      for (const spec of importsOf(files.get(op)!))
        expect(spec, op).toMatch(
          /^(\.\.\/\.\.\/runtime\/validators|\.\.\/helpers|\.\.\/schemas\/[^/]+)\.js$/,
        );
  });

  it('shared schema modules import only shared schemas and the helpers, never an operation', () => {
    const shared = [...files.keys()].filter((p) => /^validators\/schemas\/.*\.js$/.test(p));
    expect(shared.length).toBeGreaterThan(20);
    for (const path of shared)
      for (const spec of importsOf(files.get(path)!))
        expect(spec, path).toMatch(/^\.\.\/(helpers|schemas\/[^/]+)\.js$/);
  });

  it('each compiled function is written once: a schema shared by operations is imported, not copied', () => {
    const compiled = compileValidators(model);
    const written = [...compiled.modules.values()].reduce(
      (n, source) => n + (source.match(/^function f_\d+\(/gm) ?? []).length,
      0,
    );
    expect(written).toBe(compiled.stats.functions);
    const users = [...files.entries()].filter(
      ([path, source]) =>
        path.startsWith('validators/ops/') && source.includes('"../schemas/ErrorEnvelope.js"'),
    );
    expect(users.length).toBeGreaterThan(10);
  });

  it("an operation's module loads its closure only", () => {
    const all = [...files.keys()].filter((p) => /^validators\/.*\.js$/.test(p));
    const mine = closure('ops/getMessages.js');
    expect(mine.has('schemas/Message.js')).toBe(true);
    expect(mine.has('schemas/User.js')).toBe(false); // getMessages answers no users
    expect(mine.size).toBeLessThan(all.length / 2);
  });
});

describe('synchronous entry points', () => {
  it('an operation module, imported by plain Node, answers synchronously', () => {
    const file = join(dir, 'validators', 'ops', 'getMessages.js');
    const script = `import(${JSON.stringify(file)}).then((m) => {
      const bad = m.validateResponse(200, { result: 'success', msg: '' });
      const good = m.validateRequest({ query: { anchor: 'newest' } }, { featureLevel: 299 });
      console.log(JSON.stringify({ bad, good, isPromise: typeof bad.then === 'function' }));
    })`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
    expect(out.isPromise).toBe(false);
    expect(out.bad.valid).toBe(false);
    expect(out.good).toEqual({ valid: true });
  });

  it('the modules import the one compiled runtime copied beside the bindings, not a copy of their own', () => {
    const op = readFileSync(join(dir, 'validators', 'ops', 'getMessages.js'), 'utf8');
    expect(op).toContain('from "../../runtime/validators.js"');
    expect(existsSync(join(dir, 'validators', 'runtime.js'))).toBe(false);
    const runtime = readFileSync(join(dir, 'runtime', 'validators.js'), 'utf8');
    expect(runtime).toMatch(/export function validateOperationRequest\(op, input, options\)/);
    expect(runtime).not.toMatch(/: OperationValidators/); // types removed
  });
});

/** Runs `script` as an ES module under plain Node (no vitest transform); parses what it prints. */
function plainNode(script: string): unknown {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out.trim());
}

describe('the index loads lazily, the bundle up front', () => {
  it("importing the index loads no operation's module; one operation's first use loads its closure only", async () => {
    const lazy = await emitValidators(model, 'tms-validators-lazy-');
    // Modules getMessages does not need, planted to fail if anything loads them.
    const planted = ['ops/getUsers.js', 'schemas/User.js', 'ops/sendMessage.js'];
    for (const path of planted)
      writeFileSync(
        join(lazy, 'validators', path),
        'throw new Error("loaded " + import.meta.url);\n',
      );
    const index = JSON.stringify(join(lazy, 'validators.js'));
    const out = plainNode(`
      const v = await import(${index});
      const good = v.validateResponse('getMessages', 200, { result: 'success', msg: '', found_newest: true, found_oldest: true, found_anchor: true, history_limited: false, messages: [] });
      const bad = v.validateRequest('getMessages', { query: { anchor: 42.5 } });
      const tryIt = (f) => { try { f(); return 'no error'; } catch (e) { return String(e.message); } };
      console.log(JSON.stringify({
        good, bad: bad.valid,
        users: tryIt(() => v.validateResponse('getUsers', 200, {})),
        guard: tryIt(() => v.isUser({})),
        unknown: tryIt(() => v.validateRequest('noSuchOperation', {})),
      }));`) as Record<string, unknown>;
    expect(out.good).toEqual({ valid: true });
    expect(out.bad).toBe(false);
    expect(out.users).toMatch(/loaded .*ops\/getUsers\.js/); // loaded on demand, not before
    expect(out.guard).toMatch(/loaded .*schemas\/User\.js/);
    expect(out.unknown).toBe('unknown operationId "noSuchOperation"');
  });

  it('without Node (a browser bundle) the first use says to import the bundle', () => {
    const index = JSON.stringify(join(dir, 'validators.js'));
    const out = plainNode(`
      process.getBuiltinModule = undefined;
      const v = await import(${index});
      let message = 'no error';
      try { v.validateResponse('getMessages', 200, {}); } catch (e) { message = e.message; }
      console.log(JSON.stringify({ message }));`) as { message: string };
    expect(out.message).toMatch(/without Node \(a browser bundle\) import validators\/bundle\.js/);
  });

  it('the bundle imports every module up front and answers as the index does', () => {
    const bundle = files.get('validators/bundle.js')!;
    const modules = [...files.keys()].filter((p) => /^validators\/(ops|schemas)\/.*\.js$/.test(p));
    for (const path of modules)
      expect(bundle, path).toContain(`from "./${path.slice('validators/'.length)}"`);
    const calls = `[
      v.validateResponse('getMessages', 200, { result: 'success', msg: '' }),
      v.validateRequest('sendMessage', { body: { type: 'channel', to: 7 } }, { featureLevel: 100 }),
      v.validators.Message({ id: 'x' }),
      v.isUser({}),
      Object.keys(v.validators).length,
    ]`;
    const run = (file: string) =>
      plainNode(
        `const v = await import(${JSON.stringify(join(dir, file))}); console.log(JSON.stringify(${calls}));`,
      );
    const fromBundle = run('validators/bundle.js') as unknown[];
    expect(fromBundle).toEqual(run('validators.js'));
    expect((fromBundle[0] as { valid: boolean }).valid).toBe(false); // not vacuous
    expect(fromBundle[4]).toBe(model.schemas.length);
  });
});

describe('as fast as Ajv at run time', () => {
  it('a shared schema is called through a module constant, never through its import binding', () => {
    for (const [path, source] of files) {
      if (!/^validators\/(ops|schemas)\//.test(path)) continue;
      const imported = [...source.matchAll(/\bas (i_\d+)\b/g)].map((m) => m[1]);
      for (const name of imported) {
        expect(source, path).toMatch(new RegExp(`\\bf_${name.slice(2)} = ${name}\\b`));
        expect(source, path).not.toMatch(new RegExp(`\\b${name}\\.call\\(`));
      }
    }
  });

  it("a long required list loops only behind one test of plain reads, with Ajv's errors", () => {
    const source = files.get('validators/schemas/Subscription.js')!;
    const lines = source.split('\n');
    const loop = lines.findIndex((l) => /^for\(const prop\d+ of read_\d+\)\{$/.test(l));
    expect(loop).toBeGreaterThan(0);
    expect(lines[loop - 1]).toMatch(
      /^if\(data\.stream_id === undefined \|\| data\.name === undefined \|\| /,
    );
    // a subscription as the contract's register example gives it
    const register = model.operations.find((o) => o.id === 'registerQueue')!;
    const answer = register.responses.find((r) => r.status === '200')!.mediaTypes[0].examples[0]
      .value as { subscriptions: Record<string, unknown>[] };
    const runtime = runtimeValidators(model);
    const check = runtime.compile(runtime.targets.named.Subscription);
    const value = structuredClone(answer.subscriptions[0]);
    expect(check(value)).toBe(true);
    delete value.name;
    delete value.color;
    const script = `const v = await import(${JSON.stringify(join(dir, 'validators.js'))});
      console.log(JSON.stringify(v.validators.Subscription(${JSON.stringify(value)})));`;
    const generated = plainNode(script) as {
      valid: boolean;
      errors: { pointer: string; keyword: string }[];
    };
    expect(check(value)).toBe(false);
    const expected = check.errors!.map((e) => ({
      pointer: `${e.instancePath}/${String(e.params.missingProperty)}`,
      keyword: e.keyword,
    }));
    expect(generated.errors.map(({ pointer, keyword }) => ({ pointer, keyword }))).toEqual(
      expected,
    );
    expect(expected.map((e) => e.pointer).sort()).toEqual(['/color', '/name']);
  });
});

describe('reviewable output', () => {
  it('a change to one schema changes its module only, in a few lines of one statement each', async () => {
    const changed = structuredClone(model);
    // The model's document is opaque to emitters; a test may reach into its copy to plant a change.
    const components = (
      changed.document as unknown as { components: Record<string, Record<string, unknown>> }
    ).components.schemas;
    const reaction = components.Reaction as { properties: Record<string, unknown> };
    reaction.properties.emoji_name = { type: 'string', maxLength: 64 };
    const after = await emitted(changed);
    const differing = [...after.keys()].filter((p) => after.get(p) !== files.get(p));
    expect(differing).toEqual(['validators/schemas/Reaction.js']);
    const before = files.get('validators/schemas/Reaction.js')!.split('\n');
    const now = after.get('validators/schemas/Reaction.js')!.split('\n');
    const added = now.filter((line) => !before.includes(line));
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThan(8);
    expect(added.some((line) => /maxLength|> 64/.test(line))).toBe(true);
  });
});
