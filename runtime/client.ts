/**
 * The client runtime the generated client (generated/client.ts) is built on. It knows no
 * contract: the operation table (generated/operations.ts) says everything it needs. It wraps
 * openapi-fetch's `createClient` and adds what the API's conventions call for:
 *
 * - every query, path and body is encoded by the one wire model (runtime/wire.ts), handed to
 *   openapi-fetch through its per-request `querySerializer` / `pathSerializer` /
 *   `bodySerializer`, with the Content-Type the wire model chose (openapi-fetch would say JSON);
 * - credentials shaped by the contract's security schemes (HTTP Basic, Bearer tokens, API keys in
 *   a header, the query or a cookie: runtime/client-auth.ts), never sent to operations that take
 *   none;
 * - the base URL may be the server root or already end in the contract's base path (`/api/v1`);
 * - `ignored_parameters_unsupported` in an answer reaches `onIgnoredParameters`;
 * - error bodies are read where the contract's error responses put message and code;
 * - the server's feature level (told, or learnt from the answers the contract says report it:
 *   the table's `reportsLevel`, ours POST /register's `service_feature_level`) gates
 *   operations, parameters and enum values;
 * - timeouts and cancellation through AbortSignal, per client and per call;
 * - retries, when a policy is given (runtime/client-retry.ts): the call hands it its attempt,
 *   so the policy's code is in a bundle only where a policy is created.
 *
 * Two routes out. With a middleware or a custom fetch installed, a method call goes through
 * openapi-fetch (they expect its Request). With neither, nobody else sees the request and it goes
 * straight to `fetch` with the wire model's bytes (see `prepare`); the answer is read the way
 * openapi-fetch reads it either way.
 *
 * Failure policy. Methods (`api.sendMessage(...)`) never reject for an expected failure: an
 * API error, a non-2xx answer, a network failure, a timeout or an abort all come back as
 * `{ error, response }` (runtime/client-errors.ts). They throw only on misuse: bad options, an
 * unknown operation, parameters that are not an object, a missing path parameter or a value the
 * wire model cannot encode, or an item the server's level lacks (too new or removed) under
 * `featureLevelPolicy: 'throw'`. A parameter the contract lacks (TypeScript refuses it; plain JS
 * may pass one) is sent like the others, and the server's `ignored_parameters_unsupported` then
 * names it.
 * Path-style calls (`api.GET('/messages', ...)`) keep openapi-fetch's own contract, since their
 * types are openapi-fetch's: `{ data } | { error: <error body> }`, and network failures,
 * timeouts and aborts reject.
 */
import createClient, { type Client, type FetchOptions } from 'openapi-fetch';
import {
  deprecatedItems,
  FeatureLevelError,
  notAtLevelItems,
  type ClientNotice,
  type FeatureLevelPolicy,
} from './client-checks.js';
import { createAuth, type Credential } from './client-auth.js';
import {
  errorFromAnswer,
  errorFromThrow,
  invalidAnswer,
  type CallResult,
} from './client-errors.js';
import { isJsonMediaType } from './media-type.js';
import { createFieldIndexes, encodeRequest } from './wire.js';
import { reportedLevel } from './feature-levels.js';
import { operationLookup, supports } from './client-operations.js';
import type { ClientTable, OperationInfo } from './operation-info.js';
import type { RetryPolicy } from './client-retry.js';
import { givenFields, splitParams, type ParamsLayout } from './client-params.js';
import {
  callSignal,
  headerRecord,
  headersToSend,
  answerOf,
  resolveBaseUrl,
  type Answer,
  type RequestParts,
} from './client-request.js';

export type {
  ApiError,
  ApiErrorOf,
  CallResult,
  ClientError,
  ErrorWithCode,
  TransportError,
} from './client-errors.js';
export { isApiError } from './client-errors.js';
export { FeatureLevelError, type ClientNotice, type FeatureLevelPolicy } from './client-checks.js';
export { resolveBaseUrl } from './client-request.js';
export type { Credential } from './client-auth.js';
export type { ClientTable } from './operation-info.js';
export type { ParamsLayout } from './client-params.js';
export type { RetryEvent, RetryOptions, RetryPolicy } from './client-retry.js';

export interface ClientOptions {
  /** the server root (`https://chat.example.com`) or the API root (`https://chat.example.com/api/v1`) */
  baseUrl: string;
  /**
   * Credentials by security scheme name (`securitySchemes` of the contract): a token for HTTP
   * Bearer, OAuth 2 and OpenID Connect schemes, the key for an API key scheme, `{ username,
   * password }` for HTTP Basic. Each call sends the first of its operation's alternatives this
   * holds every credential of. A scheme left `undefined` is not given (the generated `ApiAuth`
   * has an optional member per scheme, `never` for a scheme the client cannot send).
   */
  auth?: Record<string, Credential | undefined>;
  /** with `apiKey`: HTTP Basic username and password, for the contract's Basic scheme */
  email?: string;
  apiKey?: string;
  /** the server's feature level, if known; answers that report it (`reportsLevel`) update it */
  featureLevel?: number;
  /** what to do when a call uses something `featureLevel` lacks: too new, or removed (default `warn`) */
  featureLevelPolicy?: FeatureLevelPolicy;
  /** also report deprecated operations, parameters and values (default false) */
  warnDeprecated?: boolean;
  /** notices (feature level, deprecation); default: `console.warn` */
  onNotice?: (notice: ClientNotice) => void;
  /** names the server reported in `ignored_parameters_unsupported`; default: `console.warn` */
  onIgnoredParameters?: (operationId: string, names: string[]) => void;
  /** per-call timeout for every call, in milliseconds (a call's own `timeoutMs` wins) */
  timeoutMs?: number;
  /** aborts every call of this client */
  signal?: AbortSignal;
  /** form bodies: `application/x-www-form-urlencoded` (default: the contract's first) or `multipart/form-data` */
  mediaType?: string;
  /** headers sent with every call */
  headers?: Record<string, string>;
  /** a fetch to use instead of `globalThis.fetch` */
  fetch?: (input: Request) => Promise<Response>;
  /**
   * Retries of the requests safe to repeat (the bindings' `retryPolicy(options)`); none by
   * default. `timeoutMs` and `signal` bound the whole call, waits included. Method calls only:
   * path-style calls (`api.GET(...)`) keep openapi-fetch's behaviour.
   */
  retry?: RetryPolicy;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** form bodies: the media type of this call (see ClientOptions.mediaType) */
  mediaType?: string;
  headers?: Record<string, string>;
  /** this call's retries: another policy, or `false` for none (default: the client's) */
  retry?: RetryPolicy | false;
}

/** The path-style calls and client state every generated client has. */
export type ClientBase<Paths extends {}> = Client<Paths, `${string}/${string}`> & {
  /** the server's feature level as last told or learnt, if known */
  readonly featureLevel: number | undefined;
  /**
   * Whether the server has this operation (and this parameter of it) at its feature level:
   * added at or before the level and not removed at or before it. While the level is unknown,
   * the answer is for a server of the contract's newest level (where removed items are gone).
   */
  supports(operationId: string, parameter?: string): boolean;
};

export interface ClientCore<Paths extends {}> {
  base: ClientBase<Paths>;
  /** one method call: `params` is the flattened parameters object */
  call(
    operationId: string,
    params: unknown,
    options?: CallOptions,
    layout?: ParamsLayout,
  ): Promise<CallResult<any, any>>;
}

/** A request ready to go: straight to fetch (`url` set) or through openapi-fetch. */
type Prepared =
  { url: string; init: RequestInit } | { url?: undefined; init: FetchOptions<unknown> };

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/**
 * One client's settings and what it learns, shared by its calls: the functions below take it
 * instead of closing over it, so each stays short. `featureLevel` and `middlewares` change.
 */
interface Core {
  readonly table: ClientTable;
  readonly options: ClientOptions;
  readonly baseUrl: string;
  readonly authFor: ReturnType<typeof createAuth>;
  readonly operation: (id: string) => OperationInfo | undefined;
  readonly policy: FeatureLevelPolicy;
  /** this client's own field indexes: fields grouped once per operation, nothing module-wide */
  readonly fieldIndexes: ReturnType<typeof createFieldIndexes>;
  readonly wireOptions: { fieldIndexes: ReturnType<typeof createFieldIndexes> };
  readonly notify: (notice: ClientNotice) => void;
  readonly onIgnored: (operationId: string, names: string[]) => void;
  /** openapi-fetch's `request`, typed for any operation of the table (its own needs a literal path) */
  readonly request: (method: string, url: string, init: object) => Promise<Answer>;
  /** operation ids by `METHOD path`, for path-style calls */
  readonly byRoute: Map<string, string>;
  featureLevel: number | undefined;
  middlewares: number;
}

export function createClientCore<Paths extends {}>(
  table: ClientTable,
  options: ClientOptions,
): ClientCore<Paths> {
  if (!options || typeof options !== 'object')
    throw new TypeError('createApiClient: options are required ({ baseUrl, ... })');
  const baseUrl = resolveBaseUrl(options.baseUrl, table.basePath);
  const authFor = createAuth(table.authSchemes, options.auth, options.email, options.apiKey);
  callSignal(undefined, undefined, options.timeoutMs).done(); // validates timeoutMs now, not at the first call
  if (options.featureLevel !== undefined && !Number.isInteger(options.featureLevel)) {
    throw new TypeError(`featureLevel must be an integer, not ${String(options.featureLevel)}`);
  }
  const fieldIndexes = createFieldIndexes();
  const fetcher = createClient<Paths>({
    baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const core: Core = {
    table,
    options,
    baseUrl,
    authFor,
    operation: operationLookup(table),
    policy: options.featureLevelPolicy ?? 'warn',
    fieldIndexes,
    wireOptions: { fieldIndexes },
    notify: options.onNotice ?? ((n: ClientNotice) => console.warn(`[tms client] ${n.message}`)),
    onIgnored:
      options.onIgnoredParameters ??
      ((id: string, names: string[]) =>
        console.warn(
          `[tms client] ${id}: the server ignored unsupported parameters: ${names.join(', ')}`,
        )),
    request: fetcher.request as unknown as Core['request'],
    byRoute: new Map(
      Object.keys(table.operations).map((id) => {
        const op = table.operations[id];
        return [`${op.method} ${op.path}`, id];
      }),
    ),
    featureLevel: options.featureLevel,
    middlewares: 0,
  };
  const base = {
    request: (method: string, url: string, init?: Record<string, unknown>) =>
      pathCall(core, method.toUpperCase(), url, init),
    use: (...m: Parameters<typeof fetcher.use>) => {
      fetcher.use(...m);
      core.middlewares += m.filter(Boolean).length;
    },
    eject: (...m: Parameters<typeof fetcher.eject>) => {
      fetcher.eject(...m);
      core.middlewares = Math.max(0, core.middlewares - m.filter(Boolean).length);
    },
    get featureLevel() {
      return core.featureLevel;
    },
    supports: (operationId: string, parameter?: string) =>
      supports(core.operation(operationId), core.featureLevel, parameter),
  } as Record<string, unknown>;
  for (const m of METHODS)
    base[m] = (url: string, init?: Record<string, unknown>) => pathCall(core, m, url, init);
  return {
    base: base as unknown as ClientBase<Paths>,
    call: (operationId, params, callOptions, layout) =>
      call(core, operationId, params, callOptions, layout),
  };
}

/** Feature-level and deprecation checks; throws under the `throw` policy. */
function check(core: Core, op: OperationInfo, parts: RequestParts): void {
  const { featureLevel, policy, options } = core;
  const levelKnown = featureLevel !== undefined && policy !== 'ignore';
  if (!levelKnown && !options.warnDeprecated) return; // the common case costs nothing
  const given = givenFields(op, parts);
  const notices: ClientNotice[] = [];
  if (levelKnown) notices.push(...notAtLevelItems(op, given, featureLevel!));
  if (policy === 'throw' && notices.length > 0) throw new FeatureLevelError(notices);
  if (options.warnDeprecated) notices.push(...deprecatedItems(op, given));
  notices.forEach(core.notify);
}

/**
 * What every successful answer may teach: ignored parameters (in the field the contract's
 * success schemas declare for them, `reportsIgnored`), the server's feature level.
 */
function learn(core: Core, op: OperationInfo, data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const body = data as Record<string, unknown>;
  const ignored = op.reportsIgnored === undefined ? undefined : body[op.reportsIgnored];
  if (Array.isArray(ignored) && ignored.length > 0)
    core.onIgnored(op.operationId, ignored.map(String));
  core.featureLevel = reportedLevel(body, op.reportsLevel) ?? core.featureLevel;
}

/** The wire model's encoding of `parts` and the headers to send (null deletes a header). */
function encode(core: Core, op: OperationInfo, parts: RequestParts, call: CallOptions) {
  const { options } = core;
  const mediaType = call.mediaType ?? options.mediaType;
  const wire = encodeRequest(
    op,
    { path: parts.path, query: parts.query, body: parts.body, headers: parts.header },
    mediaType ? { mediaType, fieldIndexes: core.fieldIndexes } : core.wireOptions,
  );
  const headers: Record<string, string | null> = Object.assign(
    {},
    options.headers,
    wire.headers,
    call.headers && headerRecord(call.headers),
  );
  // Credentials never go where none are taken; where the client sends its own, they win.
  const auth = op.auth === 'none' ? undefined : core.authFor(op.security);
  if (op.auth === 'none' || auth) headers.Authorization = null;
  if (auth) {
    Object.assign(headers, auth.headers);
    if (auth.query) wire.query += (wire.query ? '&' : '') + auth.query;
  }
  if (wire.body) headers['Content-Type'] = wire.body.contentType;
  const serialized = wire.body
    ? (wire.body.blob ?? wire.body.bytes ?? wire.body.text ?? '')
    : undefined;
  return { wire, headers, serialized };
}

/** openapi-fetch options carrying the wire model's encoding of `parts`. */
function fetchOptions(
  core: Core,
  op: OperationInfo,
  parts: RequestParts,
  call: CallOptions,
  signal: AbortSignal | undefined,
): FetchOptions<unknown> {
  const { wire, headers, serialized } = encode(core, op, parts, call);
  return {
    signal,
    params: { path: parts.path ?? {}, query: parts.query ?? {} },
    // openapi-fetch only calls bodySerializer for a defined body; the wire model has already
    // decided whether there is one.
    body: wire.body ? (parts.body ?? {}) : undefined,
    bodySerializer: () => serialized,
    querySerializer: () => wire.query,
    pathSerializer: () => core.baseUrl + wire.path,
    headers,
  } as FetchOptions<unknown>;
}

/**
 * One method call's round trip, answered as openapi-fetch answers with `parseAs: 'text'`.
 * Encoding happens now (misuse throws here, before anything is sent); `call` sends. With nobody
 * to see the request (no middleware, no custom fetch), it goes straight to fetch: openapi-fetch's
 * part of a call (merging headers into Headers objects, a Request, the middleware loop) costs
 * more than the whole 10% a client may add to a hand-written fetch on loopback. Bytes, headers
 * (merged as openapi-fetch merges them) and parsing are the same either way; test/client checks
 * both routes.
 */
function prepare(
  core: Core,
  op: OperationInfo,
  parts: RequestParts,
  call: CallOptions,
  signal: AbortSignal | undefined,
): Prepared {
  if (core.options.fetch || core.middlewares > 0)
    return { init: fetchOptions(core, op, parts, call, signal) };
  const { wire, headers, serialized } = encode(core, op, parts, call);
  const sent = headersToSend(headers);
  const url = core.baseUrl + wire.path + (wire.query ? `?${wire.query}` : '');
  // TS 5.9 types BodyInit's typed arrays as ArrayBuffer-backed; the wire model's bytes are.
  return {
    url,
    init: { method: op.method, headers: sent, body: serialized as BodyInit | undefined, signal },
  };
}

/** One method call: never rejects for an expected failure (see the failure policy above). */
async function call(
  core: Core,
  operationId: string,
  params: unknown,
  callOptions: CallOptions = {},
  layout: ParamsLayout = {},
): Promise<CallResult<any, any>> {
  const { options } = core;
  const op = core.operation(operationId);
  if (!op) throw new TypeError(`unknown operation '${operationId}'`);
  const parts = splitParams(op, params, layout, core.fieldIndexes);
  check(core, op, parts);
  const retry = callOptions.retry === undefined ? options.retry : callOptions.retry;
  if (retry && typeof retry.run !== 'function')
    throw new TypeError('retry: a retryPolicy(...) or false');
  const signal = callSignal(
    options.signal,
    callOptions.signal,
    callOptions.timeoutMs ?? options.timeoutMs,
  );
  let prepared: Prepared;
  try {
    prepared = prepare(core, op, parts, callOptions, signal.signal);
  } catch (misuse) {
    signal.done();
    throw misuse;
  }
  const send = async (): Promise<Answer> => {
    if (prepared.url === undefined)
      return core.request(op.method, op.path, { ...prepared.init, parseAs: 'text' });
    const response = await globalThis.fetch(prepared.url, prepared.init);
    return answerOf(response, op.method, await response.text());
  };
  let answer: Answer;
  try {
    answer = retry ? await retry.run(op, send, signal.signal) : await send();
  } catch (error) {
    return { error: errorFromThrow(error, signal.why()), response: undefined };
  } finally {
    signal.done();
  }
  return resultOf(core, op, answer);
}

/** A method call's result from its answer: the error, or the parsed body (and what it teaches). */
function resultOf(core: Core, op: OperationInfo, answer: Answer): CallResult<any, any> {
  const { response } = answer;
  if (!response.ok)
    return { error: errorFromAnswer(response, answer.error, core.table.errors), response };
  const text = answer.data as string | undefined;
  let data: unknown = text;
  const type = response.headers.get('Content-Type') ?? '';
  if (text && (type === '' || isJsonMediaType(type))) {
    try {
      data = JSON.parse(text);
    } catch (error) {
      return { error: invalidAnswer(response, text, error), response };
    }
  }
  learn(core, op, data);
  return { data, response };
}

/** openapi-fetch's path-style call, with the same encoding, auth, checks and signals. */
async function pathCall(
  core: Core,
  method: string,
  url: string,
  init: Record<string, any> = {},
): Promise<unknown> {
  const { options } = core;
  const id = core.byRoute.get(`${method} ${url}`);
  const op = id === undefined ? undefined : core.operation(id);
  const signal = callSignal(options.signal, init.signal, init.timeoutMs ?? options.timeoutMs);
  try {
    if (!op) {
      // Not in the table (the types allow only its paths): openapi-fetch as is, plus the
      // credentials of the contract's global security (headers only: the query is the caller's).
      const headers = {
        ...options.headers,
        ...headerRecord(init.headers),
        ...core.authFor(core.table.security)?.headers,
      };
      return await core.request(method, url, { ...init, headers, signal: signal.signal });
    }
    const params = init.params ?? {};
    const parts: RequestParts = {
      path: params.path,
      query: params.query,
      header: params.header,
      body: init.body,
    };
    check(core, op, parts);
    const { params: _p, body: _b, headers: _h, timeoutMs: _t, mediaType: _m, ...rest } = init;
    const encoded = fetchOptions(
      core,
      op,
      parts,
      { headers: init.headers, mediaType: init.mediaType },
      signal.signal,
    );
    const answer = await core.request(method, url, { ...rest, ...encoded });
    if (answer.data !== undefined) learn(core, op, answer.data);
    return answer;
  } finally {
    signal.done();
  }
}
