/**
 * `tms-gen lint [--contract <file>]` (in this repository `npm run lint [-- <contract>]`): loads
 * the contract (swagger-parser + strict Ajv, generator/load/index.ts) and lints it with Spectral
 * (our contract: .spectral.yaml, the rules of openapi/README.md; another document: Spectral's
 * recommended OpenAPI rules, generator/lint/oas.spectral.yaml; or `--ruleset`), printing every
 * problem of both as
 * `file:line  rule  message  (pointer)`. Exit 1 on any problem, warnings included; 0 when clean;
 * 2 when the linter itself cannot run (bad ruleset, unreadable file).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { usageLine } from './common/usage.js';
import { loadContract } from './load/index.js';
import { DEFAULT_RULESET, lintContract, type LintFinding } from './lint/spectral.js';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

export function formatFinding(f: LintFinding): string {
  return `${shown(f.file)}:${f.line}  ${f.code}  ${f.message}  (${f.pointer})`;
}

const OUR_CONTRACT = path.join(root, 'openapi', 'openapi.yaml');
/** Spectral's recommended OpenAPI rules alone: our own rules are about our contract's conventions. */
const OAS_RULESET = path.join(root, 'generator', 'lint', 'oas.spectral.yaml');

const USAGE = `tms-gen lint — every problem of an OpenAPI 3.0/3.1 document, with file, line and pointer

Usage: tms-gen lint [--contract <file>] [--ruleset <file>]

  --contract <file>   the document (default: the Team Messaging Service contract; also
                      accepted as the only positional argument)
  --ruleset <file>    a Spectral ruleset (default: ours for our contract, Spectral's
                      recommended OpenAPI rules for another document)
  --help              this text

Checks: the loader's (structure, $refs, schemas compiled strictly, the limits of hostile
documents), then Spectral's rules. Exit codes: 0 clean · 1 any problem, warnings included ·
2 usage error, or the linter cannot run`;

/** Lints one contract; the exit code. */
export async function runLint(argv: string[]): Promise<number> {
  let parsed: {
    values: { help?: boolean; contract?: string; ruleset?: string };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', short: 'h' },
        contract: { type: 'string' },
        ruleset: { type: 'string' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(usageLine('lint', (error as Error).message));
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 1 || (positionals.length === 1 && values.contract !== undefined)) {
    console.error(usageLine('lint', 'one contract at a time'));
    return 2;
  }
  const given = values.contract ?? positionals[0];
  const contract = path.resolve(given ?? OUR_CONTRACT);
  if (!fs.existsSync(contract)) {
    console.error(`tms-gen lint: no contract at ${shown(contract)}`);
    return 2;
  }
  const ruleset = path.resolve(
    values.ruleset ?? (contract === OUR_CONTRACT ? DEFAULT_RULESET : OAS_RULESET),
  );
  if (!fs.existsSync(ruleset)) {
    console.error(`tms-gen lint: no ruleset at ${shown(ruleset)}`);
    return 2;
  }

  let failures = 0;
  const loaded = await loadContract(contract);
  if (!loaded.ok) {
    for (const p of loaded.problems) {
      const where = p.file ? `${shown(p.file)}:${p.line ?? 1}` : shown(contract);
      console.log(
        `${where}  load/${p.source}  ${p.message}${p.hint ? ` (${p.hint})` : ''}  (${p.pointer})`,
      );
    }
    failures += loaded.problems.length;
  } else {
    for (const w of loaded.contract.warnings) console.log(`note: ${w}`);
  }

  let findings: LintFinding[];
  try {
    findings = await lintContract(contract, ruleset);
  } catch (error) {
    console.error(
      `tms-gen lint: Spectral could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 2;
  }
  for (const f of findings) console.log(formatFinding(f));
  failures += findings.filter((f) => f.severity === 'error' || f.severity === 'warning').length;

  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const loadCount = loaded.ok ? 0 : loaded.problems.length;
  console.log(
    `lint: ${loadCount} load problem(s), ${errors} error(s), ${warnings} warning(s) in ${shown(contract)}`,
  );
  return failures > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await runLint(process.argv.slice(2));
