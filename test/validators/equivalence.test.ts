/**
 * The generated (ahead-of-time) validators and the same schemas compiled by Ajv at run time
 * give the same verdict, on arbitrary JSON and on contract examples mutated at random; and no
 * input makes a generated validator throw.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../generator/model/types.js';
import {
  emitValidators,
  importValidators,
  loadModel,
  runtimeValidators,
  type ValidatorsModule,
} from './harness.js';

let model: ApiModel;
let v: ValidatorsModule;
let runtime: ReturnType<typeof runtimeValidators>;
beforeAll(async () => {
  model = await loadModel('openapi/openapi.yaml');
  v = await importValidators(await emitValidators(model));
  runtime = runtimeValidators(model);
});

/** Replace, delete or add a value somewhere inside `value`, steered by `path` (a list of choices). */
function mutate(value: unknown, path: number[], replacement: unknown, action: number): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object')
    return action === 0 ? replacement : value;
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[path[0] % keys.length];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  if (path.length === 1 && action === 1) {
    if (Array.isArray(copy)) (copy as unknown[]).splice(key as number, 1);
    else delete copy[key];
  } else if (path.length === 1 && action === 2 && !Array.isArray(copy)) {
    copy[`extra_${String(key)}`] = replacement;
  } else {
    copy[key] = mutate(
      (value as Record<string | number, unknown>)[key],
      path.slice(1),
      replacement,
      action,
    );
  }
  return copy;
}

describe('generated validators agree with run-time Ajv', () => {
  it('on arbitrary JSON, for every named schema (and never throw)', () => {
    const names = Object.keys(runtime.targets.named);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.jsonValue(), (name, value) => {
        const generated = v.validators[name](value);
        const expected = runtime.compile(runtime.targets.named[name])(value);
        expect(generated.valid).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('on mutated examples, for responses and requests', () => {
    let invalid = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(
          ...model.operations.flatMap((op) =>
            op.responses.flatMap((r) =>
              r.mediaTypes.flatMap((m) =>
                m.examples.map((ex) => ({ op, status: r.status, value: ex.value })),
              ),
            ),
          ),
        ),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.integer({ min: 0, max: 2 }),
        ({ op, status, value }, path, replacement, action) => {
          const mutated = mutate(value, path, replacement, action);
          const generated = v.validateResponse(op.id as never, status, mutated);
          const key =
            runtime.targets.responses[op.id][
              status === 'default' ? 'default' : status.toUpperCase()
            ];
          const expected = key === null ? true : runtime.compile(key)(mutated);
          if (!expected) invalid++;
          expect(generated.valid).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
    expect(invalid).toBeGreaterThan(300); // the mutations do break things: the check is not vacuous
  });

  it('on request bodies built from mutated examples', () => {
    const bodies = model.operations.flatMap((op) =>
      (op.requestBody?.mediaTypes ?? []).flatMap((m) =>
        m.examples.map((ex) => ({ op, value: ex.value })),
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...bodies),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.integer({ min: 0, max: 2 }),
        ({ op, value }, path, replacement, action) => {
          const body = mutate(value, path, replacement, action);
          const generated = v.validateRequest(op.id as never, { body });
          const request = {
            path: {},
            query: {},
            body: body === undefined && op.requestBody?.kind === 'form' ? {} : body,
          };
          expect(generated.valid).toBe(
            runtime.compile(runtime.targets.requests[op.id].key)(request),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throw on arbitrary requests and response statuses', () => {
    const ops = model.operations.map((o) => o.id);
    fc.assert(
      fc.property(
        fc.constantFrom(...ops),
        fc.jsonValue(),
        fc.jsonValue(),
        fc.oneof(fc.integer({ min: 100, max: 599 }), fc.string()),
        (op, input, body, status) => {
          const request = v.validateRequest(op as never, input as never);
          const response = v.validateResponse(op as never, status, body);
          for (const r of [request, response]) {
            if (!r.valid)
              for (const e of r.errors)
                expect(
                  typeof e.pointer === 'string' &&
                    typeof e.message === 'string' &&
                    typeof e.keyword === 'string',
                ).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
