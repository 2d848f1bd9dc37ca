/**
 * What the generated operation table (generated/operations.ts) says of each operation: the
 * wire data the wire model needs, plus what the client, server and mock front check at run
 * time without reading the contract (auth, feature levels, documented error codes).
 */
import type { AuthScheme } from './auth-scheme.js';
import type { ScalarType, WireEncoding, WireField, WireOperation } from './wire/types.js';

export type { AuthScheme };

/**
 * Where the contract's error bodies carry their message and code (generator/model/errors.ts):
 * `{msg, code}` for our API, `{message}` or `{error: {message, code}}` elsewhere.
 */
export interface ErrorShape {
  message: string;
  code?: string;
  within?: string;
}

/**
 * How the servers write the answers they give on their own (400 of an invalid request, 401,
 * 404, 405, 408, 413, 500, 501, ...: runtime/pipeline-answers.ts), as the generator decided it
 * from the contract's error responses (generator/model/errors.ts), so that they read like the
 * contract's own errors. The body is `{...fixed, ...byClass[class], [message]: words,
 * [code.name]: code}` (class: `client` for a 4xx, `server` for a 5xx); with `within`, the
 * message and code go in an object under `within.name` (the one item of an array when `list`),
 * next to `within.fixed` and `within.byClass`. Our API's: `{result: "error", msg, code}`.
 */
export interface RefusalShape extends RefusalFields {
  /** the field holding the words (`msg`, `message`, `detail`) */
  message: string;
  /**
   * the field holding the code: the servers' code name (`BAD_REQUEST`, LISTENER_ERROR_CODES)
   * under `name`, the HTTP status under `status`; absent: refusals carry no code
   */
  code?: { name: string; value: 'name' | 'status' };
  within?: { name: string; list?: true } & RefusalFields;
}

/** Required fields of a refusal beside the words and the code, as the contract gives them. */
export interface RefusalFields {
  /** with one value for every refusal (`result: "error"`) */
  fixed?: Record<string, unknown>;
  /** with a value per class (Stripe's `error.type`: `invalid_request_error` / `api_error`) */
  byClass?: { client: Record<string, unknown>; server: Record<string, unknown> };
}

export interface FieldInfo extends WireField {
  /** feature level at which the parameter was added */
  since?: number;
  /** feature level from which the parameter no longer exists (removed) */
  until?: number;
  deprecated?: boolean;
  /** `x-replaced-by` of a deprecated parameter */
  replacedBy?: string;
  /** enum values added after the parameter itself, by value (as text) → feature level */
  valuesSince?: Record<string, number>;
  /** enum values removed at another level than the parameter, by value (as text) → feature level */
  valuesUntil?: Record<string, number>;
  /** enum values that are deprecated, by value (as text) → replacement or '' */
  deprecatedValues?: Record<string, string>;
}

export interface OperationInfo extends WireOperation {
  fields: FieldInfo[];
  /** `none`: no credentials; `optional`: credentials or none; `required` */
  auth: 'none' | 'optional' | 'required';
  /**
   * The ways to authenticate, each the names of the schemes (the table's `authSchemes`) sent
   * together; absent when `auth` is `none`. Empty under `required`: the contract names no
   * scheme it declares, so nothing can be sent.
   */
  security?: string[][];
  since?: number;
  /** feature level from which the operation no longer exists (removed) */
  until?: number;
  deprecated?: boolean;
  replacedBy?: string;
  /** the API error codes the contract documents for this operation */
  errorCodes: string[];
  /** documented response statuses, as in the contract (`200`, `4XX`, `default`) */
  statuses: string[];
  /**
   * The success-body field the server lists the parameters it ignored in (the contract's
   * success schemas declare it; ours: `ignored_parameters_unsupported`, generator/model/
   * ignored-parameters.ts). Absent: the operation's answers have no such field, none is added.
   */
  reportsIgnored?: string;
  /**
   * The success-body field the server reports its feature level in (the contract marks it
   * `x-reports-feature-level`; ours: POST /register's `service_feature_level`, generator/model/
   * level-report.ts). Absent: the operation's answers tell no level, whatever they hold.
   */
  reportsLevel?: string;
  /**
   * Documented statuses whose answer is JSON of another media type than `application/json`
   * (`application/problem+json`, `application/vnd.x+json`): status → that media type. Absent
   * when every JSON answer is `application/json`.
   */
  responseMediaTypes?: Record<string, string>;
  /**
   * Documented statuses whose answer is not JSON: status → the media types documented for it
   * (`[]`: no content, a `201` with only a `Location` header; `['text/vtt']`: a text body).
   * Absent when every documented answer is JSON.
   */
  responseContent?: Record<string, string[]>;
}

/**
 * A field as the client's table writes it (generated/operations.ts `clientTable`): what a
 * client needs to encode and check a call, defaults left out to keep browser bundles small
 * (`required` only when true, `encoding` only when not `plain`, `types` only for `json` fields,
 * the only ones whose encoding reads them).
 */
export interface ClientField extends Omit<
  FieldInfo,
  'required' | 'encoding' | 'types' | 'itemTypes' | 'shape' | 'leaves'
> {
  required?: true;
  encoding?: WireEncoding;
  types?: ScalarType[];
}

/** An operation as the client's table writes it: no error codes or statuses (servers' data). */
export interface ClientOperation extends Omit<
  OperationInfo,
  | 'operationId'
  | 'fields'
  | 'auth'
  | 'security'
  | 'errorCodes'
  | 'statuses'
  | 'responseMediaTypes'
  | 'responseContent'
> {
  fields: ClientField[];
  /** absent: `required` */
  auth?: 'none' | 'optional';
  /** absent (when `auth` is not `none`): the table's `security` */
  security?: string[][];
}

/** Everything a generated client hands the client runtime (runtime/client.ts). */
export interface ClientTable {
  operations: { readonly [operationId: string]: ClientOperation };
  /** the path part of the first server URL (`/api/v1`) */
  basePath: string;
  /** the schemes operations use, by name */
  authSchemes: { readonly [name: string]: AuthScheme };
  /** the contract's global `security`, as alternatives: an operation's unless it says otherwise */
  security: string[][];
  /** where error bodies carry message and code; absent: the contract declares none */
  errors?: ErrorShape;
}
