/**
 * Properties over random operations: whatever fits a field's types comes back equal after
 * encode → (route) → decode, for query strings, urlencoded and multipart bodies; and no input,
 * however odd, makes decode throw. When generated/operations.ts exists, the same round trip
 * runs over every operation of our contract.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRequest, encodeRequest, matchPath, type WireOperation } from '../../runtime/wire.js';
import { anyOperationArb, caseArb, textArb, type Case, type Target } from './arbitraries.js';
import { rawOf } from './fixtures.js';
import { operations } from '../../generated/operations.js';

// WIRE_PROPERTY_RUNS raises the count for a deeper search than CI needs on every run.
const RUNS = Number(process.env.WIRE_PROPERTY_RUNS ?? 300);
/** CPU seconds the large inputs may take: far above a linear decoder, far below a quadratic one. */
const CPU_BOUND_S = 15;

function roundTrip(target: Target, { op, path, fields }: Case) {
  const input = target === 'query' ? { path, query: fields } : { path, body: fields };
  const encoded = encodeRequest(
    op,
    input,
    target === 'multipart' ? { mediaType: 'multipart/form-data' } : {},
  );
  const pathParams = matchPath(op.path, encoded.path);
  expect(pathParams).not.toBeNull();
  const decoded = decodeRequest(op, rawOf(encoded, pathParams ?? {}));
  expect(decoded).toEqual({
    ok: true,
    value: {
      path,
      query: target === 'query' ? fields : {},
      body: target === 'query' ? undefined : fields,
      headers: {},
    },
    unknown: [],
    unknownValues: {},
  });
}

describe('decode(encode(x)) = x', () => {
  for (const target of ['query', 'urlencoded', 'multipart'] as const) {
    it(`over random operations, ${target}`, () => {
      fc.assert(
        fc.property(caseArb(target), (c) => roundTrip(target, c)),
        { numRuns: RUNS },
      );
    });
  }
});

describe('decode never throws', () => {
  const contentTypes = fc.oneof(
    fc.constantFrom(
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'multipart/form-data; boundary="a b"',
      'application/json',
      'text/plain',
      '',
    ),
    fc.string(),
  );
  const bodies = fc.oneof(
    fc.string(),
    fc.uint8Array({ maxLength: 200 }),
    // near-miss multipart: real delimiters and headers around junk
    fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '--x',
            '\r\n',
            '--x--',
            'Content-Disposition: form-data; name="a"',
            '; filename="f"',
            '"',
            '\\',
          ),
          textArb,
        ),
        {
          maxLength: 12,
        },
      )
      .map((pieces) => pieces.join('')),
  );
  const queries = fc.oneof(
    fc.string(),
    fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '&',
            '=',
            '%',
            '%E0%A4',
            '%zz',
            '+',
            '[',
            ']',
            'a',
            'x',
            'id',
            '__proto__',
          ),
          textArb,
        ),
      )
      .map((p) => p.join('')),
  );

  it('on junk requests against random operations', () => {
    fc.assert(
      fc.property(
        anyOperationArb,
        fc.dictionary(fc.string(), fc.string()),
        queries,
        fc.option(contentTypes, { nil: undefined }),
        fc.option(bodies, { nil: undefined }),
        fc.boolean(),
        (op, pathParams, query, contentType, body, lenientLocation) => {
          const result = decodeRequest(
            op,
            { pathParams, query, contentType, body, headers: { 'x-a': ['1', '2'] } },
            { lenientLocation },
          );
          expect(typeof result.ok).toBe('boolean');
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            for (const error of result.errors) expect(error.message).toEqual(expect.any(String));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('on large and deeply nested input, in CPU time far from quadratic', () => {
    const op: WireOperation = {
      operationId: 'big',
      method: 'POST',
      path: '/big',
      fields: [{ name: 'to', in: 'body', required: true, encoding: 'json', types: ['array'] }],
      body: {
        kind: 'form',
        mediaTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        required: true,
      },
    };
    const started = process.cpuUsage();
    const deep = 'to=' + '%5B'.repeat(200_000);
    expect(
      decodeRequest(op, {
        pathParams: {},
        query: '',
        contentType: 'application/x-www-form-urlencoded',
        body: deep,
      }),
    ).toMatchObject({ ok: false });
    const manyPairs = 'a=1&'.repeat(200_000);
    expect(
      decodeRequest(op, {
        pathParams: {},
        query: manyPairs,
        contentType: 'application/x-www-form-urlencoded',
        body: manyPairs + 'to=%5B%5D',
      }),
    ).toMatchObject({
      ok: true,
      unknown: ['a'],
    });
    const dashes = new TextEncoder().encode('\r\n--' + '-'.repeat(2_000_000));
    expect(
      decodeRequest(op, {
        pathParams: {},
        query: '',
        contentType: 'multipart/form-data; boundary=' + '-'.repeat(60),
        body: dashes,
      }),
    ).toMatchObject({
      ok: false,
    });
    // CPU time, not the clock: a busy machine stretches the wall time, not the work. A quadratic
    // step on these sizes costs minutes of CPU; the linear decoder about a tenth of a second.
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1e6).toBeLessThan(CPU_BOUND_S);
  });
});

describe('our contract', () => {
  it('round-trips random values through every operation of generated/operations.ts', async () => {
    const { contractCaseArb } = await import('./contract-arbitraries.js');
    expect(Object.keys(operations)).toHaveLength(22);
    for (const op of Object.values(operations) as WireOperation[]) {
      fc.assert(
        fc.property(contractCaseArb(op), ({ input, expected, mediaType }) => {
          const encoded = encodeRequest(op, input, { mediaType });
          const decoded = decodeRequest(op, rawOf(encoded, matchPath(op.path, encoded.path) ?? {}));
          expect(decoded, `${op.operationId} via ${mediaType ?? 'query'}`).toEqual({
            ok: true,
            value: expected,
            unknown: [],
            unknownValues: {},
          });
        }),
        { numRuns: 30 },
      );
    }
  });
});
