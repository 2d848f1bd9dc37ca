/**
 * The lint of the contract: the real contract is clean, and every custom rule of .spectral.yaml
 * provably fires: each broken fixture in test/fixtures/lint/ triggers exactly its rule.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractLinter,
  type LintFinding,
  createContractLinter,
} from '../../generator/lint/spectral.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = path.join(root, 'test', 'fixtures', 'lint');
const contractFile = path.join(root, 'openapi', 'openapi.yaml');

let lint: ContractLinter;
beforeAll(async () => {
  lint = await createContractLinter();
});

const show = (findings: LintFinding[]) =>
  findings
    .map((f) => `${path.relative(root, f.file)}:${f.line}  ${f.code}  ${f.message}  (${f.pointer})`)
    .join('\n');

describe('the contract', () => {
  it('lints with no errors and no warnings', async () => {
    const findings = await lint(contractFile);
    expect(findings, `lint findings in the contract:\n${show(findings)}`).toEqual([]);
  });
});

describe('the ruleset', () => {
  it.each(['clean.yaml', 'clean-split.yaml'])(
    'finds nothing in the clean fixture %s',
    async (file) => {
      // clean-split.yaml has a $ref'd path item: valid OpenAPI 3.1 that Spectral's oas3-schema flags
      // on split files; we lint the bundle, where it is inlined.
      const findings = await lint(path.join(fixtures, file));
      expect(findings, show(findings)).toEqual([]);
    },
  );

  // fixture → the one rule it breaks, and a piece of each message expected
  const cases: Array<[string, string, string[]]> = [
    ['broken-operation-basics.yaml', 'tms-operation-basics', ['no summary']],
    [
      'broken-operation-error-codes.yaml',
      'tms-operation-error-codes',
      ['NO_SUCH_CODE is not in components.x-error-catalog', 'NO_SUCH_CODE has no example'],
    ],
    [
      'broken-error-catalog.yaml',
      'tms-error-catalog',
      ['has no description', 'must be an HTTP status'],
    ],
    [
      'broken-history-shape.yaml',
      'tms-history-shape',
      ['level must be an integer', 'unknown key "since"'],
    ],
    ['broken-enum-history.yaml', 'tms-enum-history', ['"unread" is not a member']],
    [
      'broken-enum-replaced-by.yaml',
      'tms-enum-replaced-by',
      ['"read": the value has no deprecated or removed entry'],
    ],
    ['broken-enum-meanings.yaml', 'tms-enum-meanings', ['no meaning for enum member "read"']],
    ['broken-deprecation-marks.yaml', 'tms-deprecation-marks', ['deprecated: true without']],
    ['broken-removed-items.yaml', 'tms-removed-items', ['"mode" is listed in required']],
    ['broken-author-note.yaml', 'tms-author-notes', ['names a contract extension']],
    [
      'broken-change-marks.yaml',
      'tms-change-marks',
      [
        'x-correction must be one non-empty line',
        'x-breaking reason must be one non-empty line',
        'x-breaking level must be an integer',
        'x-breaking has unknown key "why"',
      ],
    ],
    ['broken-example.yaml', 'oas3-valid-media-example', ['must be string']],
    ['broken-path-item.yaml', 'oas3-schema', ['must not have unevaluated properties']],
  ];

  it.each(cases)('%s triggers exactly %s', async (file, rule, messages) => {
    const findings = await lint(path.join(fixtures, file));
    expect(new Set(findings.map((f) => f.code)), show(findings)).toEqual(new Set([rule]));
    expect(
      findings.every((f) => f.severity === 'error'),
      show(findings),
    ).toBe(true);
    expect(findings.map((f) => f.message)).toEqual(messages.map((m) => expect.stringContaining(m)));
  });

  it('reports a fault in a $ref-ed file at its own file, line and pointer', async () => {
    const findings = await lint(path.join(fixtures, 'broken-history-in-ref.yaml'));
    expect(
      findings.map(({ code, file, line, pointer }) => ({
        code,
        file: path.relative(fixtures, file),
        line,
        pointer,
      })),
    ).toEqual([
      {
        code: 'tms-history-shape',
        file: path.join('parts', 'flags-form.yaml'),
        line: 18,
        pointer: '#/properties/mode/x-history/0/level',
      },
    ]);
  });
});

/**
 * The toolkit reads YAML/JSON rulesets itself (generator/lint/ruleset.ts) instead of through
 * Spectral's ruleset bundler (a dev dependency here, an optional peer of the installed toolkit):
 * both readers must give the same findings, on our ruleset and on a user's that uses what the
 * reader claims to read (extends of a file and of spectral:oas with a severity, formats,
 * aliases, built-in and custom functions, overrides).
 */
describe("the toolkit's ruleset reader", () => {
  const user = path.join(fixtures, 'ruleset', 'user.spectral.yaml');
  const both = async (ruleset: string | undefined, files: string[]) => {
    const own = await createContractLinter(ruleset, 'own');
    const bundler = await createContractLinter(ruleset, 'bundler');
    for (const file of files) {
      const mine = await own(file);
      expect(mine, file).toEqual(await bundler(file));
      expect(mine.length, `${file} finds something`).toBeGreaterThan(0);
    }
  };

  it('finds what the bundler finds with our ruleset', async () => {
    await both(undefined, [
      path.join(fixtures, 'broken-change-marks.yaml'),
      path.join(fixtures, 'broken-example.yaml'),
    ]);
  });

  it("finds what the bundler finds with a user's ruleset", async () => {
    await both(user, [path.join(fixtures, 'ruleset', 'api.yaml')]);
    const findings = await (
      await createContractLinter(user)
    )(path.join(fixtures, 'ruleset', 'api.yaml'));
    const codes = findings.map((f) => f.code);
    // the custom function, a built-in one through an alias, the extended file's rule, and
    // spectral:oas at 'all' (license-url is not among its recommended rules) but for what is off
    expect(codes).toEqual(
      expect.arrayContaining([
        'user-no-todo',
        'user-operation-summary',
        'user-title-case',
        'license-url',
      ]),
    );
    expect(codes).not.toContain('oas3-api-servers');
  });

  it('refuses what only the bundler reads, naming it', async () => {
    const { loadRulesetFile } = await import('../../generator/lint/ruleset.js');
    expect(await loadRulesetFile(path.join(fixtures, 'ruleset', 'npm-extends.yaml'))).toEqual({
      ok: false,
      needsBundler: "'extends: @acme/spectral-style'",
    });
  });
});
