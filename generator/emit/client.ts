/**
 * generated/client.ts: `createApiClient(options)` with one method per operation, named from its
 * operationId, taking one flattened parameters object (path, query, header and form-body fields
 * by name, each typed from generated/types.ts), plus openapi-fetch's path-style calls. All the
 * behaviour lives in runtime/client.ts; this file is names, types and JSDoc. The names (methods,
 * params-object keys) are the model's (model/names.ts), collisions already resolved there.
 */
import { schemesInUse } from '../model/security.js';
import type { ApiModel, CodeFields, Operation, Parameter } from '../model/types.js';
import { banner, commentText, jsdoc, literal, propertyKey } from '../common/source.js';
import { operationDoc, parameterDoc } from './client-docs.js';
import { pagingImports, pagingLines, retryLines } from './client-paging.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';

interface MethodPlan {
  op: Operation;
  name: string;
  /** the `paths[...][...]` type of the operation */
  opType: string;
  /** params-object key → field, in contract order */
  keys: { key: string; field: Parameter }[];
  /** key of the whole body, for bodies that are not forms */
  bodyKey?: string;
  required: boolean;
}

export const clientEmitter: Emitter = {
  name: 'client',
  root: 'code',
  needs: ['types', 'operations'],
  schedule: { rank: 3, loadsTypeScript: true },
  emit(ctx: EmitContext): GeneratedFile[] {
    const plans = planMethods(ctx);
    const login = plans.find((p) => p.name === 'fetchApiKey' && isLogin(p));
    const out: string[] = [
      ...headerLines(ctx, plans, login),
      ...authTypes(ctx.model),
      '',
      ...methodTypes(plans, ctx.model.errorConventions.codeFields),
      ...factoryLines(ctx, plans),
      ...(login ? loginFunction(login) : []),
      '',
      ...pagingLines(ctx.model),
      ...retryLines(ctx.model),
    ];
    return [{ path: 'client.ts', contents: out.join('\n') }];
  },
};

/** The banner, the imports and the runtime's names client.ts passes on. */
function headerLines(
  ctx: EmitContext,
  plans: MethodPlan[],
  login: MethodPlan | undefined,
): string[] {
  const layouts = plans.filter((p) => layoutOf(p) !== undefined);
  const rt = ctx.runtimeImport;
  const fieldsByCode = ctx.model.errorConventions.codeFields;
  return [
    banner(ctx.model.sourceFile, ctx.command).trimEnd(),
    `import type { ${fieldsByCode.length > 0 ? 'components, ' : ''}paths } from './types.js';`,
    `import { clientTable } from './operations.js';`,
    `import { createClientCore, type CallOptions, type CallResult, type ClientBase, type ClientOptions${layouts.length > 0 ? ', type ParamsLayout' : ''} } from ${literal(`${rt}/client.js`)};`,
    `import type { BodyOf, FieldOf, ParamsIn, SuccessData } from ${literal(`${rt}/client-types.js`)};`,
    ...(login
      ? [`import { loginResult, type LoginResult } from ${literal(`${rt}/client-login.js`)};`]
      : []),
    ...pagingImports(ctx.model, rt),
    '',
    `export type { ApiError, ApiErrorOf, CallOptions, CallResult, ClientError, ClientNotice, RetryEvent, RetryOptions, RetryPolicy, TransportError } from ${literal(`${rt}/client.js`)};`,
    `export { FeatureLevelError, isApiError } from ${literal(`${rt}/client.js`)};`,
    ...(ctx.model.operations.some((op) => op.pagination)
      ? [
          `export { ApiCallError, type Page, type PageDirection, type PageIterable, type PageOptions } from ${literal(`${rt}/client-paging.js`)};`,
        ]
      : []),
    '',
  ];
}

/** The per-method types: parameters, error codes, data, methods, names and `ApiClient`. */
function methodTypes(
  plans: MethodPlan[],
  fieldsByCode: EmitContext['model']['errorConventions']['codeFields'],
): string[] {
  return [
    `/** The parameters of each method, flattened: path, query, header and form-body fields by name. */`,
    `export interface ApiParams {`,
    ...plans.map((p) => `  ${propertyKey(p.name)}: ${paramsType(p)};`),
    `}`,
    '',
    `/** The error codes each operation documents; any other code is still representable. */`,
    `export interface ApiErrorCodes {`,
    ...plans.map(
      (p) =>
        `  ${propertyKey(p.name)}: ${p.op.errorCodes.length ? p.op.errorCodes.map(literal).join(' | ') : 'never'};`,
    ),
    `}`,
    '',
    ...errorFieldsType(fieldsByCode),
    `/** The data of each method's successful answer. */`,
    `export interface ApiData {`,
    ...plans.map((p) => `  ${propertyKey(p.name)}: SuccessData<${p.opType}>;`),
    `}`,
    '',
    `/** One method per operation. Each resolves to \`{ data, response }\` or \`{ error, response }\`. */`,
    `export interface ApiMethods {`,
    ...plans.map(
      (p) =>
        jsdoc(operationDoc(p.op), '  ') +
        `  ${propertyKey(p.name)}(params${p.required ? '' : '?'}: ApiParams[${literal(p.name)}], options?: CallOptions): Promise<CallResult<ApiData[${literal(p.name)}], ApiErrorCodes[${literal(p.name)}], ApiErrorFields>>;`,
    ),
    `}`,
    '',
    `/** The client method of each operation, by operationId (names the model chose, collisions resolved). */`,
    // Typed by an interface rather than `as const`: the package step writes declarations
    // file by file, and the type TypeScript would infer for the literal is refused past about
    // a million characters ("exceeds the maximum length the compiler will serialize"), which
    // a contract of 22,000 operations (Microsoft Graph) reaches.
    `export interface ApiMethodNames {`,
    ...plans.map((p) => `  readonly ${propertyKey(p.op.id)}: ${literal(p.name)};`),
    `}`,
    `export const methodNames: ApiMethodNames = {`,
    ...plans.map((p) => `  ${propertyKey(p.op.id)}: ${literal(p.name)},`),
    `};`,
    '',
    `/** The parameter names of each operation, by operationId (what \`supports\` takes). */`,
    `export interface ApiOperationParameters {`,
    ...plans.map(
      (p) =>
        `  ${propertyKey(p.op.id)}: ${p.keys.length ? [...new Set(p.keys.map((k) => k.field.name))].map(literal).join(' | ') : 'never'};`,
    ),
    `}`,
    '',
    `/** The methods, openapi-fetch's path-style calls (\`GET\`, \`POST\`, ...), the known feature level and \`supports\`. */`,
    `export type ApiClient = Omit<ClientBase<paths>, 'supports'> & ApiMethods & {`,
    `  /**`,
    `   * Whether the server has this operation (and this parameter of it) at its feature level (\`featureLevel\`);`,
    `   * while that is unknown, whether a server of the contract's newest level has it.`,
    `   */`,
    `  supports<Op extends keyof ApiOperationParameters>(operationId: Op, parameter?: ApiOperationParameters[Op]): boolean;`,
    `};`,
    '',
  ];
}

/** `createApiClient`: one loop over the table, with the renamed methods and layouts as data. */
function factoryLines(ctx: EmitContext, plans: MethodPlan[]): string[] {
  const renamed = plans.filter((p) => p.name !== p.op.id);
  const layouts = plans.filter((p) => layoutOf(p) !== undefined);
  return [
    ...(renamed.length > 0
      ? [
          `/** Methods whose name is not their operationId (operationId: method). */`,
          `const renamedMethods: Record<string, string> = {`,
          ...renamed.map((p) => `  ${propertyKey(p.op.id)}: ${literal(p.name)},`),
          `};`,
          '',
        ]
      : []),
    ...(layouts.length > 0
      ? [
          `/** How a method's parameters object maps onto its fields, where keys are not field names. */`,
          `const layouts: Record<string, ParamsLayout> = {`,
          ...layouts.map((p) => `  ${propertyKey(p.op.id)}: ${literal(layoutOf(p))},`),
          `};`,
          '',
        ]
      : []),
    `/** A client of ${commentText(ctx.model.info.title)}: \`createApiClient({ baseUrl, ... })\` (see \`ApiClientOptions\`). */`,
    `export function createApiClient(options: ApiClientOptions): ApiClient {`,
    `  const { base, call } = createClientCore<paths>(clientTable, options);`,
    // One loop over the table rather than a literal per method: a browser bundle carries
    // every byte of this function, and only renamed methods and unusual layouts are data.
    `  const methods: Record<string, unknown> = {};`,
    `  for (const id in clientTable.operations) {`,
    ...(renamed.length > 0
      ? [`    const name = Object.hasOwn(renamedMethods, id) ? renamedMethods[id] : id;`]
      : []),
    ...(layouts.length > 0
      ? [`    const layout = Object.hasOwn(layouts, id) ? layouts[id] : undefined;`]
      : []),
    `    methods[${renamed.length > 0 ? 'name' : 'id'}] = (params: unknown, callOptions?: CallOptions) => call(id, params, callOptions${layouts.length > 0 ? ', layout' : ''});`,
    `  }`,
    `  return Object.assign(base, methods as unknown as ApiMethods);`,
    `}`,
  ];
}

/**
 * `ApiAuth`, the credentials of the contract's schemes by name (each documented with where it
 * goes), and `ApiClientOptions` with `auth` typed by it; `email` + `apiKey` (Basic username and
 * password) where the contract has an HTTP Basic scheme.
 */
function authTypes(model: ApiModel): string[] {
  const used = schemesInUse(model.securitySchemes, [
    model.defaultAuthAlternatives,
    ...model.operations.map((op) => op.authAlternatives),
  ]);
  const schemes = model.securitySchemes.filter((s) => Object.hasOwn(used, s.name));
  const hasBasic = schemes.some((s) => s.send.type === 'basic');
  const member = (s: (typeof schemes)[number]): string => {
    const send = s.send;
    const [how, type] =
      send.type === 'basic'
        ? ['HTTP Basic: username and password.', '{ username: string; password: string }']
        : send.type === 'bearer'
          ? [
              `A token, sent as \`Authorization: Bearer <token>\`${s.type === 'http' ? '' : ` (${s.type}: the access token the flow gave)`}.`,
              'string',
            ]
          : send.type === 'apiKey'
            ? [`An API key, sent in the ${send.in} \`${send.name}\`.`, 'string']
            : [
                `The \`${s.type}\` scheme${s.scheme ? ` (${s.scheme})` : ''}: the client cannot send it by itself; set what it needs in \`headers\`.`,
                'never',
              ];
    return jsdoc([s.description?.trim(), how], '  ') + `  ${propertyKey(s.name)}?: ${type};`;
  };
  const omitted = ["'auth'", ...(hasBasic ? [] : ["'email'", "'apiKey'"])].join(' | ');
  return [
    `/** Credentials by security scheme of the contract (\`auth\` of \`createApiClient\`'s options). */`,
    // A type, not an interface: it must fit the runtime's `Record<string, Credential>`.
    `export type ApiAuth = {`,
    ...schemes.map(member),
    `};`,
    '',
    jsdoc([
      'Options of `createApiClient`: base URL, credentials, feature level, timeouts (see runtime/client.ts).',
      schemes.length === 0
        ? 'The contract declares no security: the client sends no credentials.'
        : "Each call sends the credentials of the first of its operation's security alternatives given in `auth`.",
      // Ours calls its Basic pair an email and an API key; elsewhere the two options remain
      // accepted (they always were) but `auth` by scheme is the way the contract names.
      hasBasic
        ? schemes.some((s) => s.emailAndKey)
          ? '`email` and `apiKey` are the HTTP Basic username and password.'
          : 'HTTP Basic: `{ username, password }` by scheme in `auth` (`email` and `apiKey` are also accepted for them).'
        : undefined,
    ]).trimEnd(),
    `export type ApiClientOptions = Omit<ClientOptions, ${omitted}> & { auth?: ApiAuth };`,
  ];
}

function planMethods(ctx: EmitContext): MethodPlan[] {
  for (const notice of ctx.model.nameNotices)
    if (notice.emitter === 'client') ctx.warn(notice.message);
  return ctx.model.operations.map((op) => {
    const { method, fieldKeys, bodyKey } = op.names;
    const plan: MethodPlan = {
      op,
      name: method,
      opType: `paths[${literal(op.path)}][${literal(op.method)}]`,
      keys: fieldKeys,
      required: fieldKeys.some((k) => isRequired(op, k.field)),
    };
    if (bodyKey !== undefined) {
      plan.bodyKey = bodyKey;
      plan.required ||= op.requestBody!.required;
    }
    return plan;
  });
}

/** A body field of an optional body is optional: the whole body may be left out. */
export function isRequired(op: Operation, p: Parameter): boolean {
  if (p.in === 'path') return true;
  if (p.in === 'body') return p.required && op.requestBody?.required === true;
  return p.required;
}

function paramsType(p: MethodPlan): string {
  const media = p.op.requestBody?.representative?.type ?? '';
  const members = p.keys.map(({ key, field }) => {
    const where =
      field.in === 'body'
        ? `BodyOf<${p.opType}, ${literal(media)}>`
        : `ParamsIn<${p.opType}, ${literal(field.in)}>`;
    return (
      jsdoc(parameterDoc(field), '    ') +
      `    ${propertyKey(key)}${isRequired(p.op, field) ? '' : '?'}: FieldOf<${where}, ${literal(field.name)}>;`
    );
  });
  if (p.bodyKey !== undefined) {
    const body = p.op.requestBody!;
    members.push(
      jsdoc(
        [
          body.description?.trim(),
          `The request body (${body.mediaTypes.map((m) => m.type).join(', ')}).`,
        ],
        '    ',
      ) +
        `    ${propertyKey(p.bodyKey)}${body.required ? '' : '?'}: BodyOf<${p.opType}, ${literal(media)}>;`,
    );
  }
  return members.length === 0 ? 'Record<string, never>' : `{\n${members.join('\n')}\n  }`;
}

function layoutOf(p: MethodPlan): { body?: string; keys?: Record<string, string> } | undefined {
  const renamed = Object.fromEntries(
    p.keys
      .filter((k) => k.key !== k.field.name)
      .map((k) => [`${k.field.in}:${k.field.name}`, k.key]),
  );
  const layout: { body?: string; keys?: Record<string, string> } = {};
  if (p.bodyKey !== undefined) layout.body = p.bodyKey;
  if (Object.keys(renamed).length > 0) layout.keys = renamed;
  return Object.keys(layout).length > 0 ? layout : undefined;
}

/** `fetchApiKey(baseUrl, username, password)` fits an operation taking exactly those two. */
function isLogin(p: MethodPlan): boolean {
  const names = p.keys.map((k) => k.key);
  return (
    names.includes('username') &&
    names.includes('password') &&
    p.bodyKey === undefined &&
    p.keys.every((k) => ['username', 'password'].includes(k.key) || !isRequired(p.op, k.field))
  );
}

function loginFunction(p: MethodPlan): string[] {
  const name = literal(p.name);
  return [
    '',
    jsdoc([
      `Exchanges a username and password for an API key (\`${p.op.method.toUpperCase()} ${p.op.path}\`, sent without credentials)`,
      'and returns a client authenticated with it, or the error value.',
      '',
      '@example',
      'const login = await fetchApiKey("https://chat.example.com", "iago@example.com", password);',
      'if (login.error) throw new Error(login.error.msg);',
      'const api = login.client; // authenticated as login.data.email',
    ]).trimEnd(),
    `export async function fetchApiKey(baseUrl: string, username: string, password: string, options: Omit<ApiClientOptions, 'baseUrl' | 'email' | 'apiKey'> = {}): Promise<LoginResult<ApiClient, ApiData[${name}], ApiErrorCodes[${name}]>> {`,
    `  const anonymous = createApiClient({ ...options, baseUrl });`,
    `  const answer = await anonymous[${name}]({ username, password });`,
    `  return loginResult(answer, (credentials) => createApiClient({ ...options, baseUrl, ...credentials, featureLevel: anonymous.featureLevel }));`,
    `}`,
  ];
}

/**
 * `ApiErrorFields`: per error code, the fields its body adds that the contract declares (typed
 * from the component schema that declares them); `isApiError(error, code)` narrows to them.
 */
function errorFieldsType(byCode: CodeFields[]): string[] {
  const field = (c: CodeFields, f: CodeFields['fields'][number]) =>
    `${propertyKey(f.name)}${f.required ? '' : '?'}: components["schemas"][${literal(c.schema)}][${literal(f.name)}]`;
  return [
    `/** Fields an error body of a code adds, where the contract declares them (narrow with \`isApiError(error, code)\`). */`,
    `export interface ApiErrorFields {`,
    ...byCode.map(
      (c) => `  ${propertyKey(c.code)}: { ${c.fields.map((f) => field(c, f)).join('; ')} };`,
    ),
    `}`,
    '',
  ];
}
