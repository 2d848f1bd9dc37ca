/**
 * `npm run contract -- --base-url URL --email E --api-key K [options]`: the contract tests of a
 * live server. `--help` lists every option. Credentials are given by how the contract's
 * security schemes carry them (HTTP Basic: the pair by the names the contract gives it, ours
 * `--email` + `--api-key`, else `--username` + `--password`; Bearer, OAuth 2, OpenID Connect:
 * `--bearer`; API keys: `--key NAME=VALUE`) and never printed. Exit codes: 0 no
 * violation · 1 a violation (an operation failed) · 2 usage or setup error (bad arguments, no
 * credentials or none the contract takes, broken scenarios).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs as parseNodeArgs } from 'node:util';
import { loadContract } from '../generator/load/index.js';
import { operationLinks } from '../generator/model/links.js';
import type { ApiModel } from '../generator/model/types.js';
import {
  BASIC_NAMES,
  namesEmailAndKey,
  type CredentialNames,
} from '../generator/model/security.js';
import {
  basicNamesOf,
  basicNaming,
  credentialsFor,
  flagsFor,
  optionOf,
  placeholderOf,
  type Credentials,
} from './credentials.js';
import type { LevelTable } from '../runtime/feature-levels.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import { serverUrl, unreachable } from './base-url.js';
import { parseMinCoverage, type MinCoverage } from './coverage.js';
import { loadGeneratedClient, sendThroughClient } from './client-call.js';
import type { ResponseValidator } from './judge.js';
import type { RequestValidator } from './properties.js';
import { formatTable, toJson, toJunitXml } from './report.js';
import { RUNNER_OPTIONS, type RunnerValues } from './options.js';
import { runContract, schemesOf, type RunOptions, type RunReport } from './run.js';
import { loadScenarios } from './scenario/load.js';
import { sampleWorkflow } from './scenario/from-model.js';

export const DEFAULT_MAX_EXAMPLES = 5;
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The options of the HTTP Basic pair for a contract's names (`API key` → `--api-key`; the
 * names are safe as options: `basicNamesOf`). `legacy`: they are our API's `--email`/`--api-key`
 * (the model's `namesEmailAndKey` decides), which every contract still accepts.
 */
export function pairOptions(names: CredentialNames): {
  user: string;
  password: string;
  legacy: boolean;
} {
  const user = optionOf(names.user);
  const password = optionOf(names.password);
  return { user, password, legacy: namesEmailAndKey(names) };
}

/** The credential lines of the help, by the contract's names for the HTTP Basic pair. */
function credentialHelp(names: CredentialNames): string {
  const { user, password, legacy } = pairOptions(names);
  const U = placeholderOf(names.user);
  const P = placeholderOf(names.password);
  // An option column of 34; a longer option puts its text on the next line.
  const pad = (left: string) =>
    left.length <= 31 ? `  ${left}`.padEnd(34) : `  ${left}\n${' '.repeat(34)}`;
  const lines = [
    `${pad(`--${user} ${U}, --${password} ${P}`)}HTTP Basic (RFC 7617) user name and password${
      user === 'username' && password === 'password'
        ? ''
        : `;\n${' '.repeat(34)}the contract calls them the ${names.user} and the ${names.password}`
    }`,
    `${pad('--bearer TOKEN')}the token of Bearer, OAuth 2 and OpenID Connect schemes`,
    `${pad('--key NAME=VALUE')}an API key, by scheme name or by the header, query parameter`,
    `${' '.repeat(34)}or cookie it travels in (repeatable)`,
    legacy
      ? `${' '.repeat(34)}(--api-key NAME=VALUE without --email means the same)`
      : `${pad('--email E, --api-key K')}still accepted for --${user}, --${password} (our own API's\n${' '.repeat(34)}names); --api-key NAME=VALUE without --email is --key`,
    `  (or from the environment, where an option of the same kind is not given:`,
    `  CONTRACT_${placeholderOf(names.user)} and CONTRACT_${placeholderOf(names.password)}, CONTRACT_BEARER, CONTRACT_KEYS with one`,
    `  NAME=VALUE per line)`,
  ];
  if (password !== 'password')
    lines.push(
      `${pad('--password PASSWORD')}the scenarios' $inputs.password (ours: POST /fetch_api_key)`,
    );
  lines.push(
    `  --other-${user}, --other-${password}, --other-bearer, --other-key NAME=VALUE`,
    `${' '.repeat(34)}a second user (by scheme, as above): checks that one user`,
    `${' '.repeat(34)}cannot see another's data`,
  );
  return lines.join('\n');
}

/**
 * The options and their help, by what the contract calls its HTTP Basic pair (the model's:
 * ours `--email`/`--api-key`; a contract that names none `--username`/`--password`).
 */
export function usage(names: CredentialNames = BASIC_NAMES): string {
  const { user, password } = pairOptions(names);
  const U = placeholderOf(names.user);
  const P = placeholderOf(names.password);
  return `usage: npm run contract -- --base-url URL --${user} ${U} --${password} ${P} [options]
       (or --bearer TOKEN, or --key NAME=VALUE: as the contract's security schemes take them)

Runs the scenarios of contract-runner/scenarios/ against a live server (every operation's
success path, with semantic checks), then negative probes and generated requests per
operation, and judges every answer against the contract (contract-runner/README.md).

credentials (as the contract's security schemes carry them; required, unless
--unauthenticated-only; never printed: reports show placeholders)
${credentialHelp(names)}
  --unauthenticated-only          run without credentials: only what needs none

contract
  --contract FILE                 the contract (default: openapi/openapi.yaml)
  --generated DIR                 its generated code: table, validators, client (default: generated)

what runs
  --only OP[,OP...]               report on these operations (their scenarios still run what they need)
  --skip OP[,OP...]               skip these operations (reported skipped)
  --read-only                     send nothing that changes data (GETs, and steps the scenarios
                                  mark as changing nothing, such as our POST /register)
  --allow-destructive             also write to data that existed before the run (ours:
                                  deactivate a user, change organization defaults...; another
                                  contract's sample requests: every write); without it those
                                  operations are reported skipped
  --input NAME=VALUE              a value a scenario asks for (e.g. draft_id=4)
  --stateless                     the server keeps no state (a mock answering examples): semantic
                                  and privacy checks and wrong-credential probes are skipped
  --scenarios DIR                 scenario files (default: contract-runner/scenarios; with
                                  another --contract: each operation's sample request)

generated requests
  --seed N                        fast-check seed and run tag; the same seed sends the same requests
                                  (default: random, printed in the summary)
  --max-examples N                generated valid and invalid requests per operation, each
                                  (default: ${DEFAULT_MAX_EXAMPLES}, enough to reach every operation)

judging and output
  --auth-status N                 the status authentication failures must have (default: 401 where
                                  the operation documents 401, else 401 or 403)
  --min-coverage P                fail below P% of the documented items exercised (operations,
                                  parameters, enum values, statuses, error codes), or per kind:
                                  operations=100,parameters=60,enumValues=20,statuses=50,errorCodes=20
  --timeout MS                    per request (default: 10000)
  --report FILE                   write FILE.json / FILE.xml (JUnit); without an extension, both
  --quiet                         no progress lines (also quiet when CI=true)
  --help                          this text

exit codes: 0 no violation, 1 violations or coverage below --min-coverage, 2 usage or setup error`;
}

/** The help for a contract that names its HTTP Basic pair nothing (RFC 7617's names). */
export const USAGE = usage();

export interface CliArgs {
  baseUrl: string;
  credentials?: Credentials;
  other?: Credentials;
  contract: string;
  generated: string;
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
  minCoverage: MinCoverage;
  reports: string[];
  /** absent: another contract without scenarios of its own, run on its sample requests */
  scenarios?: string;
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

/** `NAME=VALUE` entries as a map; undefined when there are none. The message never shows a value. */
function keyMap(entries: string[], option: string): Record<string, string> | undefined {
  if (entries.length === 0) return undefined;
  const keys: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq <= 0 || eq === entry.length - 1)
      throw new Error(
        `${option} takes NAME=VALUE (both non-empty), got '${entry.slice(0, Math.max(eq, 0))}=…'`,
      );
    keys[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return keys;
}

/** Arguments, checked; throws an Error whose message is for the user. */
export function parseArgs(
  argv: string[],
  randomSeed = () => Math.floor(Math.random() * 2 ** 31),
  env: Record<string, string | undefined> = process.env,
  /** what the contract calls its HTTP Basic pair (the model's; `basicNamesOf`) */
  names: CredentialNames = BASIC_NAMES,
): CliArgs {
  const pairNames = pairOptions(names);
  const { user: u, password: p, legacy } = pairNames;
  const text = { type: 'string' } as const;
  const { values: parsed } = parseNodeArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      ...RUNNER_OPTIONS,
      // The contract's names for the pair (another document: --username, --password).
      ...(legacy ? {} : { [u]: text, [p]: text, [`other-${u}`]: text, [`other-${p}`]: text }),
      // The scenarios' `$inputs.password`, where the pair does not take the name.
      ...(p === 'password' ? {} : { password: text }),
    },
  });
  const values = parsed as Record<string, string | string[] | boolean | undefined> & RunnerValues;
  const str = (name: string) => values[name] as string | undefined;
  const help = values.help === true;
  const baseUrl = values['base-url'] ?? '';
  if (!help) {
    if (!baseUrl) throw new Error('--base-url is required');
    if (!/^https?:\/\//.test(baseUrl))
      throw new Error(`--base-url must be an http(s) URL, got '${baseUrl}'`);
  }
  const pair = (
    user: string | undefined,
    secret: string | undefined,
    spelled: [string, string],
  ) => {
    if ((user === undefined) !== (secret === undefined))
      throw new Error(`${spelled[0]} and ${spelled[1]} go together`);
    if (secret === '') throw new Error(`${spelled[1]} is empty`);
    return user !== undefined ? { user, password: secret! } : undefined;
  };
  const envName = (label: string) => `CONTRACT_${placeholderOf(label)}`;
  // The pair by the contract's names, or by our API's old ones; not both.
  const named = !legacy && (str(u) !== undefined || str(p) !== undefined);
  if (named && values.email !== undefined)
    throw new Error(`--${u}/--${p} and --email/--api-key are the same pair: give it once`);
  // Credentials may come from the environment instead (CI secrets then stay off the command
  // line, out of `ps` and shell history); a kind given as an option ignores its variables.
  const fromEnv = !named && values.email === undefined && values['api-key'] === undefined;
  const namedEnv =
    fromEnv && !legacy && (env[envName(names.user)] ?? env[envName(names.password)]) !== undefined;
  let basic: { user: string; password: string } | undefined;
  let apiKeys: string[];
  if (named || namedEnv) {
    basic = named
      ? pair(str(u), str(p), [`--${u}`, `--${p}`])
      : pair(env[envName(names.user)], env[envName(names.password)], [
          envName(names.user),
          envName(names.password),
        ]);
    apiKeys = values['api-key'] ?? [];
    if (apiKeys.some((k) => k.indexOf('=') <= 0))
      throw new Error(
        `--api-key: an API key goes as --key NAME=VALUE (HTTP Basic: --${u}, --${p})`,
      );
  } else {
    const email = fromEnv ? env.CONTRACT_EMAIL : values.email;
    apiKeys =
      (fromEnv
        ? env.CONTRACT_API_KEY !== undefined
          ? [env.CONTRACT_API_KEY]
          : undefined
        : values['api-key']) ?? [];
    // With --email, --api-key is the Basic password (whatever it contains); without, NAME=VALUE.
    if (email !== undefined && apiKeys.length > 1)
      throw new Error(
        '--api-key: one with --email (the HTTP Basic password); API keys go as --key NAME=VALUE',
      );
    if (email === undefined && apiKeys.some((k) => k.indexOf('=') <= 0))
      throw new Error(
        '--email and --api-key go together (for an API key scheme: --key NAME=VALUE)',
      );
    basic = pair(email, email !== undefined ? apiKeys[0] : undefined, ['--email', '--api-key']);
    if (email !== undefined) apiKeys = [];
  }
  const bearer = values.bearer ?? env.CONTRACT_BEARER;
  const keyOptions =
    values.key ?? (env.CONTRACT_KEYS ?? '').split('\n').filter((line) => line.trim() !== '');
  const keyPairs = [...apiKeys, ...keyOptions];
  const keys = keyMap(keyPairs, '--key') ?? {};
  if (bearer === '') throw new Error('--bearer is empty');
  const credentials: Credentials | undefined =
    basic || bearer !== undefined || keyPairs.length > 0
      ? {
          ...(basic ? { basic } : {}),
          ...(bearer !== undefined ? { bearer } : {}),
          ...(keyPairs.length > 0 ? { keys } : {}),
        }
      : undefined;
  const otherNamed = !legacy && (str(`other-${u}`) ?? str(`other-${p}`)) !== undefined;
  if (otherNamed && (values['other-email'] ?? values['other-api-key']) !== undefined)
    throw new Error(
      `--other-${u}/--other-${p} and --other-email/--other-api-key are the same pair: give it once`,
    );
  const otherBasic = otherNamed
    ? pair(str(`other-${u}`), str(`other-${p}`), [`--other-${u}`, `--other-${p}`])
    : pair(values['other-email'], values['other-api-key'], ['--other-email', '--other-api-key']);
  if (values['other-bearer'] === '') throw new Error('--other-bearer is empty');
  const otherKeys = keyMap(values['other-key'] ?? [], '--other-key');
  const other: Credentials | undefined =
    otherBasic || values['other-bearer'] !== undefined || otherKeys
      ? {
          ...(otherBasic ? { basic: otherBasic } : {}),
          ...(values['other-bearer'] !== undefined ? { bearer: values['other-bearer'] } : {}),
          ...(otherKeys ? { keys: otherKeys } : {}),
        }
      : undefined;
  const unauthenticatedOnly = values['unauthenticated-only'] === true;
  if (!help && !credentials && !unauthenticatedOnly)
    throw new Error(
      `no credentials: give --${u} and --${p} (HTTP Basic), --bearer TOKEN or --key NAME=VALUE, as the contract’s security schemes take them (or --unauthenticated-only to test only what needs none)`,
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
    contract: resolve(values.contract ?? resolve(PROJECT_ROOT, 'openapi/openapi.yaml')),
    generated: resolve(values.generated ?? resolve(PROJECT_ROOT, 'generated')),
    password: p === 'password' ? undefined : str('password'),
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
    minCoverage: parseMinCoverage(values['min-coverage']),
    reports: values.report ?? [],
    // Our scenarios know our contract; another contract without its own gets its samples'.
    scenarios:
      values.scenarios ??
      (values.contract === undefined
        ? resolve(PROJECT_ROOT, 'contract-runner/scenarios')
        : undefined),
    quiet: values.quiet === true || process.env.CI === 'true',
    help,
  };
}

/** Each operation's client parameter for a body that is not a form (the model's names). */
function bodyKeysOf(model: Pick<ApiModel, 'operations'>): Record<string, string> {
  return Object.fromEntries(
    model.operations.flatMap((op) =>
      op.names.bodyKey === undefined ? [] : [[op.id, op.names.bodyKey]],
    ),
  );
}

/**
 * Why the credentials given cannot serve this contract (a credential of a kind it declares no
 * scheme for, an API key naming no scheme, or none of its operations' alternatives satisfied),
 * or undefined. The message names what the contract takes, never a credential's value.
 */
export function credentialsProblem(
  model: Pick<ApiModel, 'securitySchemes' | 'operations'>,
  credentials: Credentials | undefined,
): string | undefined {
  const schemes = schemesOf(model);
  // In the order operations name them (the contract's preference), each once.
  const order = [...new Set(model.operations.flatMap((op) => op.authAlternatives.flat()))].filter(
    (name) => Object.hasOwn(schemes, name),
  );
  const used = order.map((name) => [name, schemes[name]] as const);
  const takes =
    used.length > 0
      ? `it takes ${[...new Set(used.map(([n, s]) => flagsFor(s, n, basicNamesOf(model))))].join(' or ')}`
      : 'it declares no credentials';
  const kinds = new Set(used.map(([, s]) => s.type));
  if (credentials?.basic !== undefined && !kinds.has('basic'))
    return `HTTP Basic credentials given, but the contract has no HTTP Basic scheme (${takes})`;
  if (credentials?.bearer !== undefined && !kinds.has('bearer'))
    return `--bearer: the contract has no Bearer, OAuth 2 or OpenID Connect scheme (${takes})`;
  for (const name of Object.keys(credentials?.keys ?? {}))
    if (
      !used.some(
        ([n, s]) =>
          s.type === 'apiKey' &&
          (n === name ||
            s.name === name ||
            (s.in === 'header' && s.name.toLowerCase() === name.toLowerCase())),
      )
    )
      return `--key ${name}=…: no API key scheme of the contract is named so (${takes})`;
  const needing = model.operations.filter((op) => op.auth === 'required');
  if (
    needing.length > 0 &&
    !needing.some((op) =>
      credentialsFor({ auth: op.auth, security: op.authAlternatives }, schemes, credentials),
    )
  )
    return `the credentials given satisfy no operation of the contract (${takes})`;
  return undefined;
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

/** The `--contract` an argument list names (`--contract F` or `--contract=F`), else ours. */
export function contractFileOf(argv: string[]): string {
  let file: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--contract' && i + 1 < argv.length) file = argv[i + 1];
    else if (arg.startsWith('--contract=')) file = arg.slice('--contract='.length);
  });
  return resolve(file ?? resolve(PROJECT_ROOT, 'openapi/openapi.yaml'));
}

/** The command line read against its contract: the contract as loaded, and the arguments. */
export interface CommandLine {
  loaded?: Awaited<ReturnType<typeof loadContract>>;
  loadFailure?: string;
  naming: { names: CredentialNames; setAside?: string };
  args: CliArgs;
}

/**
 * Reads the arguments with the contract's names for the HTTP Basic pair (`--email` on ours,
 * `--username` on a document that names none): the command line, or the usage problem.
 */
export async function readCommandLine(
  argv: string[],
): Promise<CommandLine | { problem: string; names: CredentialNames; aside: string }> {
  let loaded: CommandLine['loaded'];
  let loadFailure: string | undefined;
  try {
    loaded = await loadContract(contractFileOf(argv));
  } catch (error) {
    loadFailure = (error as Error).message;
  }
  const naming = loaded?.ok ? basicNaming(loaded.contract.model) : { names: BASIC_NAMES };
  try {
    const args = parseArgs(argv, undefined, undefined, naming.names);
    return { loaded, loadFailure, naming, args };
  } catch (error) {
    const aside = naming.setAside ? `\nnote: ${naming.setAside}` : '';
    return { problem: (error as Error).message, names: naming.names, aside };
  }
}

export async function runCli(
  argv: string[],
  out: (text: string) => void = console.log,
  progress: (text: string) => void = (t) => process.stderr.write(`${t}\n`),
  /** the command line, read already (`readCommandLine`) */
  read?: CommandLine,
): Promise<number> {
  const line = read ?? (await readCommandLine(argv));
  if ('problem' in line) {
    out(`contract: ${line.problem}${line.aside}\n\n${usage(line.names)}`);
    return 2;
  }
  const { loaded, loadFailure, naming, args } = line;
  const names = naming.names;
  if (args.help) {
    out(usage(names));
    return 0;
  }
  if (naming.setAside && !args.quiet) progress(`note: ${naming.setAside}`);
  let report: RunReport;
  try {
    if (!loaded) throw new Error(loadFailure ?? 'the contract could not be read');
    if (!loaded.ok) {
      out(
        `contract: the contract is invalid (${loaded.problems.length} problems); run \`npm run generate\` to see them`,
      );
      return 2;
    }
    const unfit = args.unauthenticatedOnly
      ? undefined
      : credentialsProblem(loaded.contract.model, args.credentials);
    if (unfit) {
      out(`contract: ${unfit}`);
      return 2;
    }
    const generated = await loadGenerated(args.generated);
    // Without scenarios of its own, a contract's operations run chained by its links.
    const links = args.scenarios ? undefined : operationLinks(loaded.contract.model);
    const scenarios = args.scenarios
      ? loadScenarios(args.scenarios, Object.keys(generated.operations))
      : { ok: true as const, workflows: [sampleWorkflow(loaded.contract.model, links)] };
    if (!scenarios.ok) {
      out(scenarios.problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join('\n'));
      return 2;
    }
    // In-process servers (MSW) answer fetch without a socket: only the CLI, which talks to a
    // real server, asks whether one listens.
    const target = serverUrl(args.baseUrl, loaded.contract.model);
    const down = await unreachable(target, args.timeoutMs);
    if (down !== undefined) throw new Error(`cannot connect to ${target} (${down})`);
    const client = await loadGeneratedClient(args.generated);
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
      minCoverage: args.minCoverage,
      sendValid: client
        ? sendThroughClient({ ...client, bodyKeys: bodyKeysOf(loaded.contract.model) })
        : undefined,
      progress: args.quiet ? undefined : progress,
    };
    report = await runContract(
      { model: loaded.contract.model, ...generated, workflows: scenarios.workflows, links },
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
  return report.summary.failed > 0 || report.coverage.shortfalls.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
