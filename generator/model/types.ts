/**
 * The one intermediate model of a contract. The loader builds it once; every emitter reads only
 * it (never the YAML). It is plain data: no classes, no functions, safe to JSON.stringify.
 *
 * Order is deterministic everywhere (operations by path then method, schemas by name), so that
 * emitters that iterate produce byte-identical output run after run.
 */

import type { AuthScheme, OperationInfo, RefusalShape } from '../../runtime/operation-info.js';
import type { WireShape } from '../../runtime/wire.js';
import type { OpaqueDocument } from './document.js';
import type { PagingInfo } from '../../runtime/client-paging.js';

/** An operation's paging as the model holds it: the runtime's description, parameters by name. */
export type Pagination = PagingInfo & {
  /** where `x-pagination` is written */
  pointer: string;
};

/** A JSON Schema object as written in the contract (internal `$ref`s kept as `#/components/...`). */
export type JsonSchema = { [key: string]: unknown } | boolean;

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** The feature-level vocabulary of `x-history` entries (see openapi/README.md). */
export type ChangeKind = 'added' | 'changed' | 'deprecated' | 'removed';

export interface FeatureChange {
  /** Feature level of the change; null when the description names no level. */
  level: number | null;
  change: ChangeKind;
  note: string;
}

/** What the contract says of an item's life: history, deprecation, replacement. */
export interface Lifecycle {
  history: FeatureChange[];
  deprecated: boolean;
  /** `x-replaced-by`: what to use instead (free text: a name, a value or `param=value`). */
  replacedBy?: string;
  /** Level at which the item first exists (the `added` entry), if known. */
  addedIn?: number;
  /** Level at which it was removed, if any. */
  removedIn?: number;
}

/**
 * The feature levels in which an item exists: from `addedIn` (inclusive) to `removedIn`
 * (exclusive). `removedIn: null` = removed at a level the contract does not name.
 */
export interface LevelWindow {
  addedIn?: number;
  removedIn?: number | null;
}

/** Level facts of one schema object: its properties' and enum values' windows. */
export interface SchemaLevelFacts {
  properties?: Record<string, LevelWindow>;
  enum?: (LevelWindow & { value: unknown })[];
}

/** One allowed value of an enum, with its meaning (`x-enum-meanings`) and history (`x-enum-history`). */
export interface EnumValue {
  value: string | number | boolean | null;
  meaning?: string;
  lifecycle: Lifecycle;
}

/** How a parameter's value travels as text. Drives the wire model (runtime/wire.ts). */
export type WireEncoding =
  /** a scalar written as text (`5`, `true`, `general`), coerced back by the schema's types */
  | 'plain'
  /** one field holding JSON text (`to=[1,2]`): query `content: application/json`, body `encoding.contentType: application/json` */
  | 'json'
  /** an array as repeated keys (`a=1&a=2`): OpenAPI style form, explode true */
  | 'explode'
  /** an array or object joined by commas (`a=1,2`): style form, explode false */
  | 'comma'
  /** an object as `a[k]=v`: style deepObject */
  | 'deepObject';

/** The top-level JSON types a schema admits, used to coerce plain text back to values. */
export type ScalarType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie' | 'body';

export interface Limits {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Example {
  /** key under `examples`, or `default` for a lone `example` */
  name: string;
  summary?: string;
  description?: string;
  value: unknown;
  /** JSON pointer of the example in the contract */
  pointer: string;
}

/**
 * A parameter, wherever it travels. Fields of a form request body are flattened into the
 * operation's parameters with `in: 'body'`, because for this API they are parameters like any
 * other (the description lists them side by side); a JSON request body is not flattened.
 */
export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  /** the schema of the value (for `content:` parameters, the media type's schema) */
  schema: JsonSchema;
  /**
   * Where that schema really is: its pointer once every `$ref` on the way was followed
   * (`#/components/parameters/Narrow/content/application~1json/schema`). Undefined when the
   * parameter has no schema; validators `$ref` it so a shared schema compiles once.
   */
  schemaPointer?: string;
  /** the media type of a `content:`-encoded parameter (it decided `encoding`) */
  mediaType?: string;
  /** the same schema with `$ref`s resolved one level down the tree, for docs and coercion */
  types: ScalarType[];
  encoding: WireEncoding;
  /** for `explode`/`comma` arrays: the JSON types an item admits (`a=1&a=2` → numbers) */
  itemTypes?: ScalarType[];
  /** for `comma` parameters: the delimiter when not `,` (spaceDelimited, pipeDelimited) */
  delimiter?: ' ' | '|';
  /** for `deepObject` parameters: the types at each level of the value (model/wire-shape.ts) */
  shape?: WireShape;
  /**
   * For a `deepObject` parameter: the names spelled under its own that other parameters of its
   * place are called (`filter[record_type]` beside `filter`); those names are theirs on the
   * wire (model/wire-collisions.ts), and a property sent as one of them is typed out.
   */
  leaves?: string[];
  /**
   * Set when the schema admits null but the parameter (a form body's field too) is required
   * and travels in a style that writes null as nothing (form, exploded or not, and deepObject;
   * urlencoded and multipart bodies write their fields so too): no request can say null
   * there, only leave the parameter out, which a required one may not be. The types leave null
   * out (model/views/typescript.ts), so every value they accept is one the wire can send.
   */
  nullNotSent?: true;
  default?: unknown;
  enum?: EnumValue[];
  limits: Limits;
  examples: Example[];
  lifecycle: Lifecycle;
  /** JSON pointer of the parameter (or of the body property) in the contract */
  pointer: string;
  /** every `x-` extension on the parameter / property, by name */
  extensions: Record<string, unknown>;
}

export interface MediaType {
  /** e.g. `application/x-www-form-urlencoded`, `multipart/form-data`, `application/json` */
  type: string;
  schema?: JsonSchema;
  /** OpenAPI `encoding` per property: only the content type matters to us */
  encoding: Record<string, { contentType?: string; style?: string; explode?: boolean }>;
  examples: Example[];
  pointer: string;
  /** the real place of `schema` (every `$ref` on the way followed), when it has one */
  schemaPointer?: string;
}

export type BodyKind = 'form' | 'json' | 'other';

export interface RequestBody {
  required: boolean;
  description?: string;
  /** `form` when every media type is urlencoded or multipart; `json` for JSON bodies */
  kind: BodyKind;
  mediaTypes: MediaType[];
  /** the media type that stands for the body (model/media.ts, `representativeMedia`) */
  representative?: MediaType;
  /**
   * nothing to send (model/request-body.ts): an object allowed no member; artifacts offer no
   * body for it
   */
  carriesNothing: boolean;
  pointer: string;
}

export interface Response {
  /** `200`, `4XX`, `default`, ... exactly as in the contract */
  status: string;
  description: string;
  mediaTypes: MediaType[];
  /** the media type that stands for the response (model/media.ts, `representativeMedia`) */
  representative?: MediaType;
  headers: string[];
  pointer: string;
}

export interface SecurityRequirement {
  /** scheme name → scopes */
  [scheme: string]: string[];
}

export interface Operation {
  /** operationId, or one synthesized from method and path when the contract has none */
  id: string;
  /** true when `id` was synthesized */
  idSynthesized: boolean;
  method: HttpMethod;
  /** path template as in the contract, e.g. `/messages/{message_id}` */
  path: string;
  pointer: string;
  summary?: string;
  description?: string;
  tags: string[];
  /** effective security (operation's or the document's) */
  security: SecurityRequirement[];
  /**
   * `none`: no credentials; `optional`: `{}` is one of the alternatives; `required` otherwise
   * (model/security.ts decides it)
   */
  auth: 'none' | 'optional' | 'required';
  /**
   * The ways to authenticate, each the names of the schemes sent together (`{}` and
   * alternatives naming undeclared schemes left out); see model/security.ts
   */
  authAlternatives: string[][];
  /** `x-permission`: who may call it, as prose (e.g. "organization administrators only") */
  permission?: string;
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: Response[];
  /** `x-error-codes`: the API error codes this operation documents (in contract order) */
  errorCodes: string[];
  lifecycle: Lifecycle;
  extensions: Record<string, unknown>;
  /** how it pages (`x-pagination`, model/pagination.ts); absent: it does not */
  pagination?: Pagination;
  /**
   * Safe to repeat, so clients may retry it: `x-idempotent`, else its method's rule
   * (model/idempotency.ts)
   */
  idempotent: boolean;
  /** the operation's entry of generated/operations.ts, the table the runtime reads */
  runtime: OperationInfo;
  /** every name generated for the operation (model/names.ts) */
  names: OperationNames;
}

/**
 * The names generated code gives an operation, chosen once (model/names.ts) with collisions
 * resolved there, so that the client, the server, the docs and the runner agree.
 */
export interface OperationNames {
  /** the client method (`sendMessage`) */
  method: string;
  /** the key of the operation in the server's `Handlers` and in the validators' tables */
  handler: string;
  /** the export (and file) name of the operation's starter handler (`tms-gen scaffold`) */
  handlerExport: string;
  /** the server's type of the decoded parameters (`SendMessageParams`) */
  paramsType: string;
  /** the server's type of the documented responses (`SendMessageResult`) */
  resultType: string;
  /** the client's params-object key of each field (cookies excluded), in parameter order */
  fieldKeys: { key: string; field: Parameter }[];
  /** the client's key of a whole body that is not a form */
  bodyKey?: string;
  /**
   * the file stem of the operation's own files (validators/ops/<file>.js, the reference's
   * operations/<file>.html): bounded, case-insensitively unique (model/file-names.ts)
   */
  file: string;
  /** the file stem of the operation's starter handler (`tms-gen scaffold`: <handlerFile>.ts) */
  handlerFile: string;
  /** the reference's group (sidebar page) of the operation: its first tag, else first path segment */
  group: string;
  /** the file stem of that group's page (groups/<groupFile>.html) */
  groupFile: string;
}

/** A name the model had to change, said once by the emitter that uses it. */
export interface NameNotice {
  emitter: 'client' | 'validators';
  message: string;
}

export interface NamedSchema {
  name: string;
  schema: JsonSchema;
  description?: string;
  lifecycle: Lifecycle;
  pointer: string;
  /** `Message` → the validators' `isMessage`/`validateMessage`; undefined when the name is taken */
  guardStem?: string;
  /** the file stem of the schema's page and module (model/file-names.ts) */
  file: string;
}

export interface ErrorCodeInfo {
  code: string;
  description: string;
  /** the HTTP status the description gives for it, if any (with the case it applies to) */
  statuses: { status: number; note: string }[];
  lifecycle: Lifecycle;
}

export interface SecurityScheme {
  name: string;
  type: string;
  scheme?: string;
  description?: string;
  /** how its credential travels (model/security.ts): what client, server and samples do */
  send: AuthScheme;
  /** what samples show for the credential (`x-placeholder`, else one by type: `<TOKEN>`) */
  placeholder: string;
  /**
   * HTTP Basic: what the contract calls the user name and the password (`x-credential-names`;
   * ours: `email` and `API key`); absent: RFC 7617's terms (model/security.ts `BASIC_NAMES`)
   */
  credentialNames?: CredentialNames;
  /**
   * HTTP Basic whose names are an email and an API key (ours; model/security.ts
   * `namesEmailAndKey`): the client's `email` / `apiKey` options are its names for the pair
   */
  emailAndKey?: true;
}

/**
 * The fields of the document's error bodies that carry a message and a code (model/errors.ts),
 * found in its error responses' schemas; `undefined` when its errors declare no such body.
 */
export interface ErrorShape {
  /** the property holding the message (`msg`, `message`, ...) */
  message: string;
  /** the property holding a machine-readable code, when the body has one */
  code?: string;
  /** the property the message and code are nested in (`{"error": {"message": ...}}`), if any */
  within?: string;
}

export type { RefusalShape };

/**
 * What the document's error answers look like (model/errors.ts), decided once: the contract
 * runner judges answers by it, the servers write their own refusals by `refusal`.
 */
export interface ErrorConventions {
  /** where error bodies carry their message and code; absent: the document declares none */
  shape?: ErrorShape;
  /** every answer is a `{result, msg, code}` envelope (by `shape`'s names): our API's */
  envelope: boolean;
  /**
   * The document says which error codes each operation answers with (`x-error-codes`, ours):
   * another code is a violation. A document that lists none leaves codes unjudged.
   */
  listsCodes: boolean;
  /** how the servers' own refusals (400, 401, 404, ...) are written for this document */
  refusal: RefusalShape;
  /**
   * The component schema (`#/components/schemas/<name>`) most error bodies of `shape` are:
   * what the generated server's error helpers are typed by. Absent: they are inline schemas.
   */
  errorSchema?: string;
  /** fields error bodies of one code add to the common shape (model/error-fields.ts) */
  codeFields: CodeFields[];
}

/** `STREAM_DOES_NOT_EXIST` adds `stream` (required), declared by component schema `schema`. */
export interface CodeFields {
  code: string;
  /** the component schema (`#/components/schemas/<schema>`) that declares them */
  schema: string;
  fields: { name: string; required: boolean }[];
}

export interface Server {
  url: string;
  description?: string;
  variables: Record<string, { default: string; description?: string; enum?: string[] }>;
  /** the path part of the URL with variables at their defaults, e.g. `/api/v1`; `` when none */
  basePath: string;
}

/** A named section of tags (`x-tagGroups`). */
export interface TagGroup {
  name: string;
  tags: string[];
}

export interface ApiModel {
  /** the file the contract was loaded from, relative to the working directory */
  sourceFile: string;
  openapiVersion: string;
  /** `3.0` or `3.1`: decides JSON Schema dialect (nullable vs type arrays) */
  dialect: '3.0' | '3.1';
  info: {
    title: string;
    version: string;
    description?: string;
    /** `info.summary` (OpenAPI 3.1) */
    summary?: string;
    extensions: Record<string, unknown>;
  };
  servers: Server[];
  securitySchemes: SecurityScheme[];
  /** the document's global `security`, as alternatives (see `Operation.authAlternatives`) */
  defaultAuthAlternatives: string[][];
  /** where the document's error bodies carry their message and code (model/errors.ts) */
  errorShape?: ErrorShape;
  /** the document's error conventions, the servers' refusals included (model/errors.ts) */
  errorConventions: ErrorConventions;
  schemas: NamedSchema[];
  errorCodes: ErrorCodeInfo[];
  operations: Operation[];
  tags: { name: string; description?: string }[];
  /** `x-tagGroups`: named sections of tags (the reference's sidebar headings); [] when none */
  tagGroups: TagGroup[];
  /** names the model had to change (collisions), for the emitter that uses them to say */
  nameNotices: NameNotice[];
  /**
   * The newest feature level the contract records anywhere (0 when none); an undated removal
   * counts from it (model/levels.ts). Computed once, with the model.
   */
  newestLevel: number;
  /**
   * Feature-level facts of schema objects (`x-history` of properties, `x-enum-history`) by the
   * pointer of the schema object as written in the document; only schemas with facts appear.
   */
  levelFacts: Record<string, SchemaLevelFacts>;
  /**
   * The validated document with every external file bundled in (internal `$ref`s only), opaque:
   * only generator/model/ reads it (model/document.ts). Others hand it back to model functions
   * (`deref`, `sampleInputs`) or use the views model/views/ prepares for openapi-typescript,
   * Ajv and Prism.
   */
  document: OpaqueDocument;
}

/**
 * What an HTTP Basic scheme's two halves are called, as its contract names them: labels such as
 * `email` and `API key` (ours), from which the runner spells its options (`--email`,
 * `--api-key`), scenario inputs (`$inputs.api_key`), variables (`CONTRACT_API_KEY`) and
 * messages. RFC 7617's own terms, user name and password, for a scheme that names none.
 */
export interface CredentialNames {
  user: string;
  password: string;
}
