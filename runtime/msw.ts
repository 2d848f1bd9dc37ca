/**
 * MSW (2.x) handlers over the one request pipeline: every handler hands MSW's `Request` to the
 * pipeline's web face (server-fetch.ts), so a page or a test gets exactly the answers a server of
 * ours gives (routing, credentials read by the contract's security schemes, wire-model decoding,
 * validation → 400 in the contract's error shape, answers
 * validated outside production). Two dispatchers plug in: the contract's examples, chosen per
 * call with `Prefer` as in the Prism mock (this file), or real handlers (the stateful mock,
 * a typed override). No node: import: this runs in pages and service workers.
 */
import { http, type HttpHandler } from 'msw';

// Re-exported so generated code names msw's types only through the runtime (an app that never
// imports the MSW handlers compiles without msw installed).
export type { HttpHandler } from 'msw';
export type { ValidatorLoaders } from './msw-validators.js';
import { createAnswers, LISTENER_ERROR_CODES } from './pipeline-answers.js';
import { createFetchHandler } from './server-fetch.js';
import type { Handler, HandlerServerOptions } from './server-handlers.js';
import type { HandlerResult } from './server-results.js';
import type { LevelTable } from './feature-levels.js';
import { lazyValidators, type LazyValidators, type ValidatorLoaders } from './msw-validators.js';
import type { AuthScheme, OperationInfo, RefusalShape } from './operation-info.js';
import { createRouter } from './server-router.js';

/** What the generated bindings hand over: the operation table, validators, base path, levels. */
export interface MswApi {
  operations: Record<string, OperationInfo>;
  /**
   * How each security scheme travels (generated/operations.ts `authSchemes`): the handlers read
   * credentials where the contract puts them. Absent (bindings generated before it was handed
   * over): every scheme is HTTP Basic.
   */
  authSchemes?: { readonly [name: string]: AuthScheme };
  /**
   * How the pipeline's own refusals are written (generated/operations.ts `refusals`): the
   * contract's error shape. Absent (bindings generated before it was handed over): our envelope.
   */
  refusals?: RefusalShape;
  /** each operation's validators module, loaded on its first request (msw-validators.ts) */
  validators: ValidatorLoaders;
  basePath: string;
  levels?: LevelTable;
  /** the fake-data module (generated msw-fake.js), loaded the first time an answer is made up */
  fake?: () => Promise<FakeModule>;
}

/** What the generated `msw-fake.js` exports. */
export interface FakeModule {
  fakeAnswer(
    operationId: string,
    status: number | undefined,
    seed: string,
  ): { status: number; body: unknown } | undefined;
}

export interface MswOptions {
  /**
   * Where the API lives, e.g. `https://chat.example.com` or `https://chat.example.com/api/v1`
   * (the client accepts both). Given: handlers match only there. Absent: any origin.
   */
  baseUrl?: string;
  /**
   * Check every answer against the contract (a wrong one becomes a 500 refusal naming what is
   * wrong). Default: on, unless `process.env.NODE_ENV` is `production`. Requests are always
   * validated (a bad one gets a 400 in the contract's error shape).
   */
  validateAnswers?: boolean;
  /**
   * Seed of the fake data the example handlers answer with where the contract has no example
   * (or with `Prefer: dynamic=true`): the same seed gives the same answers. Default `1`.
   */
  seed?: string | number;
}

/** One example answer of an operation: its name in the contract, the status it is served with. */
export interface ExampleAnswer {
  name: string;
  status: number;
  body: unknown;
}

type FetchFace = (request: Request) => Promise<Response>;

/** The pipeline's base path under `baseUrl`, and the MSW URL prefix to match. */
export function mountPoint(api: MswApi, options: MswOptions): { basePath: string; prefix: string } {
  if (options.baseUrl === undefined) return { basePath: api.basePath, prefix: '*' };
  const url = new URL(options.baseUrl);
  let path = url.pathname.replace(/\/+$/, '');
  if (api.basePath !== '' && path.endsWith(api.basePath))
    path = path.slice(0, -api.basePath.length);
  return { basePath: path + api.basePath, prefix: url.origin + path };
}

/** `/messages/{message_id}` → `/messages/:p0` (MSW's syntax; the pipeline does the real routing). */
function mswPath(template: string): string {
  let i = 0;
  return template.replace(/\{[^}]*\}/g, () => `:p${i++}`);
}

/**
 * An MSW handler per operation (or for the `only` ones), each answering through `face` once the
 * validators of the operation the pipeline will route to are loaded. (MSW's pattern for
 * `/messages/{message_id}` also matches `/messages/flags`: the router, not the pattern, says
 * which operation a request is.)
 */
export function handlersFor(
  api: MswApi,
  face: FetchFace,
  lazy: LazyValidators,
  mount: { basePath: string; prefix: string },
  only?: string[],
): HttpHandler[] {
  const router = createRouter(Object.values(api.operations), mount.basePath);
  const ids = only ?? Object.keys(api.operations);
  return ids.map((id) => {
    const op = api.operations[id];
    const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const route = http[method] ?? http.all;
    return route(`${mount.prefix}${api.basePath}${mswPath(op.path)}`, async ({ request }) => {
      const found = router.match(request.method, new URL(request.url).pathname);
      // an override of one operation lets the others' requests go on to the next handler
      if (only && !(found.kind === 'found' && only.includes(found.operation.operationId)))
        return undefined;
      if (found.kind === 'found') await lazy.load(found.operation.operationId);
      return face(request);
    });
  });
}

/**
 * A fetch face on the pipeline with `handlers`, accepting any credentials of the operation's
 * schemes: HTTP Basic with any username and a non-empty password (our API: any email with a
 * non-empty API key), any Bearer token, any API key where the scheme puts it. Missing or
 * malformed ones get the pipeline's 401, as from the generated listener.
 */
function anyUserFace(
  api: MswApi,
  lazy: LazyValidators,
  basePath: string,
  handlers: Record<string, Handler<{ email: string }, Request> | undefined>,
  options: MswOptions,
): FetchFace {
  const server: HandlerServerOptions<{ email: string }, Request> = {
    handlers,
    operations: api.operations,
    validators: lazy.validators,
    validateResponses: options.validateAnswers,
    basePath,
    levels: api.levels,
    authSchemes: api.authSchemes,
    refusals: api.refusals,
    // Basic: any username with a non-empty password; a Bearer token or an API key is non-empty
    // once read (pipeline-auth.ts); a scheme no stored credential produces passes as sent.
    authenticate: (c) =>
      c.type !== 'basic' ? { email: c.scheme } : c.apiKey !== '' ? { email: c.email } : null,
  };
  return createFetchHandler(server);
}

type Wanted = ReturnType<typeof parsePrefer>;

/** The example `wanted` names: by name, by status, or the first of the lowest success status (as Prism picks). */
function findExample(answers: readonly ExampleAnswer[], wanted: Wanted): ExampleAnswer | undefined {
  if (wanted.example !== undefined) return answers.find((a) => a.name === wanted.example);
  if (wanted.code !== undefined) return answers.find((a) => a.status === wanted.code);
  return [...answers]
    .filter((a) => a.status >= 200 && a.status < 300)
    .sort((a, b) => a.status - b.status)[0];
}

/** The 501 refusal for an answer the contract does not give, listing the examples it has. */
function noSuchAnswer(
  api: MswApi,
  operationId: string,
  answers: readonly ExampleAnswer[],
  wanted: Wanted,
): HandlerResult {
  const asked =
    wanted.example !== undefined
      ? `example named '${wanted.example}'`
      : wanted.code !== undefined
        ? `example or JSON schema for status ${wanted.code}`
        : 'success example or success JSON schema';
  const have = answers.map((a) => `${a.name} (${a.status})`).join(', ') || 'none';
  const miss = createAnswers(api.refusals).fail(
    501,
    LISTENER_ERROR_CODES.notImplemented,
    `The contract gives ${operationId} no ${asked}; its examples: ${have}.`,
  );
  return { status: miss.status, body: miss.body };
}

/**
 * The answer to an example handler's call: the contract's example that `Prefer` asks for
 * (`example=NAME`, `code=STATUS`, by default the first example of the lowest success status);
 * where it has none but documents a JSON body for that status (or with `Prefer: dynamic=true`,
 * as Prism spells it), one made up from the schema, the same for the same `seed`; else a 501
 * envelope.
 */
export async function chooseAnswer(
  api: MswApi,
  operationId: string,
  answers: readonly ExampleAnswer[],
  prefer: string | undefined,
  seed: string,
): Promise<HandlerResult> {
  const wanted = parsePrefer(prefer);
  const example = wanted.dynamic ? undefined : findExample(answers, wanted);
  if (example) return { status: example.status, body: structuredClone(example.body) };
  if (wanted.example === undefined && api.fake) {
    const made = (await api.fake()).fakeAnswer(operationId, wanted.code, seed);
    if (made) return made;
  }
  const fallback = wanted.dynamic ? findExample(answers, wanted) : undefined;
  if (fallback) return { status: fallback.status, body: structuredClone(fallback.body) };
  return noSuchAnswer(api, operationId, answers, wanted);
}

function parsePrefer(header: string | undefined): {
  example?: string;
  code?: number;
  dynamic?: boolean;
} {
  const out: { example?: string; code?: number; dynamic?: boolean } = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [key, ...rest] = part.split('=');
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (key.trim() === 'example' && value !== '') out.example = value;
    if (key.trim() === 'code' && /^\d{3}$/.test(value)) out.code = Number(value);
    if (key.trim() === 'dynamic' && value === 'true') out.dynamic = true;
  }
  return out;
}

/** MSW handlers answering every operation from the contract's examples. */
export function exampleHandlers(
  api: MswApi,
  examples: Record<string, readonly ExampleAnswer[]>,
  options: MswOptions = {},
): HttpHandler[] {
  const mount = mountPoint(api, options);
  const lazy = lazyValidators(api.validators);
  const seed = String(options.seed ?? 1);
  const handlers = Object.fromEntries(
    Object.keys(api.operations).map((id) => [
      id,
      (_params: unknown, context: { header(name: string): string | undefined }) =>
        chooseAnswer(api, id, examples[id] ?? [], context.header('prefer'), seed),
    ]),
  );
  return handlersFor(api, anyUserFace(api, lazy, mount.basePath, handlers, options), lazy, mount);
}

/** MSW handlers serving `handlers` (a real implementation) through the pipeline. */
export function implementationHandlers<User>(
  api: MswApi,
  server: Omit<
    HandlerServerOptions<User, Request>,
    'operations' | 'validators' | 'basePath' | 'levels'
  >,
  options: MswOptions = {},
): HttpHandler[] {
  const mount = mountPoint(api, options);
  const lazy = lazyValidators(api.validators);
  const face = createFetchHandler<User>({
    ...server,
    ...(options.validateAnswers !== undefined
      ? { validateResponses: options.validateAnswers }
      : {}),
    operations: api.operations,
    validators: lazy.validators,
    basePath: mount.basePath,
    levels: api.levels,
    authSchemes: server.authSchemes ?? api.authSchemes,
    refusals: server.refusals ?? api.refusals,
  });
  return handlersFor(api, face, lazy, mount);
}

/**
 * One operation answered by `answer` (its params decoded and validated first; its result
 * validated as any handler's), for `server.use(...)` / `worker.use(...)` in one test.
 */
export function overrideHandler(
  api: MswApi,
  operationId: string,
  answer: (call: {
    params: Record<string, unknown>;
    request: Request;
  }) => HandlerResult | Promise<HandlerResult>,
  options: MswOptions = {},
): HttpHandler {
  const mount = mountPoint(api, options);
  const lazy = lazyValidators(api.validators);
  const face = anyUserFace(
    api,
    lazy,
    mount.basePath,
    { [operationId]: (params, context) => answer({ params, request: context.request }) },
    options,
  );
  return handlersFor(api, face, lazy, mount, [operationId])[0];
}
