/**
 * The runner's own options, named once: the argument parser reads this table, the parsed values
 * are typed from it, and a contract's names for the HTTP Basic pair are checked against its
 * keys (credentials.ts, `basicNamesOf`), so an option added here is one no contract can take.
 * The pair's options by the contract's names (`--username`, `--other-username`, ...) and the
 * scenarios' `--password` are added to it per contract (cli.ts, `parseArgs`).
 */
import type { ParseArgsConfig } from 'node:util';

const text = { type: 'string' } as const;
const texts = { type: 'string', multiple: true } as const;
const flag = { type: 'boolean' } as const;

export const RUNNER_OPTIONS = {
  'base-url': text,
  // Our API's names for the pair, accepted on every contract (they were the only ones).
  email: text,
  'api-key': texts,
  'other-email': text,
  'other-api-key': text,
  bearer: text,
  key: texts,
  contract: text,
  generated: text,
  'other-bearer': text,
  'other-key': texts,
  'unauthenticated-only': flag,
  only: texts,
  skip: texts,
  'read-only': flag,
  'allow-destructive': flag,
  input: texts,
  stateless: flag,
  scenarios: text,
  seed: text,
  'max-examples': text,
  'auth-status': text,
  'min-coverage': text,
  timeout: text,
  report: texts,
  quiet: flag,
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

type OptionValue<O> = O extends { type: 'boolean' }
  ? boolean
  : O extends { multiple: true }
    ? string[]
    : string;

/** The parsed values of the runner's own options (absent when not given). */
export type RunnerValues = {
  -readonly [K in keyof typeof RUNNER_OPTIONS]?: OptionValue<(typeof RUNNER_OPTIONS)[K]>;
};

/** Whether `name` (without `--`) is one of the runner's own options. */
export const isRunnerOption = (name: string): boolean => Object.hasOwn(RUNNER_OPTIONS, name);
