/** Runtime expressions, selections and conditions of the scenarios. */
import { describe, expect, it } from 'vitest';
import {
  condition,
  evaluate,
  pointerGet,
  resolveValue,
  type ExpressionContext,
} from '../../contract-runner/scenario/expressions.js';

const ctx = (over: Partial<ExpressionContext> = {}): ExpressionContext => ({
  inputs: { email: 'a@example.com', tag: 't1' },
  steps: new Map([
    [
      'users',
      {
        ok: true,
        outputs: { my_id: 7 },
        response: {
          status: 200,
          body: {
            members: [
              { user_id: 5, email: 'b@example.com', role: 400, tags: [{ id: 1 }] },
              { user_id: 7, email: 'a@example.com', role: 100, tags: [{ id: 2 }] },
              { user_id: 9, email: 'c@example.com', role: 400, tags: [] },
            ],
          },
        },
      },
    ],
    ['broken', { ok: false, why: 'did not succeed (400)', blocked: true, outputs: {} }],
    ['skipped', { ok: false, why: 'was skipped (destructive)', outputs: {} }],
  ]),
  stateless: false,
  ...over,
});

describe('scenario expressions', () => {
  it('reads inputs, outputs, bodies and pointers (with ~1 and *)', () => {
    expect(evaluate('$inputs.email', ctx())).toEqual({ ok: true, value: 'a@example.com' });
    expect(evaluate('$steps.users.outputs.my_id', ctx())).toEqual({ ok: true, value: 7 });
    expect(evaluate('$steps.users.response.body#/members/1/email', ctx())).toEqual({
      ok: true,
      value: 'a@example.com',
    });
    expect(pointerGet({ 'a/b': { c: 1 } }, '/a~1b/c')).toBe(1);
    expect(pointerGet({ l: [{ x: 1 }, { x: 2 }] }, '/l/*/x')).toEqual([1, 2]);
    expect(resolveValue('run {$inputs.tag} by {$steps.users.outputs.my_id}', ctx())).toEqual({
      ok: true,
      value: 'run t1 by 7',
    });
  });

  it('says why a value is missing, and whether a failure (not a skip) is behind it', () => {
    expect(evaluate('$inputs.password', ctx())).toMatchObject({ ok: false });
    expect(evaluate('$steps.broken.outputs.x', ctx())).toMatchObject({ ok: false, blocked: true });
    expect(evaluate('$steps.skipped.outputs.x', ctx())).toMatchObject({
      ok: false,
      missing: "step 'skipped' was skipped (destructive)",
    });
    expect(evaluate('$nonsense', ctx())).toMatchObject({ ok: false });
  });

  it('selects from lists: where, where-not, * pointers, pick, all, stateless fallback', () => {
    const from = '$steps.users.response.body#/members';
    const pick = (sel: Record<string, unknown>, c = ctx()) =>
      resolveValue({ 'x-from': from, ...sel }, c);
    expect(pick({ 'x-where': { '/email': '$inputs.email' }, 'x-select': '/user_id' })).toEqual({
      ok: true,
      value: 7,
    });
    expect(
      pick({
        'x-where': { '/role': 400 },
        'x-where-not': { '/user_id': 5 },
        'x-select': '/user_id',
        'x-pick': 'last',
      }),
    ).toEqual({ ok: true, value: 9 });
    expect(pick({ 'x-where': { '/tags/*/id': 2 }, 'x-select': '/user_id' })).toEqual({
      ok: true,
      value: 7,
    });
    expect(pick({ 'x-where': { '/role': 400 }, 'x-select': '/user_id', 'x-all': true })).toEqual({
      ok: true,
      value: [5, 9],
    });
    // An input nobody gave constrains nothing.
    expect(
      pick({ 'x-where-not': { '/email': '$inputs.other_email' }, 'x-select': '/user_id' }),
    ).toEqual({ ok: true, value: 5 });
    expect(pick({ 'x-where': { '/role': 200 } })).toMatchObject({ ok: false });
    expect(
      pick({ 'x-where': { '/role': 200 }, 'x-select': '/user_id' }, ctx({ stateless: true })),
    ).toEqual({ ok: true, value: 5 });
  });

  it('evaluates conditions', () => {
    expect(condition('$steps.users.outputs.my_id <= 7', ctx())).toEqual({ ok: true, value: true });
    expect(condition("$inputs.email == 'a@example.com'", ctx())).toEqual({ ok: true, value: true });
    expect(condition('$inputs.email != $inputs.email', ctx())).toEqual({ ok: true, value: false });
    expect(condition('no operator here', ctx())).toMatchObject({ ok: false });
  });
});

describe('client method names', () => {
  it('come from the generated names table, never from the operationId by rule', async () => {
    const { sendThroughClient } = await import('../../contract-runner/client-call.js');
    const { operations } = await import('../../generated/operations.js');
    const called: string[] = [];
    const client = {
      createApiClient: () => ({
        getUsers: async () => called.push('getUsers'),
        listEveryone: async () => called.push('listEveryone'),
      }),
    };
    const request = {
      op: operations.getUsers,
      input: { path: {}, query: {}, body: {} },
      auth: { kind: 'none' as const },
    };
    const transport = { baseUrl: 'http://127.0.0.1:9/api/v1', timeoutMs: 100 };
    await sendThroughClient({ client, methodNames: { getUsers: 'listEveryone' } })(
      request,
      transport,
    );
    expect(called).toEqual(['listEveryone']);
    const missing = await sendThroughClient({ client, methodNames: { getUsers: 'nothing' } })(
      request,
      transport,
    );
    expect(missing.failure).toMatch(/exposes no method for getUsers/);
  });
});
