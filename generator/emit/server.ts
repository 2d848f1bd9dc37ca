/**
 * generated/server.ts: the typed server side of the contract. A `Handlers` interface with one
 * method per operation (typed parameters in, one of the documented responses out) and a
 * `createRequestListener` bound to the generated operation table and validators. All behaviour
 * lives in runtime/server.ts; this file is types plus one small function.
 *
 * Types are cross-references into generated/types.ts (openapi-typescript's `paths`), so
 * the handler types can never disagree with the client's.
 */
import { errorTakesCode } from '../model/errors.js';
import { schemesInUse } from '../model/security.js';
import type { ApiModel, Operation, Response } from '../model/types.js';
import { banner, commentText, jsdoc, literal, propertyKey } from '../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';

export const serverEmitter: Emitter = {
  name: 'server',
  root: 'code',
  needs: ['types', 'operations', 'validators'],
  reads: 'withoutOperationDescriptions',
  schedule: { rank: 5, loadsTypeScript: true },
  emit(ctx: EmitContext): GeneratedFile[] {
    return [{ path: 'server.ts', contents: emitServerStubs(ctx) }];
  },
};

export function emitServerStubs(ctx: EmitContext): string {
  const ops = ctx.model.operations;
  const runtime = (file: string) => literal(`${ctx.runtimeImport}/${file}`);
  const out: string[] = [
    banner(ctx.model.sourceFile, ctx.command).trimEnd(),
    `import type { paths } from './types.js';`,
    `import { authSchemes, basePath, levels, operations, refusals } from './operations.js';`,
    `import * as validators from './validators.js';`,
    `import { createHttpServer as createServer, createRequestListener as createListener, type Authenticate as AnyAuthenticate, type BasicCredentials, type Handler, type HandlerContext, type HandlerResult, type HttpClientErrorStatus, type HttpErrorStatus, type KeyCredentials, type ListenerOptions, type OtherCredentials, type RequestListener, type SchemeCredentials, type ServerTimeouts, type TokenCredentials, type TransportRequest } from ${runtime('server.js')};`,
    '',
    ...resultHelpers(ctx.model, runtime('server.js')),
    `export type { BasicCredentials, Credentials, HandlerContext, HandlerResult, KeyCredentials, Logger, OtherCredentials, RequestListener, SchemeCredentials, TokenCredentials } from ${runtime('server.js')};`,
    '',
    ...credentialTypes(ctx.model),
    '',
    `type Awaitable<T> = T | Promise<T>;`,
    `/** The user a handler sees: per the operation's auth (\`none\`: null, \`optional\`: maybe null). */`,
    `type UserFor<User, Auth extends 'none' | 'optional' | 'required'> = Auth extends 'required' ? User : Auth extends 'optional' ? User | null : null;`,
    '',
  ];
  for (const op of ops) {
    const { paramsType: params, resultType: result } = op.names;
    out.push(
      jsdoc([
        `Decoded parameters of \`${op.id}\` (${op.method.toUpperCase()} ${op.path}), flattened by name.`,
      ]).trimEnd(),
    );
    out.push(`export type ${params} = ${paramsType(op)};`);
    out.push(jsdoc([`The documented responses of \`${op.id}\`, errors included.`]).trimEnd());
    out.push(`export type ${result} =\n${resultType(op)};`);
    out.push('');
  }
  out.push(
    jsdoc([
      'One method per operation of the contract. Each gets the decoded, validated parameters and a',
      "context with the authenticated user, and returns one of the operation's documented responses",
      ctx.model.errorConventions.envelope
        ? '(`ok(...)` / `error(...)` build the envelopes).'
        : "(`ok(...)` / `error(...)` build them, errors in the contract's error shape).",
    ]).trimEnd(),
  );
  out.push(`export interface Handlers<User = unknown> {`);
  for (const op of ops) {
    const { paramsType: params, resultType: result, handler } = op.names;
    out.push(
      jsdoc(
        [
          op.summary
            ? `${op.summary} (\`${op.method.toUpperCase()} ${op.path}\`)`
            : `\`${op.method.toUpperCase()} ${op.path}\``,
          op.permission && `Permission: ${op.permission}`,
          op.lifecycle.deprecated && '@deprecated',
        ],
        '  ',
      ).trimEnd(),
    );
    out.push(
      `  ${propertyKey(handler)}(params: ${params}, context: HandlerContext<UserFor<User, ${literal(op.auth)}>>): Awaitable<${result}>;`,
    );
  }
  out.push('}', '');
  out.push(
    `/** The handler type of one operation, for implementations kept in their own files. */`,
  );
  out.push(
    `export type HandlerOf<K extends keyof Handlers, User = unknown> = Handlers<User>[K];`,
    '',
  );
  out.push(
    jsdoc([
      "A node:http listener (and connect/express middleware) serving `handlers` under the contract's",
      'base path, with the generated operation table and validators. See runtime/server.ts.',
      'It serves as a server of the newest feature level unless `featureLevel` says otherwise.',
    ]).trimEnd(),
  );
  const anyAuth = ops.some((op) => op.auth !== 'none');
  out.push(
    `export function createRequestListener<User>(options: Omit<ListenerOptions<User>, 'handlers' | 'operations' | 'validators' | 'basePath' | 'levels' | 'authenticate' | 'authSchemes' | 'refusals'> & { handlers: Handlers<User>; basePath?: string; authenticate${anyAuth ? '' : '?'}: Authenticate<User> }): RequestListener {`,
  );
  out.push(`  return createListener<User>({`);
  out.push(`    ...options,`);
  out.push(`    handlers: options.handlers as unknown as Record<string, Handler<User>>,`);
  // The runtime's hook takes any scheme's credentials; this contract's are a subset of them.
  out.push(
    anyAuth
      ? `    authenticate: options.authenticate as AnyAuthenticate<User>,`
      : `    authenticate: (options.authenticate ?? (() => null)) as AnyAuthenticate<User>,`,
  );
  out.push(`    authSchemes,`);
  out.push(`    refusals,`);
  out.push(`    operations,`);
  out.push(`    levels,`);
  out.push(`    validators,`);
  out.push(`    basePath: options.basePath ?? basePath,`);
  out.push(`  });`);
  out.push(`}`, '');
  out.push(
    jsdoc([
      "A node:http server for `listener` with the runtime's timeouts, answering what node's HTTP parser",
      "refuses (headers too large, a malformed request) in the contract's error shape. See runtime/server-node.ts.",
    ]).trimEnd(),
  );
  out.push(
    `export function createHttpServer(listener: RequestListener, timeouts: Omit<ServerTimeouts, 'refusals'> = {}): ReturnType<typeof createServer> {`,
  );
  out.push(`  return createServer(listener, { ...timeouts, refusals });`);
  out.push(`}`, '');
  return out.join('\n');
}

/**
 * The helpers handlers build answers with. Our API's contract (its answers are `{result, msg,
 * code}` envelopes, model/errors.ts): the runtime's `ok`, `error` and `notImplemented`, which
 * build exactly those. Any other contract: `ok(body)` answers 200 with the body as given, and
 * `error` / `notImplemented` write the contract's error shape (`refusals`, decided by the model
 * from its error responses) through the runtime's `shapedError`, typed by its error schema
 * (`errorSchema`) where its errors share a named one. `code` is a parameter only where its
 * errors carry a code.
 */
function resultHelpers(model: ApiModel, serverModule: string): string[] {
  const conventions = model.errorConventions;
  if (conventions.envelope)
    return [`export { ok, error, notImplemented, LISTENER_ERROR_CODES } from ${serverModule};`];
  const refusal = conventions.refusal;
  // No named schema: any object (inline schemas differ); no error body declared at all: `any`,
  // as the words still go as `{message}` (the servers' own refusals do the same).
  const body =
    conventions.errorSchema !== undefined
      ? `components['schemas'][${literal(conventions.errorSchema)}]`
      : conventions.shape
        ? 'Record<string, any>'
        : 'any';
  const takesCode = errorTakesCode(refusal);
  const nested = refusal.within ? ` (inside \`${commentText(refusal.within.name)}\`)` : '';
  return [
    `import { shapedError, LISTENER_ERROR_CODES } from ${serverModule};`,
    ...(conventions.errorSchema !== undefined
      ? [`import type { components } from './types.js';`]
      : []),
    `export { LISTENER_ERROR_CODES };`,
    '',
    `/** An error body of this contract${conventions.errorSchema !== undefined ? ` (its \`${commentText(conventions.errorSchema)}\` schema)` : conventions.shape ? '' : ' (it declares none: untyped)'}. */`,
    `export type ErrorBody = ${body};`,
    '',
    `/** A 200 answer with \`body\` as it is. */`,
    `export function ok<B>(body: B): HandlerResult<200, B> {`,
    `  return { status: 200, body };`,
    `}`,
    '',
    jsdoc([
      `An error answer in this contract's error shape: the words in \`${commentText(refusal.message)}\`${nested}${takesCode ? `, \`code\` in \`${commentText(refusal.code!.name)}\`` : refusal.code ? `, the status in \`${commentText(refusal.code.name)}\`` : ''}, \`extra\` fields beside them.`,
    ]).trimEnd(),
    takesCode
      ? `export function error<S extends HttpErrorStatus>(status: S, code: string, message: string, extra?: Record<string, unknown>): HandlerResult<S, ErrorBody> {`
      : `export function error<S extends HttpErrorStatus>(status: S, message: string, extra?: Record<string, unknown>): HandlerResult<S, ErrorBody> {`,
    takesCode
      ? `  return shapedError<S, ErrorBody>(refusals, status, code, message, extra);`
      : `  return shapedError<S, ErrorBody>(refusals, status, '', message, extra);`,
    `}`,
    '',
    jsdoc([
      "What a starter implementation answers until someone writes the real one: a 501 in the contract's",
      "error shape. Typed as the operation's result (`R`, inferred where it is returned) so that a",
      'starter compiles on any contract, also where 501 is not a documented status.',
    ]).trimEnd(),
    `export function notImplemented<R = HandlerResult<501, ErrorBody>>(operationId: string): R {`,
    `  return shapedError<501, ErrorBody>(refusals, 501, LISTENER_ERROR_CODES.notImplemented, \`The operation \${operationId} is not implemented yet.\`) as unknown as R;`,
    `}`,
    '',
  ];
}

/**
 * `ApiCredentials`, what `authenticate` gets for this contract (one member per security scheme
 * operations use, tagged with its name), and `Authenticate<User>` taking it.
 */
function credentialTypes(model: ApiModel): string[] {
  const used = schemesInUse(model.securitySchemes, [
    model.defaultAuthAlternatives,
    ...model.operations.map((op) => op.authAlternatives),
  ]);
  const TYPES = {
    basic: 'BasicCredentials',
    bearer: 'TokenCredentials',
    apiKey: 'KeyCredentials',
    other: 'OtherCredentials',
  } as const;
  const members = Object.keys(used)
    .sort()
    .map((name) => `(${TYPES[used[name].type]} & { scheme: ${literal(name)} })`);
  return [
    jsdoc([
      "The credentials `authenticate` gets: those of the contract's security schemes (HTTP Basic's",
      'username and password, a Bearer token, an API key), tagged with the scheme name; the schemes',
      'sent with it, when an operation takes several together, in `also`.',
    ]).trimEnd(),
    `export type ApiCredentials = ${members.length ? `(${members.join(' | ')}) & { also?: SchemeCredentials[] }` : 'never'};`,
    `/** Resolves a request's credentials to a user; null or undefined answers 401. */`,
    `export type Authenticate<User> = (credentials: ApiCredentials, request: TransportRequest) => User | null | undefined | Promise<User | null | undefined>;`,
  ];
}

/**
 * The openapi-typescript type of the operation, by its path and method (as the client does).
 * Not `operations[id]`: that exists only for operations whose contract gives an operationId
 * (the ids the model synthesizes for the others are not in it), and openapi-typescript rewrites
 * some ids (`put_files_id#add_shared_link` becomes `put_files_id/add_shared_link`).
 */
function opType(op: Operation): string {
  return `paths[${literal(op.path)}][${literal(op.method)}]`;
}

function paramsType(op: Operation): string {
  const id = opType(op);
  const parts: string[] = [];
  const has = (where: string) => op.parameters.some((p) => p.in === where);
  if (has('path')) parts.push(`${id}['parameters']['path']`);
  if (has('query')) parts.push(`NonNullable<${id}['parameters']['query']>`);
  if (has('header')) parts.push(`NonNullable<${id}['parameters']['header']>`);
  const body = op.requestBody;
  const media = body?.representative;
  if (body && media) {
    const content = `NonNullable<${id}['requestBody']>['content'][${literal(media.type)}]`;
    if (body.kind === 'form') parts.push(body.required ? content : `Partial<${content}>`);
    else parts.push(`{ body${body.required ? '' : '?'}: ${content} }`);
  }
  return parts.length === 0 ? 'Record<string, never>' : parts.join(' & ');
}

function resultType(op: Operation): string {
  const id = opType(op);
  const arms = op.responses.map((r) => {
    const status = statusType(r);
    const body = bodyType(id, r);
    return `  | HandlerResult<${status}, ${body}>`;
  });
  return arms.length > 0 ? arms.join('\n') : '  HandlerResult';
}

/** `200` → 200; `4XX` → the client-error statuses; `default` → any error status. */
function statusType(r: Response): string {
  if (/^[1-5][0-9][0-9]$/.test(r.status)) return r.status;
  if (/^4XX$/i.test(r.status)) return 'HttpClientErrorStatus';
  if (/^5XX$/i.test(r.status))
    return 'Extract<HttpErrorStatus, 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511>';
  // `default` documents this API's errors (their status is not given); a handler answers an error status.
  return 'HttpErrorStatus';
}

function bodyType(id: string, r: Response): string {
  const media = r.representative;
  if (!media) return 'undefined';
  const key = /^[0-9]+$/.test(r.status) ? r.status : literal(r.status);
  return `${id}['responses'][${key}]['content'][${literal(media.type)}]`;
}
