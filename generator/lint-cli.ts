/**
 * npm run lint [-- <contract>]: loads the contract (swagger-parser + strict Ajv, generator/load/index.ts)
 * and lints it with Spectral (.spectral.yaml), printing every problem of both as
 * `file:line  rule  message  (pointer)`. Exit 1 on any problem, warnings included; 0 when clean;
 * 2 when the linter itself cannot run (bad ruleset, unreadable file).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContract } from './load/index.js';
import { lintContract, type LintFinding } from './lint/spectral.js';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

export function formatFinding(f: LintFinding): string {
  return `${shown(f.file)}:${f.line}  ${f.code}  ${f.message}  (${f.pointer})`;
}

const USAGE = 'Usage: npm run lint [-- <contract file>]   (default: openapi/openapi.yaml)';

async function main(argv: string[]): Promise<number> {
  let parsed: { values: { help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`lint: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const contract = path.resolve(positionals[0] ?? path.join(root, 'openapi', 'openapi.yaml'));
  if (!fs.existsSync(contract)) {
    console.error(`lint: no contract at ${shown(contract)}`);
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
    findings = await lintContract(contract);
  } catch (error) {
    console.error(
      `lint: Spectral could not run: ${error instanceof Error ? error.message : String(error)}`,
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

process.exitCode = await main(process.argv.slice(2));
