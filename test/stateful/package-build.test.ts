/**
 * The pieces of the stateful mock's package that its tarball test (test/package/
 * stateful-mock.test.ts) cannot single out: the mock's own result builders give exactly what
 * the bindings' `ok` and `error` give (the package keeps its own so that a page's bundle never
 * loads node:http), the build's import rewrite and its refusal of any other import leaving the
 * folder, and the command line's usage errors.
 */
import { describe, expect, it } from 'vitest';
import * as bindings from '../../generated/server.js';
import { parseStatefulCli } from '../../mock/stateful/cli.js';
import { createStatefulMock } from '../../mock/stateful/index.js';
import { rewriteImports } from '../../mock/stateful/package/build.js';
import * as own from '../../mock/stateful/results.js';

describe("the mock's result builders", () => {
  it("equal the bindings' ok and error, field order included", () => {
    const cases: [string, unknown[]][] = [
      ['ok', []],
      ['ok', [{ id: 42, automatic_new_visibility_policy: 3 }]],
      ['error', [400, 'BAD_REQUEST', 'Invalid flag']],
      ['error', [400, 'STREAM_DOES_NOT_EXIST', "Channel 'x' does not exist", { stream: 'x' }]],
      ['error', [502, 'FAILED_TO_CONNECT_BOUNCER', 'down', { result: 'ignored', code: 'X' }]],
    ];
    for (const [name, args] of cases) {
      const mine = (own as Record<string, (...a: unknown[]) => unknown>)[name](...args);
      const theirs = (bindings as unknown as Record<string, (...a: unknown[]) => unknown>)[name](
        ...args,
      );
      expect(JSON.stringify(mine), `${name}(${JSON.stringify(args)})`).toBe(JSON.stringify(theirs));
    }
  });
});

describe('the package build', () => {
  it("turns the bindings' modules into the installed package's subpaths", () => {
    const source = [
      "import type { HandlerOf } from '../../generated/server.js';",
      "import { levels } from '../../generated/operations.js';",
      "import { ok } from './results.js';",
    ].join('\n');
    expect(rewriteImports(source, 'mock/stateful/x.ts', 'api')).toBe(
      [
        "import type { HandlerOf } from 'api/server';",
        "import { levels } from 'api/operations';",
        "import { ok } from './results.js';",
      ].join('\n'),
    );
  });

  it('stops at any other import leaving the folder, with its file and line', () => {
    const source =
      "import { a } from './a.js';\nimport { parseOrigins } from '../../runtime/pipeline-cors.js';\n";
    expect(() => rewriteImports(source, 'mock/stateful/x.ts', 'api')).toThrow(
      /^mock\/stateful\/x\.ts:2: imports '..\/..\/runtime\/pipeline-cors\.js'/,
    );
  });
});

describe('the command line', () => {
  it('reads every option', () => {
    expect(
      parseStatefulCli([
        '--port',
        '4010',
        '--seed',
        'empty',
        '--feature-level',
        '300',
        '--cors-origins',
        'http://a.example, null',
        '--request-timeout-ms',
        '5000',
      ]),
    ).toEqual({
      port: 4010,
      seed: 'empty',
      messages: 0,
      featureLevel: 300,
      origins: ['http://a.example', 'null'],
      requestTimeoutMs: 5000,
    });
    expect(parseStatefulCli(['--help'])).toBe('help');
  });

  it.each([
    [['--port', '70000'], /--port '70000'/],
    [['--port', 'x'], /--port 'x'/],
    [['--seed', 'nope'], /unknown --seed 'nope' \(one of default, empty, busy, archived\)/],
    [['--seed', 'empty', '--messages', '5'], /--messages adds to the default seed/],
    [['--feature-level', '99999'], /--feature-level '99999'/],
    [['--request-timeout-ms', '0'], /--request-timeout-ms '0'/],
    [['--bogus'], /bogus/],
    [['extra'], /extra/],
  ])('refuses %j in one line', (args, message) => {
    expect(() => parseStatefulCli(args as string[])).toThrow(message);
  });
});

describe('the node face', () => {
  it("takes a preset's name as its seed, as the MSW face and --seed do", () => {
    expect(createStatefulMock({ seed: 'empty' }).state.messages).toEqual([]);
    expect(createStatefulMock().state.messages.length).toBeGreaterThan(0);
    expect(() => createStatefulMock({ seed: 'nope' as 'empty' })).toThrow(
      /unknown seed preset 'nope'/,
    );
  });
});
