/**
 * The runner's command line, read and checked: the options (options.ts) plus the contract's
 * names for the HTTP Basic pair, credentials from the options or the environment, never both.
 * Every problem is an Error whose message is for the user (the CLI prints it with the usage).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseNodeArgs } from 'node:util';
import { BASIC_NAMES, type CredentialNames } from '../generator/model/security.js';
import { placeholderOf, type Credentials } from './credentials.js';
import { parseMinCoverage, type MinCoverage } from './coverage.js';
import { RUNNER_OPTIONS, type RunnerValues } from './options.js';
import { DEFAULT_MAX_EXAMPLES, pairOptions } from './usage.js';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUR_CONTRACT = resolve(PROJECT_ROOT, 'openapi/openapi.yaml');

export interface CliArgs {
  baseUrl: string;
  credentials?: Credentials;
  other?: Credentials;
  contract: string;
  generated: string;
  /** whether `--generated` was given (else `generated` is the default folder) */
  generatedGiven: boolean;
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
  /** `--quiet`: the verdict and the failures only (progress lines are off in CI as well) */
  quiet: boolean;
  help: boolean;
}

/** The parsed options: the runner's own and the contract's names for the pair. */
type Values = Record<string, string | string[] | boolean | undefined> & RunnerValues;
type Env = Record<string, string | undefined>;
type Pair = { user: string; password: string };

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

/** A user and password given together, or neither. */
function pair(
  user: string | undefined,
  secret: string | undefined,
  spelled: [string, string],
): Pair | undefined {
  if ((user === undefined) !== (secret === undefined))
    throw new Error(`${spelled[0]} and ${spelled[1]} go together`);
  if (secret === '') throw new Error(`${spelled[1]} is empty`);
  return user !== undefined ? { user, password: secret! } : undefined;
}

/** The options for `names` (the pair by the contract's names, the scenarios' `--password`). */
function parseOptions(argv: string[], names: CredentialNames): Values {
  const { user: u, password: p, legacy } = pairOptions(names);
  const text = { type: 'string' } as const;
  const { values } = parseNodeArgs({
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
  return values as Values;
}

/**
 * The contract file an argument list names (else ours), read by the runner's own options before
 * the contract's names for the pair are known: what they are depends on the contract.
 */
export function contractFileOf(argv: string[]): string {
  const { values } = parseNodeArgs({
    args: argv,
    strict: false,
    allowPositionals: true,
    options: RUNNER_OPTIONS,
  });
  const given = values.contract;
  return resolve(typeof given === 'string' ? given : OUR_CONTRACT);
}

/** Arguments, checked; throws an Error whose message is for the user. */
export function parseArgs(
  argv: string[],
  randomSeed = () => Math.floor(Math.random() * 2 ** 31),
  env: Env = process.env,
  /** what the contract calls its HTTP Basic pair (the model's; `basicNamesOf`) */
  names: CredentialNames = BASIC_NAMES,
): CliArgs {
  const values = parseOptions(argv, names);
  const help = values.help === true;
  const baseUrl = values['base-url'] ?? '';
  if (!help) {
    if (!baseUrl) throw new Error('--base-url is required');
    if (!/^https?:\/\//.test(baseUrl))
      throw new Error(`--base-url must be an http(s) URL, got '${baseUrl}'`);
  }
  const credentials = credentialsOf(values, env, names);
  const other = otherCredentialsOf(values, names);
  const unauthenticatedOnly = values['unauthenticated-only'] === true;
  if (!help && !credentials && !unauthenticatedOnly) {
    const { user: u, password: p } = pairOptions(names);
    throw new Error(
      `no credentials: give --${u} and --${p} (HTTP Basic), --bearer TOKEN or --key NAME=VALUE, as the contract’s security schemes take them (or --unauthenticated-only to test only what needs none)`,
    );
  }
  if (values['read-only'] && values['allow-destructive'])
    throw new Error('--read-only and --allow-destructive contradict each other');
  return {
    baseUrl,
    credentials,
    other,
    ...runOptionsOf(values, names, randomSeed),
    unauthenticatedOnly,
    help,
  };
}

/** What runs and how it is judged and reported (everything but the URL and credentials). */
function runOptionsOf(values: Values, names: CredentialNames, randomSeed: () => number) {
  const p = pairOptions(names).password;
  return {
    contract: resolve(values.contract ?? OUR_CONTRACT),
    generated: resolve(values.generated ?? resolve(PROJECT_ROOT, 'generated')),
    generatedGiven: values.generated !== undefined,
    password: p === 'password' ? undefined : (values.password as string | undefined),
    inputs: inputsOf(values.input ?? []),
    only: list(values.only),
    skip: list(values.skip),
    readOnly: values['read-only'] === true,
    allowDestructive: values['allow-destructive'] === true,
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
    quiet: values.quiet === true,
  };
}

function inputsOf(entries: string[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new Error(`--input takes NAME=VALUE, got '${entry}'`);
    inputs[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return inputs;
}

/** The HTTP Basic pair and the API keys given with it (`--api-key NAME=VALUE` is a key). */
function basicOf(
  values: Values,
  env: Env,
  names: CredentialNames,
): { basic: Pair | undefined; apiKeys: string[] } {
  const { user: u, password: p, legacy } = pairOptions(names);
  const str = (name: string) => values[name] as string | undefined;
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
  if (named || namedEnv) {
    const basic = named
      ? pair(str(u), str(p), [`--${u}`, `--${p}`])
      : pair(env[envName(names.user)], env[envName(names.password)], [
          envName(names.user),
          envName(names.password),
        ]);
    const apiKeys = values['api-key'] ?? [];
    if (apiKeys.some((k) => k.indexOf('=') <= 0))
      throw new Error(
        `--api-key: an API key goes as --key NAME=VALUE (HTTP Basic: --${u}, --${p})`,
      );
    return { basic, apiKeys };
  }
  const email = fromEnv ? env.CONTRACT_EMAIL : values.email;
  const apiKeys =
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
    throw new Error('--email and --api-key go together (for an API key scheme: --key NAME=VALUE)');
  const basic = pair(email, email !== undefined ? apiKeys[0] : undefined, ['--email', '--api-key']);
  return { basic, apiKeys: email !== undefined ? [] : apiKeys };
}

/** The credentials of the user the run acts as, from the options or the environment. */
function credentialsOf(values: Values, env: Env, names: CredentialNames): Credentials | undefined {
  const { basic, apiKeys } = basicOf(values, env, names);
  const bearer = values.bearer ?? env.CONTRACT_BEARER;
  const keyOptions =
    values.key ?? (env.CONTRACT_KEYS ?? '').split('\n').filter((line) => line.trim() !== '');
  const keyPairs = [...apiKeys, ...keyOptions];
  const keys = keyMap(keyPairs, '--key') ?? {};
  if (bearer === '') throw new Error('--bearer is empty');
  return basic || bearer !== undefined || keyPairs.length > 0
    ? {
        ...(basic ? { basic } : {}),
        ...(bearer !== undefined ? { bearer } : {}),
        ...(keyPairs.length > 0 ? { keys } : {}),
      }
    : undefined;
}

/** The second user's credentials (`--other-…`), options only. */
function otherCredentialsOf(values: Values, names: CredentialNames): Credentials | undefined {
  const { user: u, password: p, legacy } = pairOptions(names);
  const str = (name: string) => values[name] as string | undefined;
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
  return otherBasic || values['other-bearer'] !== undefined || otherKeys
    ? {
        ...(otherBasic ? { basic: otherBasic } : {}),
        ...(values['other-bearer'] !== undefined ? { bearer: values['other-bearer'] } : {}),
        ...(otherKeys ? { keys: otherKeys } : {}),
      }
    : undefined;
}
