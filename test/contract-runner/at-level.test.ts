/**
 * Which parameters and enum values the contract runner sends to a server of a given feature
 * level: one rule (generator/model/at-level.ts), the one the servers go by (the level table),
 * read by every probe family. A family that went back to its own filter (a value or parameter
 * added above the server's level sent as valid, a removed one kept) fails here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aloneVariants } from '../../contract-runner/alone.js';
import { coverage } from '../../contract-runner/coverage.js';
import type { PlannedRequest } from '../../contract-runner/request.js';
import { arbitraryOf, optionalArbitraries } from '../../contract-runner/properties.js';
import type { UpdateReadBack } from '../../contract-runner/scenario/execute.js';
import type { ExpressionContext } from '../../contract-runner/scenario/expressions.js';
import type { Step } from '../../contract-runner/scenario/format.js';
import { resolveRequest } from '../../contract-runner/scenario/plan.js';
import { otherValues, readBackPlan } from '../../contract-runner/update-alone.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import { enumValuesAt, existsAtLevel } from '../../generator/model/at-level.js';
import { buildLevelTable } from '../../generator/model/levels.js';
import type { ApiModel, Parameter } from '../../generator/model/types.js';
import { levelView } from '../../runtime/feature-levels.js';

const added = (level: number) => [{ level, change: 'added', note: 'added' }];
const removed = (level: number | null) => [{ level, change: 'removed', note: 'gone' }];

/**
 * `kind`: one value of each sort; `mode`: required, with a value newer than the server; `fresh`
 * and `old`: a parameter added at 300, one removed at 200.
 */
function contract(): ApiModel {
  const document = {
    openapi: '3.1.0',
    info: { title: 'levels', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'getThings',
          parameters: [
            {
              name: 'kind',
              in: 'query',
              schema: {
                type: 'string',
                enum: ['plain', 'new', 'gone', 'legacy', 'undated'],
                'x-enum-history': {
                  new: added(300),
                  gone: removed(200),
                  legacy: [{ level: null, change: 'deprecated', note: 'use plain' }],
                  undated: removed(null),
                },
              },
            },
            {
              name: 'mode',
              in: 'query',
              required: true,
              schema: { type: 'string', enum: ['a', 'b'], 'x-enum-history': { b: added(300) } },
            },
            {
              name: 'fresh',
              in: 'query',
              schema: { type: 'string', enum: ['x', 'y'], default: 'x' },
              'x-history': added(300),
            },
            {
              name: 'old',
              in: 'query',
              schema: { type: 'boolean', default: false },
              'x-history': removed(200),
            },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const { model, problems } = buildModel(document, 'levels.yaml');
  expect(problems).toEqual([]);
  return model;
}

const model = contract();
const op = model.operations[0];
const param = (name: string): Parameter => op.parameters.find((p) => p.name === name)!;
const newest = model.newestLevel;
const values = (p: Parameter, level: number | undefined) =>
  enumValuesAt(p, level, newest).map((e) => e.value);

describe('the enum values of a parameter at a feature level', () => {
  it('are those added at or below it and not removed at or below it; deprecated ones count', () => {
    expect(newest).toBe(300);
    expect(values(param('kind'), 250)).toEqual(['plain', 'legacy', 'undated']);
    // an unknown level is a server of today: the undated removal has happened
    expect(values(param('kind'), undefined)).toEqual(['plain', 'new', 'legacy']);
    expect(values(param('kind'), 150)).toEqual(['plain', 'gone', 'legacy', 'undated']);
  });

  it('are exactly the values a server at that level does not refuse', () => {
    const table = buildLevelTable(model);
    for (const level of [0, 150, 200, 250, 299, 300, 400]) {
      const view = levelView(table, level);
      for (const p of [param('kind'), param('mode')]) {
        const accepted = p
          .enum!.map((e) => e.value)
          .filter((value) => {
            const refused = view.refusedValues(op.id, { [p.name]: value });
            return refused.length === 0;
          });
        expect(values(p, level), `${p.name} at ${level}`).toEqual(accepted);
      }
    }
  });
});

describe('every probe family sends only those values', () => {
  const base: PlannedRequest = {
    op: op.runtime,
    input: { path: {}, query: { mode: 'a' }, body: {} },
    auth: { kind: 'none' },
  };

  it('optional parameters alone, and required ones changed in place', () => {
    for (const level of [150, 250, undefined]) {
      const sent = aloneVariants(base, op.parameters, level, newest);
      const of = (name: string) => sent.filter((v) => v.field.name === name).map((v) => v.value);
      expect(of('kind'), `kind at ${level}`).toEqual(values(param('kind'), level));
      const otherModes = values(param('mode'), level).filter((v) => v !== 'a');
      expect(of('mode'), `mode at ${level}`).toEqual(otherModes);
    }
    // the value added at 300 is never sent to a server at 250
    const at250 = aloneVariants(base, op.parameters, 250, newest).map((v) => v.value);
    expect(at250).not.toContain('new');
    expect(at250).not.toContain('b');
  });

  it('generated valid requests', () => {
    for (const level of [150, 250, undefined]) {
      const arb = arbitraryOf(param('kind'), level, newest)!;
      const drawn = new Set(fc.sample(arb, { numRuns: 200, seed: 7 }));
      expect([...drawn].sort(), `kind at ${level}`).toEqual(values(param('kind'), level).sort());
    }
  });

  it('an update’s parameters read back (deprecated values are not written)', () => {
    const range = { level: 250, newest };
    expect(otherValues(param('kind'), 'plain', true, range, 'tag')).toEqual([]);
    expect(otherValues(param('kind'), undefined, false, range, 'tag')).toEqual(['plain']);
    const today = { level: undefined, newest };
    expect(otherValues(param('kind'), 'plain', true, today, 'tag')).toEqual(['new']);
    const writable = (level: number | undefined) =>
      enumValuesAt(param('kind'), level, newest)
        .filter((e) => !e.lifecycle.deprecated)
        .map((e) => e.value);
    for (const level of [150, 250, undefined])
      expect(otherValues(param('kind'), undefined, false, { level, newest }, 'tag')).toEqual(
        writable(level),
      );
  });

  it('leave out parameters the server does not have, as every family does', () => {
    const names = (level: number | undefined) =>
      op.parameters.filter((p) => existsAtLevel(p, level, newest)).map((p) => p.name);
    expect(names(150)).toEqual(['kind', 'mode', 'old']);
    expect(names(250)).toEqual(['kind', 'mode']);
    expect(names(undefined)).toEqual(['kind', 'mode', 'fresh']);
    const sent = (level: number | undefined) => [
      ...new Set(aloneVariants(base, op.parameters, level, newest).map((v) => v.field.name)),
    ];
    const drawn = (level: number | undefined) =>
      Object.keys(
        optionalArbitraries(base, op.parameters, { featureLevel: level, newestLevel: newest }),
      );
    const update = {
      write: base,
      spec: { sparse: true },
      ctx: { inputs: {} },
    } as unknown as UpdateReadBack;
    const written = (level: number | undefined) =>
      readBackPlan(update, op.parameters, {}, { level, newest }).varied.map((v) => v.name);
    const optional = (level: number | undefined) => names(level).filter((n) => n !== 'mode');
    for (const level of [150, 250, undefined]) {
      expect(
        sent(level).filter((n) => n !== 'mode'),
        `alone at ${level}`,
      ).toEqual(optional(level));
      // generated requests and read-backs leave deprecated parameters alone (a removed one is)
      const notDeprecated = optional(level).filter((n) => n !== 'old');
      expect(drawn(level), `generated at ${level}`).toEqual(notDeprecated);
      expect(written(level), `read back at ${level}`).toEqual(notDeprecated);
    }
  });
});

describe('a scenario step sends only what the server at its level has', () => {
  const ctx: ExpressionContext = { inputs: {}, steps: new Map(), stateless: false };
  const sent = (parameters: Record<string, unknown>, level: number | undefined) => {
    const step = {
      parameters: Object.entries(parameters).map(([name, value]) => ({ name, value })),
    } as unknown as Step;
    const planned = resolveRequest(step, op.runtime, ctx, level);
    return 'input' in planned ? planned.input.query : planned.skip;
  };

  it('an enum value: added at or below the level and not removed at or below it', () => {
    for (const level of [0, 150, 199, 200, 250, 300, 400, undefined]) {
      const has = values(param('kind'), level);
      for (const { value } of param('kind').enum!) {
        const got = sent({ mode: 'a', kind: value }, level);
        if (has.includes(value))
          expect(got, `${value} at ${level}`).toEqual({ mode: 'a', kind: value });
        else expect(got, `${value} at ${level}`).toMatch(/^kind=".*" was (added|removed)/);
      }
    }
    expect(sent({ mode: 'a', kind: 'gone' }, 250)).toBe(
      'kind="gone" was removed (absent from feature level 200 on); the server is at 250',
    );
    expect(sent({ mode: 'a', kind: 'undated' }, undefined)).toBe(
      'kind="undated" was removed (absent from feature level 300 on); a server of today',
    );
  });

  it('a parameter: the same rule', () => {
    for (const level of [150, 250, undefined]) {
      const got = sent({ mode: 'a', old: true }, level);
      if (existsAtLevel(param('old'), level, newest)) expect(got).toEqual({ mode: 'a', old: true });
      else expect(got).toMatch(/^'old' was removed \(absent from feature level 200 on\)/);
    }
  });
});

describe('coverage counts only what the server at its level has', () => {
  // Every parameter and value the server has, sent in one successful request.
  const sentAll = (level: number | undefined) => ({
    operationId: op.id,
    status: 200,
    values: Object.fromEntries(
      op.parameters
        .filter((p) => existsAtLevel(p, level, newest))
        .map((p) => [p.name, p.enum ? values(p, level) : true]),
    ),
  });
  const count = (level: number | undefined) =>
    coverage(model, { [op.id]: op.runtime }, [op.id], [sentAll(level)], level, {
      parameters: 100,
      enumValues: 100,
    });

  it('leaves out removed and not-yet-added items, so a full run reaches 100%', () => {
    for (const level of [150, 250, undefined]) {
      const c = count(level);
      expect(c.shortfalls, `at ${level}`).toEqual([]);
      expect(c.kinds.parameters.uncovered).toEqual([]);
    }
    // a server of today: the undated removal and the removal at 200 are gone
    const today = count(undefined).kinds;
    expect(today.parameters.total).toBe(3);
    expect(today.enumValues.total).toBe(7);
    // a server at 150 has `old`, `gone` and `undated`, not `fresh`, `new` or `b`
    const old = count(150).kinds;
    expect(old.parameters.total).toBe(3);
    expect(old.enumValues.total).toBe(5);
  });
});
