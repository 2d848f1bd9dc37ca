/**
 * `tms-gen scaffold [--dir src/handlers]`: a starter implementation for every operation that has
 * none yet, one file per operation, typed from generated/server.ts and answering a clear
 * "not implemented" error, plus an `index.ts` gathering them into a `Handlers` object and a
 * `user.ts` (the authenticated user's type, `AppUser`, and an `authenticate` starter) when
 * those do not exist yet. Handlers get `context.user` typed as `AppUser`. Existing files are never overwritten: a rerun after the contract
 * grows writes only the new operations' files (the index then needs the new lines by hand,
 * which the command prints).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { CliOptions } from '../run/options.js';
import { formatProblem } from '../common/contract-error.js';
import { loadContract } from '../load/index.js';
import { errorTakesCode } from '../model/errors.js';
import { schemesInUse } from '../model/security.js';
import type { ApiModel, ErrorConventions, Operation } from '../model/types.js';
import { jsdoc, literal } from '../common/source.js';
import { packageName } from '../model/artifact-names.js';
import { OUR_CONTRACT } from './prepared.js';
import { DEFAULT_CONTRACT, missingContract } from '../common/usage.js';

export interface ScaffoldResult {
  written: string[];
  skipped: string[];
  /** lines to print */
  lines: string[];
  exitCode: 0 | 1 | 2;
}

/** The import specifier of generated/server.js seen from `dir`. */
function serverImport(dir: string, outDir: string): string {
  let rel = relative(resolve(dir), resolve(outDir, 'server.js')).split('\\').join('/');
  if (!rel.startsWith('.')) rel = './' + rel;
  return rel;
}

/**
 * How the generated server's helpers are called for this contract (generator/emit/server.ts
 * `resultHelpers`, by the model's error conventions and `errorTakesCode`): our envelopes, or the contract's shape.
 */
function helperUsage(conventions: ErrorConventions): string {
  if (conventions.envelope)
    return 'Return `ok({...})` on success or `error(status, code, msg)` on failure.';
  const code = errorTakesCode(conventions.refusal);
  return `Return \`ok(body)\` on success or \`error(status, ${code ? 'code, ' : ''}message)\` on failure (the contract's error shape).`;
}

export function starterSource(
  op: Operation,
  name: string,
  importPath: string,
  conventions: ErrorConventions,
): string {
  const doc = jsdoc([
    `${op.summary ?? op.id} — \`${op.method.toUpperCase()} ${op.path}\``,
    op.permission && `Permission: ${op.permission}`,
    '',
    'Starter implementation written by `tms-gen scaffold`; it is yours to edit (scaffold never',
    `overwrites it). ${helperUsage(conventions)}`,
  ]);
  return [
    `import { notImplemented, type HandlerOf } from ${literal(importPath)};`,
    `import type { AppUser } from './user.js';`,
    '',
    doc.trimEnd(),
    `export const ${name}: HandlerOf<${literal(op.id)}, AppUser> = async (params, context) => {`,
    `  void params;`,
    `  void context;`,
    `  return notImplemented(${literal(op.id)});`,
    `};`,
    '',
  ].join('\n');
}

/**
 * The authenticated user's type and a starter `authenticate` that refuses everyone. Its
 * credentials are the contract's (the generated server's `ApiCredentials`): a contract whose
 * only scheme is HTTP Basic gets them as `{ email, apiKey }` (our API's names for username and
 * password), any other the tagged credentials to switch on.
 */
function userSource(importPath: string, model: ApiModel): string {
  const used = schemesInUse(model.securitySchemes, [
    model.defaultAuthAlternatives,
    ...model.operations.map((op) => op.authAlternatives),
  ]);
  const basicOnly =
    Object.keys(used).length > 0 && Object.values(used).every((s) => s.type === 'basic');
  if (!basicOnly)
    return [
      `import type { Authenticate } from ${literal(importPath)};`,
      '',
      '/** Who a request comes from: what `authenticate` returns, and `context.user` in handlers. */',
      'export interface AppUser {',
      '  id: string;',
      '}',
      '',
      '/**',
      " * Checks a request's credentials, as the contract's security schemes carry them",
      ' * (`credentials.scheme` names the scheme; `type` is basic, bearer, apiKey or other). Return the',
      ' * user, or null to answer 401. Starter: refuses everyone.',
      ' */',
      'export const authenticate: Authenticate<AppUser> = async (credentials) => {',
      '  void credentials;',
      '  return null;',
      '};',
      '',
    ].join('\n');
  return [
    `import type { Authenticate } from ${literal(importPath)};`,
    '',
    '/**',
    ' * Who a request comes from: what `authenticate` returns, and what every handler gets as',
    ' * `context.user` (null for an operation that needs no authentication). Yours to edit: add what',
    ' * your handlers need (an id, a role, ...).',
    ' */',
    'export interface AppUser {',
    '  email: string;',
    '}',
    '',
    '/**',
    ' * Checks the credentials of a request, `{ email, apiKey }` (HTTP Basic: the email address as the',
    ' * username, the API key as the password). Return the user, or null to answer 401.',
    ' * Starter: refuses everyone until you look the key up in your user store.',
    ' */',
    'export const authenticate: Authenticate<AppUser> = async ({ email, apiKey }) => {',
    '  void email;',
    '  void apiKey;',
    '  return null;',
    '};',
    '',
  ].join('\n');
}

function indexSource(
  entries: { op: Operation; name: string; file: string }[],
  importPath: string,
): string {
  return [
    `import type { Handlers } from ${literal(importPath)};`,
    `import type { AppUser } from './user.js';`,
    ...entries.map(({ name, file }) => `import { ${name} } from ${literal(`./${file}.js`)};`),
    '',
    `/** Every operation's implementation, for createRequestListener({ handlers, authenticate }). */`,
    `export const handlers: Handlers<AppUser> = {`,
    ...entries.map(({ op, name }) => `  ${op.id === name ? name : `${literal(op.id)}: ${name}`},`),
    `};`,
    '',
  ].join('\n');
}

export const SCAFFOLD_HELP = `tms-gen scaffold — write a starter handler per operation of the contract, plus an
index.ts gathering them and a user.ts; a file that exists is never overwritten

Usage: tms-gen scaffold [--contract <file>] [--dir <dir>] [--out <dir> | --server <module>]

Options:
  --contract <file>   the contract's root document (default: ${DEFAULT_CONTRACT}; without
                      one there, the Team Messaging Service contract, whose starters import
                      its installed bindings, team-messaging-service-api/server)
  --dir <dir>         where the starter handlers go (default: src/handlers)
  --out <dir>         where the generated bindings are: the starters import its server.ts
                      (default: generated)
  --server <module>   what the starters import instead, e.g. your bindings' package/server
  --ref-root <dir>, --max-…   the loader's limits, as for generate (tms-gen --help)

Exit codes: 0 ok · 1 contract invalid · 2 usage error (unknown option, no such contract file)`;

export async function scaffold(given: CliOptions): Promise<ScaffoldResult> {
  // In an app without a contract of its own (openapi/openapi.yaml) and no --contract: the
  // contract the toolkit ships, whose starters import the installed bindings' package.
  const shipped = given.contractDefaulted === true && !existsSync(given.contract);
  const opts = shipped ? { ...given, contract: OUR_CONTRACT } : given;
  const missing = missingContract('scaffold', opts.contract);
  if (missing) return { written: [], skipped: [], exitCode: 2, lines: [missing] };
  const loaded = await loadContract(opts.contract, { limits: opts.limits });
  if (!loaded.ok) {
    return {
      written: [],
      skipped: [],
      exitCode: 1,
      lines: [
        `${opts.contract}: the contract is invalid; nothing was written`,
        ...loaded.problems.map((p) => '  ' + formatProblem(p)),
      ],
    };
  }
  const dir = opts.dir ?? 'src/handlers';
  const model = loaded.contract.model;
  const importPath =
    opts.server ??
    (shipped ? `${packageName(model.info.title)}/server` : serverImport(dir, opts.out));
  const written: string[] = [];
  const skipped: string[] = [];
  const lines: string[] = [];
  if (opts.server === undefined && !shipped && !existsSync(resolve(opts.out, 'server.ts')))
    lines.push(
      `note: ${join(opts.out, 'server.ts')} does not exist yet; run \`tms-gen\` so the starters compile`,
    );
  const entries = loaded.contract.model.operations.map((op) => ({
    op,
    name: op.names.handlerExport,
    file: op.names.handlerFile,
  }));
  mkdirSync(dir, { recursive: true });
  for (const { op, name, file: stem } of entries) {
    const file = join(dir, `${stem}.ts`);
    if (existsSync(file)) {
      skipped.push(file);
      continue;
    }
    writeFileSync(
      file,
      starterSource(op, name, importPath, loaded.contract.model.errorConventions),
      {
        flag: 'wx',
      },
    );
    written.push(file);
  }
  const user = join(dir, 'user.ts');
  if (existsSync(user)) skipped.push(user);
  else {
    writeFileSync(user, userSource(importPath, loaded.contract.model), { flag: 'wx' });
    written.push(user);
  }
  const index = join(dir, 'index.ts');
  if (existsSync(index)) {
    skipped.push(index);
    const added = entries.filter(({ file }) => written.includes(join(dir, `${file}.ts`)));
    if (added.length > 0) {
      lines.push(`${index} exists and was not changed; add the new operations to it:`);
      for (const { op, name, file } of added)
        lines.push(
          `  import { ${name} } from './${file}.js';   // and \`${op.id === name ? name : `${literal(op.id)}: ${name}`},\` in handlers`,
        );
    }
  } else {
    mkdirSync(dirname(index), { recursive: true });
    writeFileSync(index, indexSource(entries, importPath), { flag: 'wx' });
    written.push(index);
  }
  const summary = [
    `tms-gen scaffold: ${written.length} file${written.length === 1 ? '' : 's'} written, ${skipped.length} skipped (existing files are never overwritten)`,
    ...written.map((f) => `  wrote    ${f}`),
    ...skipped.map((f) => `  skipped  ${f} (exists)`),
  ];
  return { written, skipped, lines: [...summary, ...lines], exitCode: 0 };
}

export async function runScaffold(opts: CliOptions): Promise<number> {
  const result = await scaffold(opts);
  const print = result.exitCode === 0 ? console.log : console.error;
  for (const line of result.lines) print(line);
  return result.exitCode;
}
