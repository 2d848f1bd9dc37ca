/**
 * Level-aware validators (`{ featureLevel }`): at level N, what the contract records as added
 * after N, or removed at or before N, is absent. The facts are taken from the model (never from
 * constants here), then checked against the generated validators, imported from a temp dir.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel, LevelWindow } from '../../generator/model/types.js';
import { jsonSchemaSource } from '../../generator/model/views/json-schema.js';
import { emitValidators, importValidators, loadModel, type ValidatorsModule } from './harness.js';

let model: ApiModel;
let v: ValidatorsModule;
beforeAll(async () => {
  model = await loadModel('openapi/openapi.yaml');
  v = await importValidators(await emitValidators(model));
});

const at = (featureLevel: number) => ({ featureLevel });
const schemaFacts = (name: string) => model.levelFacts[`#/components/schemas/${name}`];
const requiredOf = (name: string) =>
  (model.schemas.find((s) => s.name === name)!.schema as { required?: string[] }).required ?? [];
const exampleOf = (operationId: string, status = '200') =>
  structuredClone(
    model.operations.find((o) => o.id === operationId)!.responses.find((r) => r.status === status)!
      .mediaTypes[0].examples[0].value,
  ) as Record<string, unknown>;

describe('response fields', () => {
  it('an answer missing a field added at level L validates at L−1 and fails at L (and without a level)', () => {
    // Every required Channel field the contract records as added at some level.
    const added = Object.entries(schemaFacts('Channel').properties ?? {}).filter(
      ([name, w]) => w.addedIn !== undefined && requiredOf('Channel').includes(name),
    );
    expect(added.length).toBeGreaterThan(0);
    for (const [field, window] of added) {
      const answer = exampleOf('getStreams');
      const streams = answer.streams as Record<string, unknown>[];
      expect(streams.length).toBeGreaterThan(0);
      delete streams[0][field];
      const L = window.addedIn!;
      expect(v.validateResponse('getStreams', 200, answer, at(L - 1)), field).toEqual({
        valid: true,
      });
      const refused = v.validateResponse('getStreams', 200, answer, at(L));
      expect(refused.valid, field).toBe(false);
      if (!refused.valid)
        expect(refused.errors).toContainEqual(
          expect.objectContaining({ pointer: `/streams/0/${field}`, keyword: 'required' }),
        );
      expect(v.validateResponse('getStreams', 200, answer).valid).toBe(false);
    }
  });

  it('a field removed at level R is checked below R and is an unknown field from R on', () => {
    const R = schemaFacts('Reaction').properties!.user.removedIn as number;
    expect(typeof R).toBe('number');
    const reaction = {
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
      user_id: 15,
      user: 'not the documented object',
    };
    const before = v.validators.Reaction(reaction, at(R - 1));
    expect(before.valid).toBe(false);
    if (!before.valid) expect(before.errors.map((e) => e.pointer)).toEqual(['/user']);
    expect(v.validators.Reaction(reaction, at(R))).toEqual({ valid: true });
    expect(v.isReaction(reaction, at(R - 1))).toBe(false);
    expect(v.isReaction(reaction, at(R))).toBe(true);
  });
});

describe('request parameters', () => {
  it('a request using an enum value added at level L is refused at L−1 and accepted at L', () => {
    const value = schemaFacts('TopicsPolicy').enum!.find((e) => e.addedIn !== undefined)!;
    const L = value.addedIn!;
    const param = model.operations
      .find((o) => o.id === 'updateStream')!
      .parameters.find((p) => p.name === 'topics_policy')!;
    expect(param.lifecycle.addedIn ?? 0).toBeLessThan(L); // the parameter itself exists at L−1
    const input = { path: { stream_id: 1 }, body: { topics_policy: value.value } };
    const refused = v.validateRequest('updateStream', input, at(L - 1));
    expect(refused.valid).toBe(false);
    if (!refused.valid)
      expect(refused.errors).toEqual([
        expect.objectContaining({
          pointer: '/body/topics_policy',
          keyword: 'enum',
          message: expect.stringContaining(`added at feature level ${L}`),
        }),
      ]);
    expect(v.validateRequest('updateStream', input, at(L))).toEqual({ valid: true });
    expect(v.validateRequest('updateStream', input)).toEqual({ valid: true });
  });

  it('a parameter added at level L is unknown below L: accepted unchecked and listed as ignored', () => {
    const op = model.operations.find((o) => o.id === 'getMessages')!;
    const param = op.parameters.find((p) => p.in === 'query' && p.lifecycle.addedIn)!;
    const L = param.lifecycle.addedIn!;
    const input = { query: { [param.name]: { wrong: 'type' }, anchor: 'newest' } };
    expect(v.validateRequest('getMessages', input, at(L - 1))).toEqual({
      valid: true,
      ignored: [param.name],
    });
    const checked = v.validateRequest('getMessages', input, at(L));
    expect(checked.valid).toBe(false);
    expect(checked.ignored).toBeUndefined();
  });

  it('a parameter removed at level R is known below R and ignored from R on', () => {
    const op = model.operations.find((o) =>
      o.parameters.some((p) => p.in === 'body' && typeof p.lifecycle.removedIn === 'number'),
    )!;
    const param = op.parameters.find(
      (p) => p.in === 'body' && typeof p.lifecycle.removedIn === 'number',
    )!;
    const R = param.lifecycle.removedIn!;
    const input = { body: { [param.name]: true } };
    expect(v.validateRequest(op.id as never, input, at(R - 1))).toEqual({ valid: true });
    expect(v.validateRequest(op.id as never, input, at(R))).toEqual({
      valid: true,
      ignored: [param.name],
    });
  });

  it('a parameter removed at a level the contract does not name counts as removed from the newest level the contract records', () => {
    const op = model.operations.find((o) => o.id === 'updateStream')!;
    const param = op.parameters.find(
      (p) => p.extensions['x-removed'] === true && p.lifecycle.removedIn === undefined,
    )!;
    const newest = recordedLevels(model).at(-1)!;
    const input = { path: { stream_id: 1 }, body: { [param.name]: 'not the documented type' } };
    const before = v.validateRequest('updateStream', input, at(newest - 1));
    expect(before.valid).toBe(false);
    if (!before.valid) expect(before.errors.map((e) => e.pointer)).toContain(`/body/${param.name}`);
    const ignored = { valid: true, ignored: [param.name] };
    expect(v.validateRequest('updateStream', input, at(newest))).toEqual(ignored);
    expect(v.validateRequest('updateStream', input)).toEqual(ignored);
  });

  it('parameters the contract does not have are listed as ignored at every level', () => {
    const r = v.validateRequest('getMessages', { query: { anchor: 'newest', nonsense: 1 } });
    expect(r).toEqual({ valid: true, ignored: ['nonsense'] });
  });
});

describe('operations', () => {
  it('an operation added at level L is refused below L, for requests and responses', () => {
    const op = model.operations.find((o) => o.lifecycle.addedIn !== undefined)!;
    const L = op.lifecycle.addedIn!;
    const request = v.validateRequest(op.id as never, {}, at(L - 1));
    expect(request).toEqual({
      valid: false,
      errors: [
        expect.objectContaining({
          keyword: 'featureLevel',
          message: `${op.id} was added at feature level ${L}`,
        }),
      ],
    });
    const response = v.validateResponse(op.id as never, 200, {}, at(L - 1));
    expect(response.valid).toBe(false);
    if (!response.valid) expect(response.errors[0].keyword).toBe('featureLevel');
    expect(v.validateResponse(op.id as never, 200, {}, at(L)).valid).toBe(false); // now checked: `{}` lacks result
  });

  it('a bad featureLevel is a programming error', () => {
    expect(() => v.validateResponse('getMessages', 200, {}, { featureLevel: -1 })).toThrow(
      /featureLevel/,
    );
  });
});

describe('every operation at every recorded level', () => {
  it('a valid answer shaped like level N validates at N', () => {
    const levels = recordedLevels(model);
    expect(levels.length).toBeGreaterThan(10);
    const document = jsonSchemaSource(model);
    let checked = 0;
    let shaped = 0;
    let refusedAtNewest = 0;
    const failures: string[] = [];
    for (const op of model.operations) {
      for (const r of op.responses) {
        for (const m of r.mediaTypes)
          for (const ex of m.examples) {
            if (m.schema === undefined) continue;
            for (const N of levels) {
              if (op.lifecycle.addedIn !== undefined && N < op.lifecycle.addedIn) continue;
              const answer = shapeAt(ex.value, [m.schema], N, document);
              if (JSON.stringify(answer) !== JSON.stringify(ex.value)) {
                shaped++;
                // what makes the level matter: the older answer is not a valid newest one
                if (!v.validateResponse(op.id as never, r.status, answer).valid) refusedAtNewest++;
              }
              const result = v.validateResponse(op.id as never, r.status, answer, at(N));
              checked++;
              if (!result.valid)
                failures.push(
                  `${op.id} ${r.status} ${ex.name} @${N}: ${JSON.stringify(result.errors)}`,
                );
            }
          }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(500);
    // the shaping is not vacuous: many answers lose fields newer than their level
    expect(shaped).toBeGreaterThan(30);
    expect(refusedAtNewest).toBeGreaterThan(10);
  });
});

/** Every level the contract names, plus 0. */
function recordedLevels(m: ApiModel): number[] {
  const levels = new Set<number>([0]);
  const add = (w: LevelWindow) => {
    if (w.addedIn !== undefined) levels.add(w.addedIn);
    if (typeof w.removedIn === 'number') levels.add(w.removedIn);
  };
  for (const facts of Object.values(m.levelFacts)) {
    Object.values(facts.properties ?? {}).forEach(add);
    (facts.enum ?? []).forEach(add);
  }
  for (const op of m.operations) {
    add(op.lifecycle);
    op.parameters.forEach((p) => add(p.lifecycle));
  }
  return [...levels].sort((a, b) => a - b);
}

type Schema = Record<string, unknown>;

/** The node a `$ref` of the document names (`#/components/schemas/Message`, `#/paths/…`). */
function resolve(ref: string, document: Schema): unknown {
  return ref
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], document);
}

/** The schemas a value may be checked by: `$ref`s followed, unions and intersections flattened. */
function flatten(schemas: unknown[], document: Schema, depth = 0): Schema[] {
  const out: Schema[] = [];
  for (const s of schemas) {
    if (!s || typeof s !== 'object' || depth > 20) continue;
    const schema = s as Schema;
    if (typeof schema.$ref === 'string')
      out.push(...flatten([resolve(schema.$ref, document)], document, depth + 1));
    out.push(schema);
    for (const k of ['allOf', 'oneOf', 'anyOf'])
      if (Array.isArray(schema[k]))
        out.push(...flatten(schema[k] as unknown[], document, depth + 1));
  }
  return out;
}

/**
 * Whether a property exists at level N, read from its own `x-history` in the contract: from the
 * level it was added (if recorded) to the level it was removed (if recorded with a level; a
 * removal at an unnamed level counts only at the newest, which N never is).
 */
function existsAt(property: Schema, N: number): boolean {
  const history = Array.isArray(property['x-history']) ? (property['x-history'] as Schema[]) : [];
  const level = (change: string) =>
    history.find((h) => h.change === change && typeof h.level === 'number')?.level as
      number | undefined;
  const added = level('added');
  const removed = level('removed');
  return (added === undefined || N >= added) && (removed === undefined || N < removed);
}

/**
 * The answer a server of level N sends: fields the contract's `x-history` marks as not existing
 * at N (added later, removed at or before N) left out. Read from the document as written, not
 * from the level windows the generator compiles into the validators' schemas.
 */
function shapeAt(value: unknown, schemas: unknown[], N: number, document: Schema): unknown {
  const flat = flatten(schemas, document);
  if (Array.isArray(value))
    return value.map((x) =>
      shapeAt(
        x,
        flat.flatMap((s) => (s.items ? [s.items] : [])),
        N,
        document,
      ),
    );
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, x] of Object.entries(value)) {
    const entries = flat.flatMap((s) => {
      const props = s.properties as Record<string, Schema> | undefined;
      return props && Object.prototype.hasOwnProperty.call(props, key) ? [props[key]] : [];
    });
    const present = entries.filter((e) => existsAt(e, N));
    if (entries.length > 0 && present.length === 0) continue;
    out[key] = shapeAt(x, present, N, document);
  }
  return out;
}
