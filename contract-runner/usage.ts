/**
 * The runner's help: its options by what the contract calls its HTTP Basic pair (ours
 * `--email`/`--api-key`; a contract that names none `--username`/`--password`).
 */
import {
  BASIC_NAMES,
  namesEmailAndKey,
  type CredentialNames,
} from '../generator/model/security.js';
import { optionOf, placeholderOf } from './credentials.js';

export const DEFAULT_MAX_EXAMPLES = 5;

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
  --report NAME                   write NAME.json and NAME.xml (JUnit: one testcase per operation);
                                  a NAME ending in .json or .xml writes that report only (repeatable)
  --quiet                         print only the verdict and the failures: no table, no progress
                                  lines (progress lines are also off when CI=true)
  --help                          this text

exit codes: 0 no violation, 1 violations or coverage below --min-coverage, 2 usage or setup error`;
}

/** The help for a contract that names its HTTP Basic pair nothing (RFC 7617's names). */
export const USAGE = usage();
