/**
 * What keeps the validators' worker small on huge documents (issue 19, Microsoft Graph) without
 * changing a byte of output: each function's error bookkeeping compacted as Ajv compiles it
 * (split-modules.ts, `compactErrorLiterals`, the first step of the module's own compaction), and
 * a slice of the model whose parameters share their unread fields (validator-targets.ts).
 * The output itself is held to be the same by validators-slice.test.ts and split.test.ts.
 */
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { validatorsSlice } from '../../generator/emit/validator-targets.js';
import { Ajv } from 'ajv';
import {
  compileValidators,
  flattenSources,
  type CompiledSource,
} from '../../generator/emit/validators.js';
import { compactErrorLiterals } from '../../generator/schema/compact-errors.js';
import { loadModel } from './harness.js';

/** Ajv's error literal and its seven lines of bookkeeping, as Ajv writes them. */
const ajvError = (name: string, path: string, params: string) =>
  [
    `const ${name} = {instancePath${path},schemaPath:"#/type",keyword:"type",params:${params}};`,
    'if(vErrors === null){',
    `vErrors = [${name}];`,
    '}',
    'else {',
    `vErrors.push(${name});`,
    '}',
    'errors++;',
  ].join('\n');

describe('error bookkeeping compacted as each function is compiled', () => {
  it('makes each of Ajv error blocks one addError statement and keeps every other line', () => {
    const code = [
      'if(typeof data !== "string"){',
      ajvError('err0', '', '{type: "string"}'),
      '}',
      ajvError('err1', ':instancePath+"/id"', '{allowedValues: schema20.enum}'),
      'return errors === 0;',
    ].join('\n');
    expect(compactErrorLiterals(code)).toBe(
      [
        'if(typeof data !== "string"){',
        'vErrors = addError(vErrors, instancePath, "#/type", "type", {type: "string"});',
        'errors++;',
        '}',
        'vErrors = addError(vErrors, instancePath+"/id", "#/type", "type", {allowedValues: schema20.enum});',
        'errors++;',
        'return errors === 0;',
      ].join('\n'),
    );
  });

  it('leaves a block that is not exactly Ajv shape as it is, and is idempotent', () => {
    const changed = ajvError('err0', '', '{}').replace(
      'vErrors.push(err0);',
      'vErrors.push(err1);',
    );
    expect(compactErrorLiterals(changed)).toBe(changed);
    const once = compactErrorLiterals(ajvError('err3', '', '{}'));
    expect(compactErrorLiterals(once)).toBe(once);
  });

  it('is done to each function as it is compiled (flattenSources), before any module exists', () => {
    const ajv = new Ajv({ allErrors: true, code: { source: true, lines: true } });
    const fn = ajv.compile({
      type: 'object',
      properties: { a: { type: 'string' }, b: { $ref: '#/$defs/b' } },
      $defs: { b: { enum: ['x', 'y'] } },
    }) as unknown as CompiledSource;
    const code = (f: CompiledSource) => f.source!.validateCode;
    expect(code(fn)).toContain('if(vErrors === null){');
    flattenSources(fn, new WeakSet());
    expect(code(fn)).toContain('addError(');
    expect(code(fn)).not.toContain('if(vErrors === null){');
  });

  it("gives our contract's compiled modules with no Ajv error block left in them", async () => {
    const compiled = compileValidators(await loadModel('openapi/openapi.yaml'));
    const modules = [...compiled.modules.values()].join('\n');
    expect(modules).toContain('addError(');
    expect(modules).not.toContain('if(vErrors === null){');
  });
});

describe("the validators' slice of the model", () => {
  it('shares the parameter fields the validators never read, and clones smaller', async () => {
    const model = await loadModel('openapi/openapi.yaml');
    const slice = validatorsSlice(model);
    const parameters = slice.operations.flatMap((o) => o.parameters);
    expect(parameters.length).toBeGreaterThan(20);
    // one list and one object for all (the structured clone keeps them one)
    expect(new Set(parameters.map((p) => p.examples)).size).toBe(1);
    expect(new Set(parameters.map((p) => p.limits)).size).toBe(1);
    expect(parameters.every((p) => p.pointer === '')).toBe(true);
    // a lifecycle with something in it is kept as it is (the level windows read it)
    const kept = parameters.filter((p) => p.lifecycle.history.length > 0);
    expect(kept.length).toBeGreaterThan(0);
    const byName = new Map(
      model.operations.flatMap((o) => o.parameters.map((p) => [`${o.id} ${p.in} ${p.name}`, p])),
    );
    for (const op of slice.operations)
      for (const p of op.parameters)
        if (p.lifecycle.history.length > 0)
          expect(p.lifecycle).toBe(byName.get(`${op.id} ${p.in} ${p.name}`)!.lifecycle);
    expect(serialize(structuredClone(slice)).length).toBeLessThan(serialize(model).length / 2);
  });
});
