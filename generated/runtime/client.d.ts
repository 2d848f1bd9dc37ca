// runtime/client.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * The client runtime the generated client (generated/client.ts) is built on. It knows no
 * contract: the operation table (generated/operations.ts) says everything it needs. It wraps
 * openapi-fetch's `createClient` and adds what the API's conventions call for:
 *
 * - every query, path and body is encoded by the one wire model (runtime/wire.ts), handed to
 *   openapi-fetch through its per-request `querySerializer` / `pathSerializer` /
 *   `bodySerializer`, with the Content-Type the wire model chose (openapi-fetch would say JSON);
 * - HTTP Basic auth from email + API key, never sent to operations that take no credentials;
 * - the base URL may be the server root or already end in the contract's base path (`/api/v1`);
 * - `ignored_parameters_unsupported` in an answer reaches `onIgnoredParameters`;
 * - the server's feature level (told, or learnt from any answer carrying
 *   `service_feature_level`, e.g. POST /register) gates operations, parameters and enum values;
 * - timeouts and cancellation through AbortSignal, per client and per call.
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
 * wire model cannot encode, or a too-new item under `featureLevelPolicy: 'throw'`. A parameter
 * the contract lacks (TypeScript refuses it; plain JS may pass one) is sent like the others, and
 * the server's `ignored_parameters_unsupported` then names it.
 * Path-style calls (`api.GET('/messages', ...)`) keep openapi-fetch's own contract, since their
 * types are openapi-fetch's: `{ data } | { error: <error body> }`, and network failures,
 * timeouts and aborts reject.
 */
import { type Client } from 'openapi-fetch';
import { type ClientNotice, type FeatureLevelPolicy } from './client-checks.js';
import { type CallResult } from './client-errors.js';
import type { OperationInfo } from './operation-info.js';
export type { ApiError, CallResult, ClientError, TransportError } from './client-errors.js';
export { FeatureLevelError, type ClientNotice, type FeatureLevelPolicy } from './client-checks.js';
export { resolveBaseUrl } from './client-request.js';
/** What generated/operations.ts exports. */
export interface OperationTable {
    operations: {
        readonly [operationId: string]: OperationInfo;
    };
    /** the path part of the first server URL (`/api/v1`) */
    basePath: string;
}
export interface ClientOptions {
    /** the server root (`https://chat.example.com`) or the API root (`https://chat.example.com/api/v1`) */
    baseUrl: string;
    /** with `apiKey`: HTTP Basic credentials */
    email?: string;
    apiKey?: string;
    /** the server's feature level, if known; answers carrying `service_feature_level` update it */
    featureLevel?: number;
    /** what to do when a call uses something newer than `featureLevel` (default `warn`) */
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
}
export interface CallOptions {
    signal?: AbortSignal;
    timeoutMs?: number;
    /** form bodies: the media type of this call (see ClientOptions.mediaType) */
    mediaType?: string;
    headers?: Record<string, string>;
}
/**
 * How a method's one parameters object maps onto the operation's fields. By default each key is
 * a field name; the generator passes a layout only when that does not hold.
 */
export interface ParamsLayout {
    /** the key holding the whole request body, for bodies that are not forms (JSON, text, bytes) */
    body?: string;
    /** keys that are not the field name (two fields sharing a name), by `<in>:<name>` */
    keys?: Record<string, string>;
}
/** The path-style calls and client state every generated client has. */
export type ClientBase<Paths extends {}> = Client<Paths, `${string}/${string}`> & {
    /** the server's feature level as last told or learnt, if known */
    readonly featureLevel: number | undefined;
};
export interface ClientCore<Paths extends {}> {
    base: ClientBase<Paths>;
    /** one method call: `params` is the flattened parameters object */
    call(operationId: string, params: unknown, options?: CallOptions, layout?: ParamsLayout): Promise<CallResult<any, any>>;
}
export declare function createClientCore<Paths extends {}>(table: OperationTable, options: ClientOptions): ClientCore<Paths>;
