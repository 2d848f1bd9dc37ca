/**
 * `npm run contract -- --base-url URL --email E --api-key K [options]`: the contract tests of a
 * live server. `--help` lists every option. Exit codes: 0 no violation · 1 a violation (an
 * operation failed) · 2 usage or setup error (bad arguments, no credentials, broken scenarios).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs as parseNodeArgs } from 'node:util';
import { loadContract } from '../generator/load.js';
import type { LevelTable } from '../runtime/feature-levels.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import { loadGeneratedClient, sendThroughClient } from './client-call.js';
import type { ResponseValidator } from './judge.js';
import type { RequestValidator } from './properties.js';
import { formatTable, toJson, toJunitXml } from './report.js';
import { runContract, type RunOptions, type RunReport } from './run.js';
import { loadScenarios } from './scenario/load.js';

export const DEFAULT_MAX_EXAMPLES = 5;
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const USAGE = `usage: npm run contract -- --base-url URL --email EMAIL --api-key KEY [options]

Runs the scenarios of contract-runner/scenarios/ against a live server (every operation's
success path, with semantic checks), then negative probes and generated requests per
operation, and judges every answer against the contract (contract-runner/README.md).

credentials
  --email EMAIL, --api-key KEY    the user the run acts as (required, unless --unauthenticated-only)
  --password PASSWORD             lets POST /fetch_api_key be tested
  --other-email E, --other-api-key K
                                  a second user: checks that one user cannot see another's data
  --unauthenticated-only          run without credentials: only what needs none

what runs
  --only OP[,OP...]               report on these operations (their scenarios still run what they need)
  --skip OP[,OP...]               skip these operations (reported skipped)
  --read-only                     send nothing that changes data (GETs and POST /register only)
  --allow-destructive             also write to data that existed before the run (deactivate a
                                  user, change organization defaults, update a channel...);
                                  without it those operations are reported skipped
  --input NAME=VALUE              a value a scenario asks for (e.g. draft_id=4)
  --stateless                     the server keeps no state (a mock answering examples): semantic
                                  and privacy checks and wrong-credential probes are skipped
  --scenarios DIR                 scenario files (default: contract-runner/scenarios)

generated requests
  --seed N                        fast-check seed and run tag; the same seed sends the same requests
                                  (default: random, printed in the summary)
  --max-examples N                generated valid and invalid requests per operation, each
                                  (default: ${DEFAULT_MAX_EXAMPLES}, enough to reach every operation)

judging and output
  --auth-status N                 the status authentication failures must have (default: 401 or 403)
  --timeout MS                    per request (default: 10000)
  --report FILE                   write FILE.json / FILE.xml (JUnit); without an extension, both
  --quiet                         no progress lines (also quiet when CI=true)
  --help                          this text

exit codes: 0 no violation, 1 violations, 2 usage or setup error`;

export interface CliArgs {
  baseUrl: string;
  credentials?: { email: string; apiKey: string };
  other?: { email: string; apiKey: string };
  password?: string;
  inputs: Record<string, string>;
  only?: string[];
  skip?: string[];
  readOnly: boolean;
  allowDestructive: boolean;
  unauthenticatedOnly: boolean;
  stateless: boolean;
  seed: number;
  maxExamples: number;
  timeoutMs: number;
  authStatus?: number;
  reports: string[];
  scenarios: string;
  quiet: boolean;
  help: boolean;
}

const list = (values: string[] | undefined) =>
  values
    ?.flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);

function positiveInteger(
  name: string,
  text: string | undefined,
  fallback: number,
  min = 1,
): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be an integer ≥ ${min}, got '${text}'`);
  return n;
}

/** Arguments, checked; throws an Error whose message is for the user. */
export function parseArgs(
  argv: string[],
  randomSeed = () => Math.floor(Math.random() * 2 ** 31),
): CliArgs {
  const { values } = parseNodeArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      'base-url': { type: 'string' },
      email: { type: 'string' },
      'api-key': { type: 'string' },
      password: { type: 'string' },
      'other-email': { type: 'string' },
      'other-api-key': { type: 'string' },
      'unauthenticated-only': { type: 'boolean' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      'read-only': { type: 'boolean' },
      'allow-destructive': { type: 'boolean' },
      input: { type: 'string', multiple: true },
      stateless: { type: 'boolean' },
      scenarios: { type: 'string' },
      seed: { type: 'string' },
      'max-examples': { type: 'string' },
      'auth-status': { type: 'string' },
      timeout: { type: 'string' },
      report: { type: 'string', multiple: true },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const help = values.help === true;
  const baseUrl = values['base-url'] ?? '';
  if (!help) {
    if (!baseUrl) throw new Error('--base-url is required');
    if (!/^https?:\/\//.test(baseUrl))
      throw new Error(`--base-url must be an http(s) URL, got '${baseUrl}'`);
  }
  const pair = (emailKey: string, keyKey: string) => {
    const email = values[emailKey as 'email'];
    const apiKey = values[keyKey as 'api-key'];
    if ((email === undefined) !== (apiKey === undefined))
      throw new Error(`--${emailKey} and --${keyKey} go together`);
    if (apiKey === '') throw new Error(`--${keyKey} is empty`);
    return email !== undefined ? { email, apiKey: apiKey! } : undefined;
  };
  const credentials = pair('email', 'api-key');
  const other = pair('other-email', 'other-api-key');
  const unauthenticatedOnly = values['unauthenticated-only'] === true;
  if (!help && !credentials && !unauthenticatedOnly)
    throw new Error(
      'no credentials: give --email and --api-key (or --unauthenticated-only to test only what needs none)',
    );
  if (values['read-only'] && values['allow-destructive'])
    throw new Error('--read-only and --allow-destructive contradict each other');
  const inputs: Record<string, string> = {};
  for (const entry of values.input ?? []) {
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new Error(`--input takes NAME=VALUE, got '${entry}'`);
    inputs[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return {
    baseUrl,
    credentials,
    other,
    password: values.password,
    inputs,
    only: list(values.only),
    skip: list(values.skip),
    readOnly: values['read-only'] === true,
    allowDestructive: values['allow-destructive'] === true,
    unauthenticatedOnly,
    stateless: values.stateless === true,
    seed: positiveInteger('--seed', values.seed, randomSeed(), 0),
    maxExamples: positiveInteger('--max-examples', values['max-examples'], DEFAULT_MAX_EXAMPLES),
    timeoutMs: positiveInteger('--timeout', values.timeout, 10_000),
    authStatus:
      values['auth-status'] !== undefined
        ? positiveInteger('--auth-status', values['auth-status'], 401, 400)
        : undefined,
    reports: values.report ?? [],
    scenarios: values.scenarios ?? resolve(PROJECT_ROOT, 'contract-runner/scenarios'),
    quiet: values.quiet === true || process.env.CI === 'true',
    help,
  };
}

/** Where each report goes: by extension, or both `.json` and `.xml` beside a name without one. */
export function reportFiles(reports: string[]): { file: string; format: 'json' | 'xml' }[] {
  return reports.flatMap((file) => {
    const ext = extname(file).toLowerCase();
    if (ext === '.json') return [{ file, format: 'json' as const }];
    if (ext === '.xml') return [{ file, format: 'xml' as const }];
    return [
      { file: `${file}.json`, format: 'json' as const },
      { file: `${file}.xml`, format: 'xml' as const },
    ];
  });
}

export interface GeneratedArtifacts {
  operations: Record<string, OperationInfo>;
  levels?: LevelTable;
  validator: ResponseValidator & RequestValidator;
}

/** The generated operation table and validators the run judges with. */
export async function loadGenerated(
  generatedDir = resolve(PROJECT_ROOT, 'generated'),
): Promise<GeneratedArtifacts> {
  for (const name of ['operations.ts', 'validators.js'])
    if (!existsSync(resolve(generatedDir, name)))
      throw new Error(
        `${resolve(generatedDir, name)} does not exist: run \`npm run generate\` first`,
      );
  const table = (await import(pathToFileURL(resolve(generatedDir, 'operations.js')).href)) as {
    operations: Record<string, OperationInfo>;
    levels?: LevelTable;
  };
  const validator = (await import(
    pathToFileURL(resolve(generatedDir, 'validators.js')).href
  )) as GeneratedArtifacts['validator'];
  return { operations: table.operations, levels: table.levels, validator };
}

export async function runCli(
  argv: string[],
  out: (text: string) => void = console.log,
  progress: (text: string) => void = (t) => process.stderr.write(`${t}\n`),
): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    out(`contract: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    out(USAGE);
    return 0;
  }
  let report: RunReport;
  try {
    const loaded = await loadContract(resolve(PROJECT_ROOT, 'openapi/openapi.yaml'));
    if (!loaded.ok) {
      out(
        `contract: the contract is invalid (${loaded.problems.length} problems); run \`npm run generate\` to see them`,
      );
      return 2;
    }
    const generated = await loadGenerated();
    const scenarios = loadScenarios(args.scenarios, Object.keys(generated.operations));
    if (!scenarios.ok) {
      out(scenarios.problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join('\n'));
      return 2;
    }
    const client = await loadGeneratedClient(resolve(PROJECT_ROOT, 'generated'));
    const options: RunOptions = {
      baseUrl: args.baseUrl,
      credentials: args.credentials,
      other: args.other,
      password: args.password,
      inputs: args.inputs,
      only: args.only,
      skip: args.skip,
      readOnly: args.readOnly,
      allowDestructive: args.allowDestructive,
      unauthenticatedOnly: args.unauthenticatedOnly,
      stateless: args.stateless,
      seed: args.seed,
      maxExamples: args.maxExamples,
      timeoutMs: args.timeoutMs,
      rules: { authStatus: args.authStatus },
      sendValid: client ? sendThroughClient(client) : undefined,
      progress: args.quiet ? undefined : progress,
    };
    report = await runContract(
      { model: loaded.contract.model, ...generated, workflows: scenarios.workflows },
      options,
    );
  } catch (error) {
    out(`contract: ${(error as Error).message}`);
    return 2;
  }
  out(formatTable(report));
  for (const { file, format } of reportFiles(args.reports)) {
    writeFileSync(file, format === 'json' ? toJson(report) : toJunitXml(report));
    out(`report: ${file}`);
  }
  return report.summary.failed > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
