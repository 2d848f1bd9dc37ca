/**
 * The generated (ahead-of-time) validators and the same schemas compiled by Ajv at run time
 * give the same verdict, on arbitrary JSON and on contract examples mutated at random; and no
 * input makes a generated validator throw.
 *
 * The run-time side is an oracle of its own: the document's schemas as written, made to say
 * what the newest level (the validators' default) says by this file reading the contract's
 * `x-history`, `x-removed` and `x-enum-history` itself: removed properties and enum values are
 * taken out. It never reads the level windows the generator compiled into the validators'
 * schemas (`tmsLevel`, `tmsRequiredAt`, `tmsEnumAt`, from the model's levelFacts).
 */
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validatorSchemaRoot } from '../../generator/emit/validators.js';
import { documentSites } from '../../generator/emit/validator-targets.js';
import type { ApiModel } from '../../generator/model/types.js';
import { jsonSchemaSource } from '../../generator/model/views/json-schema.js';
import { createAjv, findUnknownFormats } from '../../generator/schema/ajv.js';
import { buildJsonSchemaRoot } from '../../generator/schema/json-schema.js';
import { emitValidators, importValidators, loadModel, type ValidatorsModule } from './harness.js';

let model: ApiModel;
let v: ValidatorsModule;
let runtime: ReturnType<typeof newestRuntime>;
beforeAll(async () => {
  model = await loadModel('openapi/openapi.yaml');
  v = await importValidators(await emitValidators(model));
  runtime = newestRuntime(model);
});

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => !!x && typeof x === 'object' && !Array.isArray(x);
const removedBy = (history: unknown) =>
  Array.isArray(history) && history.some((h) => isObject(h) && h.change === 'removed');

/**
 * The document as a server of the newest level answers it, read from the contract's own level
 * keys: a property whose `x-history` records its removal (or marked `x-removed: true`) is gone
 * from `properties` and `required`; an enum value `x-enum-history` records as removed is gone.
 */
function newestOnly(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(newestOnly);
  if (!isObject(node)) return;
  if (isObject(node.properties)) {
    for (const [name, property] of Object.entries(node.properties)) {
      if (!isObject(property)) continue;
      if (property['x-removed'] !== true && !removedBy(property['x-history'])) continue;
      delete node.properties[name];
      if (Array.isArray(node.required)) node.required = node.required.filter((r) => r !== name);
    }
  }
  if (Array.isArray(node.enum) && isObject(node['x-enum-history'])) {
    const history = node['x-enum-history'];
    node.enum = node.enum.filter((value) => !removedBy(history[String(value)]));
  }
  Object.values(node).forEach(newestOnly);
}

/**
 * The request schemas the validators emitter builds wrap a parameter that has a level window in
 * `tmsLevel`; at the newest level every such parameter of this contract exists, so the wrapper
 * is its schema. (Were one removed, this oracle would have to learn it: it says so.)
 */
function unwrapParameterLevels(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(unwrapParameterLevels);
  if (!isObject(node)) return node;
  if (isObject(node.tmsLevel)) {
    if (node.tmsLevel.removedIn !== undefined && node.tmsLevel.removedIn !== null)
      throw new Error(
        'a removed request parameter: teach newestRuntime what the newest level does',
      );
    return unwrapParameterLevels(node.tmsLevel.schema);
  }
  return Object.fromEntries(Object.entries(node).map(([k, x]) => [k, unwrapParameterLevels(x)]));
}

/** Ajv at run time over the newest-level document: which key answers what comes from targets. */
function newestRuntime(m: ApiModel) {
  const { targets } = validatorSchemaRoot(m);
  const document = structuredClone(jsonSchemaSource(m));
  newestOnly(document);
  const extra = unwrapParameterLevels(structuredClone(targets.extra)) as typeof targets.extra;
  const root = buildJsonSchemaRoot(document, documentSites(targets), m.dialect, extra);
  const unknownFormats = findUnknownFormats(root.root, createAjv({ dialect: m.dialect }));
  const ajv = createAjv({ dialect: m.dialect, unknownFormats });
  ajv.addSchema(root.root);
  const compile = (key: string): ValidateFunction => ajv.getSchema(root.refOf(key))!;
  return { targets, compile };
}

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
