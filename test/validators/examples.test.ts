/**
 * Every example of the contract passes its generated validator; examples broken on purpose
 * (wrong type, missing required field, value outside an enum, null where not nullable) fail
 * with the pointer of what was broken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../generator/model/types.js';
import {
  emitValidators,
  exampleCases,
  importValidators,
  loadModel,
  type ValidatorsModule,
} from './harness.js';

let model: ApiModel;
let v: ValidatorsModule;
beforeAll(async () => {
  model = await loadModel('openapi/openapi.yaml');
  v = await importValidators(await emitValidators(model));
});

describe('contract examples', () => {
  it('every example validates against its schema', () => {
    const cases = exampleCases(model);
    expect(cases.length).toBeGreaterThan(50);
    const failures = cases
      .map((c) => ({ label: c.label, result: c.check(v, c.value) }))
      .filter((f) => !f.result.valid)
      .map((f) => `${f.label}: ${JSON.stringify(f.result.errors)}`);
    expect(failures).toEqual([]);
  });

  it("examples with a top-level property removed: fail on it when the schema's `required` lists it, pass when no branch does", () => {
    let required = 0;
    let optional = 0;
    for (const c of exampleCases(model)) {
      if (!isObject(c.value)) continue;
      const { must, some } = requiredOf(c.schema, model);
      for (const key of Object.keys(c.value)) {
        const { [key]: _removed, ...rest } = c.value;
        const result = c.check(v, rest);
        const ptr = c.label.includes(' body ') ? `/body/${esc(key)}` : `/${esc(key)}`;
        if (must.has(key)) {
          required++;
          expect(
            !result.valid &&
              result.errors.some((e) => e.pointer === ptr && e.keyword === 'required'),
            `${c.label} without ${key} (required): ${JSON.stringify(result.errors)}`,
          ).toBe(true);
        } else if (!some.has(key)) {
          optional++;
          expect(
            result.valid,
            `${c.label} without ${key} (optional): ${JSON.stringify(result.errors)}`,
          ).toBe(true);
        } // required by some branches of a union only: which one the value takes decides
      }
    }
    // every response has `result` and `msg`: most removals are of required properties
    expect(required).toBeGreaterThan(40);
    expect(optional).toBeGreaterThan(10);
  });

  it('examples with a property of the wrong type or null fail at that property', () => {
    let caught = 0;
    for (const c of exampleCases(model)) {
      if (!isObject(c.value)) continue;
      for (const [key, value] of Object.entries(c.value)) {
        for (const wrong of [typeof value === 'string' ? 12.5 : 'wrong', null]) {
          const result = c.check(v, { ...c.value, [key]: wrong });
          if (result.valid) continue; // the contract allows it (a union, a nullable field)
          caught++;
          const ptr = c.label.includes(' body ') ? `/body/${esc(key)}` : `/${esc(key)}`;
          expect(
            result.errors.some((e) => e.pointer === ptr || e.pointer.startsWith(ptr + '/')),
            `${c.label} ${key}=${JSON.stringify(wrong)}: ${JSON.stringify(result.errors)}`,
          ).toBe(true);
        }
      }
    }
    expect(caught).toBeGreaterThan(100);
  });
});

describe('named cases', () => {
  it('a success response without result fails at /result', () => {
    const r = v.validateResponse('getMessages', 200, { msg: '', messages: [] });
    expect(r.valid).toBe(false);
    if (!r.valid)
      expect(r.errors).toContainEqual(
        expect.objectContaining({ pointer: '/result', keyword: 'required' }),
      );
  });

  it('sendMessage with `to` of the wrong type says which types are allowed', () => {
    const r = v.validateRequest('sendMessage', {
      body: { type: 'channel', to: true, content: 'hi' },
    });
    expect(r).toEqual({
      valid: false,
      errors: [
        expect.objectContaining({
          pointer: '/body/to',
          message: expect.stringMatching(
            /^\/body\/to must be (integer|string|array)(, \w+)* or \w+$/,
          ),
        }),
      ],
    });
  });

  it('a value outside an enum fails with keyword enum', () => {
    const r = v.validateRequest('sendMessage', {
      body: { type: 'broadcast', to: 'general', content: 'hi', topic: 't' },
    });
    expect(r.valid).toBe(false);
    if (!r.valid)
      expect(r.errors).toContainEqual(
        expect.objectContaining({ pointer: '/body/type', keyword: 'enum' }),
      );
  });

  it('null where the contract does not allow it fails', () => {
    const r = v.validateResponse('sendMessage', 200, { result: 'success', msg: null, id: 1 });
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.errors.map((e) => e.pointer)).toContain('/msg');
  });

  it('open objects stay open: unknown response fields are accepted', () => {
    expect(
      v.validateResponse('sendMessage', 200, {
        result: 'success',
        msg: '',
        id: 1,
        something_new: [1],
      }),
    ).toEqual({ valid: true });
  });

  it('a missing required path parameter is reported at /path/<name>', () => {
    const op = model.operations.find((o) => o.parameters.some((p) => p.in === 'path'))!;
    const p = op.parameters.find((x) => x.in === 'path')!;
    const r = v.validateRequest(op.id as never, {});
    expect(r.valid).toBe(false);
    if (!r.valid)
      expect(r.errors).toContainEqual(
        expect.objectContaining({ pointer: `/path/${p.name}`, keyword: 'required' }),
      );
  });

  it('a required query parameter missing is reported at /query/<name>', () => {
    const op = model.operations.find((o) =>
      o.parameters.some((p) => p.in === 'query' && p.required),
    );
    if (!op) return expect(model.operations.length).toBeGreaterThan(0); // the contract has none
    const p = op.parameters.find((x) => x.in === 'query' && x.required)!;
    const r = v.validateRequest(op.id as never, { query: {} });
    expect(r.valid).toBe(false);
    if (!r.valid)
      expect(r.errors).toContainEqual(
        expect.objectContaining({ pointer: `/query/${p.name}`, keyword: 'required' }),
      );
  });

  it('picks the response by exact status, then range, then default; undocumented → keyword status', () => {
    const unsub = model.operations.find((o) => o.id === 'unsubscribe')!;
    expect(unsub.responses.map((r) => r.status)).toEqual(
      expect.arrayContaining(['200', 'default']),
    );
    const error = { result: 'error', msg: 'nope', code: 'BAD_REQUEST' };
    expect(v.validateResponse('unsubscribe', 418, error)).toEqual({ valid: true }); // via default
    expect(v.validateResponse('unsubscribe', '200', error).valid).toBe(false); // exact status wins
    expect(() => v.validateResponse('noSuchOperation' as never, 200, {})).toThrow(
      /unknown operationId/,
    );
  });

  it('a validator and a type guard per named schema', () => {
    expect(Object.keys(v.validators).length).toBe(model.schemas.length);
    expect(v.isMessage({})).toBe(false);
    expect(v.validateMessage({}).valid).toBe(false);
  });
});

function isObject(x: unknown): x is Record<string, unknown> {
  return !!x && typeof x === 'object' && !Array.isArray(x);
}

type Schema = Record<string, unknown>;

/**
 * The properties the schema itself requires, read from the document's text, not from the
 * validators under test: `must`, required whatever branch of a union the value takes; `some`,
 * required by at least one branch. `$ref`s to named schemas resolve through the model's list.
 */
function requiredOf(schema: unknown, model: ApiModel, seen = new Set<string>()) {
  const must = new Set<string>();
  const some = new Set<string>();
  if (!isObject(schema)) return { must, some };
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const name = decodeURIComponent(s.$ref.replace('#/components/schemas/', ''))
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    const target = model.schemas.find((x) => x.name === name);
    if (!target) throw new Error(`cannot resolve ${s.$ref}`);
    if (!seen.has(name)) {
      const inner = requiredOf(target.schema, model, new Set([...seen, name]));
      inner.must.forEach((k) => must.add(k));
      inner.some.forEach((k) => some.add(k));
    }
  }
  for (const k of Array.isArray(s.required) ? (s.required as string[]) : []) {
    must.add(k);
    some.add(k);
  }
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    const inner = requiredOf(part, model, seen);
    inner.must.forEach((k) => must.add(k));
    inner.some.forEach((k) => some.add(k));
  }
  for (const union of [s.oneOf, s.anyOf]) {
    if (!Array.isArray(union) || union.length === 0) continue;
    const branches = union.map((b) => requiredOf(b, model, seen));
    for (const k of branches[0].must) if (branches.every((b) => b.must.has(k))) must.add(k);
    for (const b of branches) b.some.forEach((k) => some.add(k));
  }
  return { must, some };
}

function esc(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}
