/**
 * Document → ApiModel. Runs once per generate, after the document was validated; collects
 * every problem it finds (duplicate operationIds, malformed feature-level data) in one pass.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { HTTP_METHODS } from '../common/http-methods.js';
import { childPointer, pointer } from '../common/pointer.js';
import { readHistory, readLifecycle, lifecycleOf } from './lifecycle.js';
import {
  opaqueDocument,
  type Extended,
  type MediaTypeObject,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type Ref,
  type RequestBodyObject,
  type ResponseObject,
  type SecuritySchemeObject,
  type ServerObject,
  withExtensions,
} from './document.js';
import { bodyKindOf, representativeMedia } from './media.js';
import { carriesNothing } from './request-body.js';
import { nameOperations, nameSchemaFiles, nameSchemaGuards } from './names.js';
import { examplesOf, extensionsOf, readBodyFields, readParameter } from './parameters.js';
import { separateCollidingObjects } from './wire-collisions.js';
import { realPointer } from './real-pointer.js';
import { newestLevel } from './levels.js';
import { ignoredParametersField } from './ignored-parameters.js';
import { levelReportField } from './level-report.js';
import { runtimeEntry } from './runtime-entry.js';
import { collectLevelFacts } from './level-facts.js';
import { deref } from './schema-facts.js';
import { errorConventionsOf } from './errors.js';
import { readIdempotent } from './idempotency.js';
import { readPagination } from './pagination.js';
import { readTagGroups } from './tag-groups.js';
import {
  authSchemeOf,
  CREDENTIAL_NAMES_RULE,
  credentialNamesOf,
  namesEmailAndKey,
  operationAuth,
  placeholderOf,
  type RawScheme,
} from './security.js';
import type {
  ApiModel,
  ErrorCodeInfo,
  HttpMethod,
  MediaType,
  NamedSchema,
  NameNotice,
  Operation,
  Parameter,
  RequestBody,
  Response,
  SecurityRequirement,
  Server,
} from './types.js';

/** An operation as read, before the model names it and builds its runtime entry. */
type ReadOperation = Omit<Operation, 'runtime' | 'names'>;

export function buildModel(
  input: OpenApiDocument,
  sourceFile: string,
  opts: {
    /**
     * false when the loader knows the document holds no feature-level key (`x-history`,
     * `x-enum-history`, `x-removed`; SourceFile.levelKeys): the level facts are then empty
     * without walking the whole document twice to find none.
     */
    levelKeys?: boolean;
  } = {},
): { model: ApiModel; problems: ContractProblem[]; warnings: ContractProblem[] } {
  const levelKeys = opts.levelKeys !== false;
  const document: OpenApiDocument = input;
  const problems: ContractProblem[] = [];
  const openapiVersion = String(document.openapi ?? '');
  const dialect = openapiVersion.startsWith('3.1') ? '3.1' : '3.0';
  const info: Extended<OpenApiDocument['info']> & { summary?: string } = withExtensions(
    document.info ?? { title: '', version: '' },
  );
  const components = withExtensions(document.components ?? {});

  const declaredSchemes = new Set(Object.keys(components.securitySchemes ?? {}));
  const read = readOperations(document, declaredSchemes, problems);
  const warnings = separateCollidingObjects(read);
  assignIds(read, problems);
  const nameNotices: NameNotice[] = [];
  const names = nameOperations(read, nameNotices);
  // An undated removal counts from the newest level the contract records (model/levels.ts).
  const newest = levelKeys ? newestLevel(document) : 0;
  const operations: Operation[] = read.map((op, i) => ({
    ...op,
    runtime: runtimeEntry(
      op,
      newest,
      ignoredParametersField(document, op),
      levelReportField(document, op, newest),
    ),
    names: names[i],
  }));

  const schemas = readSchemas(components.schemas, problems);
  nameSchemaGuards(schemas, nameNotices);
  nameSchemaFiles(schemas);

  const errorConventions = errorConventionsOf(document, operations);
  const model: ApiModel = {
    sourceFile,
    openapiVersion,
    dialect,
    info: {
      title: String(info.title ?? ''),
      version: String(info.version ?? ''),
      ...(typeof info.description === 'string' ? { description: info.description } : {}),
      ...(typeof info.summary === 'string' ? { summary: info.summary } : {}),
      extensions: extensionsOf(info),
    },
    servers: readServers(document.servers),
    securitySchemes: readSecuritySchemes(document, components.securitySchemes, problems),
    defaultAuthAlternatives: operationAuth(
      Array.isArray(document.security) ? document.security : [],
      declaredSchemes,
    ).alternatives,
    ...optional('errorShape', errorConventions.shape),
    errorConventions,
    schemas,
    errorCodes: readErrorCatalog(components['x-error-catalog'], problems),
    operations,
    tags: (document.tags ?? []).map((t) => ({
      name: String(t.name),
      ...(typeof t.description === 'string' ? { description: t.description } : {}),
    })),
    tagGroups: readTagGroups((document as Record<string, unknown>)['x-tagGroups']),
    nameNotices,
    newestLevel: newest,
    levelFacts: levelKeys
      ? collectLevelFacts(input as unknown as Record<string, unknown>, newest)
      : {},
    document: opaqueDocument(input),
  };
  return { model, problems, warnings };
}

/** The operations of every path, in path order then HTTP_METHODS order. */
function readOperations(
  document: OpenApiDocument,
  declaredSchemes: Set<string>,
  problems: ContractProblem[],
): ReadOperation[] {
  const read: ReadOperation[] = [];
  const paths: Record<string, Ref<PathItemObject> | undefined> = document.paths ?? {};
  for (const path of Object.keys(paths).sort()) {
    const itemPtr = pointer('paths', path);
    const item = resolve<PathItemObject>(document, paths[path]) ?? {};
    for (const method of HTTP_METHODS) {
      const raw = item[method];
      if (!raw) continue;
      read.push(
        readOperation(
          document,
          path,
          method,
          withExtensions(raw),
          item,
          itemPtr,
          declaredSchemes,
          problems,
        ),
      );
    }
  }
  return read;
}

/** The named schemas (`components.schemas`), by name. */
function readSchemas(
  named: Record<string, unknown> | undefined,
  problems: ContractProblem[],
): NamedSchema[] {
  return Object.keys(named ?? {})
    .sort()
    .map((name) => {
      const at = pointer('components', 'schemas', name);
      const schema = named![name] as Record<string, unknown>;
      const item: NamedSchema = {
        name,
        schema,
        lifecycle: readLifecycle(schema, at, problems),
        pointer: at,
        file: '',
      };
      if (typeof schema?.description === 'string') item.description = schema.description;
      return item;
    });
}

/** The security schemes, by name, with how each credential travels. */
function readSecuritySchemes(
  document: OpenApiDocument,
  schemes: Record<string, Ref<SecuritySchemeObject>> | undefined,
  problems: ContractProblem[],
): ApiModel['securitySchemes'] {
  return Object.keys(schemes ?? {})
    .sort()
    .map((name) => {
      const s: Partial<SecuritySchemeObject> =
        resolve<SecuritySchemeObject>(document, schemes![name]) ?? {};
      const send = authSchemeOf(s as RawScheme);
      const credentialNames = credentialNamesOf(s as RawScheme, send);
      // Our extension, written wrong: said where, rather than silently RFC 7617's names.
      if ('x-credential-names' in s && !credentialNames)
        problems.push({
          pointer: pointer('components', 'securitySchemes', name, 'x-credential-names'),
          message: CREDENTIAL_NAMES_RULE,
          source: 'model',
        });
      return {
        name,
        type: String(s.type ?? ''),
        ...('scheme' in s && typeof s.scheme === 'string' ? { scheme: s.scheme } : {}),
        ...(typeof s.description === 'string' ? { description: s.description } : {}),
        send,
        placeholder: placeholderOf(s as RawScheme, send),
        ...optional('credentialNames', credentialNames),
        ...(namesEmailAndKey(credentialNames) ? { emailAndKey: true as const } : {}),
      };
    });
}

/** `{ [key]: value }` when there is a value, `{}` otherwise (optional fields stay absent). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** A node the `$ref` (internal only, the loader made sure) stands for; the node itself otherwise. */
function resolve<T extends object>(
  document: OpenApiDocument,
  node: Ref<T> | undefined,
): T | undefined {
  return deref(document, node) as T | undefined;
}

/**
 * OpenAPI (Parameter Object, `in: header`): a parameter named Accept, Content-Type or
 * Authorization SHALL be ignored; the media types and the security schemes say those. The
 * headers that frame the message or manage the connection (RFC 9110 §8.6, RFC 9112 §6-7 and
 * §9.6) are ignored the same way: the HTTP layer writes them from the request itself, fetch
 * refuses or drops values given for them (a `Content-Length` of HERE's tracking API made the
 * call fail before sending), and no value a caller picks could be right.
 */
const IGNORED_HEADERS = new Set([
  'accept',
  'content-type',
  'authorization',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'host',
]);

function isIgnoredHeader(param: ParameterObject): boolean {
  return param.in === 'header' && IGNORED_HEADERS.has(String(param.name).toLowerCase());
}

function readOperation(
  document: OpenApiDocument,
  path: string,
  method: HttpMethod,
  raw: Extended<OperationObject>,
  item: PathItemObject,
  itemPtr: string,
  declaredSchemes: ReadonlySet<string>,
  problems: ContractProblem[],
): ReadOperation {
  const at = childPointer(itemPtr, method);
  // Path-item parameters apply unless the operation redefines the same name and location.
  const byKey = new Map<string, Parameter>();
  const addParams = (list: Ref<ParameterObject>[] | undefined, listPtr: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      const param = resolve<ParameterObject>(document, p);
      if (!param || isIgnoredHeader(param)) return;
      const parsed = readParameter(param, childPointer(listPtr, i), document, problems);
      byKey.set(`${parsed.in}:${parsed.name}`, parsed);
    });
  };
  addParams(item.parameters, childPointer(itemPtr, 'parameters'));
  addParams(raw.parameters, childPointer(at, 'parameters'));
  const parameters = [...byKey.values()];

  let requestBody: RequestBody | undefined;
  // fetch (browsers' and Node's) refuses a body on GET and HEAD, and HTTP gives it no meaning
  // there: a body declared on one is left out, so no type offers what no client can send.
  const body =
    method === 'get' || method === 'head'
      ? undefined
      : resolve<RequestBodyObject>(document, raw.requestBody);
  if (body) {
    const bodyPtr = childPointer(at, 'requestBody');
    const mediaTypes = readContent(document, body.content, childPointer(bodyPtr, 'content'));
    const representative = representativeMedia(mediaTypes);
    requestBody = {
      required: body.required === true,
      kind: bodyKindOf(mediaTypes),
      mediaTypes,
      ...(representative ? { representative } : {}),
      carriesNothing: carriesNothing(document, mediaTypes),
      pointer: bodyPtr,
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
    };
    if (requestBody.kind === 'form' && representative) {
      for (const field of readBodyFields(representative, document, problems)) {
        if (!byKey.has(`body:${field.name}`)) parameters.push(field);
      }
    }
  }

  const rawResponses: Record<string, Ref<ResponseObject>> = raw.responses ?? {};
  const responses: Response[] = Object.keys(rawResponses)
    .sort()
    .map((status) => {
      const resPtr = childPointer(at, 'responses', status);
      const res: Partial<ResponseObject> =
        resolve<ResponseObject>(document, rawResponses[status]) ?? {};
      const mediaTypes = readContent(document, res.content, childPointer(resPtr, 'content'));
      const representative = representativeMedia(mediaTypes);
      return {
        status,
        description: String(res.description ?? ''),
        mediaTypes,
        ...(representative ? { representative } : {}),
        headers: Object.keys(res.headers ?? {}).sort(),
        pointer: resPtr,
      };
    });

  const security: SecurityRequirement[] = raw.security ?? document.security ?? [];
  const { auth, alternatives: authAlternatives } = operationAuth(security, declaredSchemes);
  const errorCodes = Array.isArray(raw['x-error-codes'])
    ? (raw['x-error-codes'] as unknown[]).map(String)
    : [];

  const op: ReadOperation = {
    id: typeof raw.operationId === 'string' ? raw.operationId : '',
    idSynthesized: typeof raw.operationId !== 'string',
    method,
    path,
    pointer: at,
    tags: Array.isArray(raw.tags) ? raw.tags.map(String) : [],
    security,
    auth,
    authAlternatives,
    parameters,
    responses,
    errorCodes,
    lifecycle: readLifecycle(raw, at, problems),
    extensions: extensionsOf(raw),
    idempotent: false,
  };
  op.idempotent = readIdempotent(op, problems);
  const pagination = readPagination(document, op, problems);
  if (pagination) op.pagination = pagination;
  if (requestBody) op.requestBody = requestBody;
  if (typeof raw.summary === 'string') op.summary = raw.summary;
  if (typeof raw.description === 'string') op.description = raw.description;
  if (typeof raw['x-permission'] === 'string') op.permission = raw['x-permission'];
  return op;
}

function readContent(
  document: OpenApiDocument,
  content: Record<string, Ref<MediaTypeObject>> | undefined,
  at: string,
): MediaType[] {
  if (!content || typeof content !== 'object') return [];
  return Object.entries(content).map(([type, raw]) => {
    const media: MediaTypeObject = resolve<MediaTypeObject>(document, raw) ?? {};
    const mediaPtr = childPointer(at, type);
    const encoding: MediaType['encoding'] = {};
    for (const [name, e] of Object.entries(media.encoding ?? {})) {
      encoding[name] = {
        ...(typeof e?.contentType === 'string' ? { contentType: e.contentType } : {}),
        ...(typeof e?.style === 'string' ? { style: e.style } : {}),
        ...(typeof e?.explode === 'boolean' ? { explode: e.explode } : {}),
      };
    }
    const out: MediaType = {
      type,
      encoding,
      examples: examplesOf(media, mediaPtr, document),
      pointer: mediaPtr,
    };
    if (media.schema !== undefined) {
      out.schema = media.schema as MediaType['schema'];
      const real = realPointer(document, childPointer(mediaPtr, 'schema'));
      if (real) out.schemaPointer = real;
    }
    return out;
  });
}

/** Unique operation ids: duplicates in the contract are problems; synthesized ones get suffixes. */
function assignIds(operations: ReadOperation[], problems: ContractProblem[]): void {
  const seen = new Map<string, ReadOperation>();
  for (const op of operations) {
    if (op.idSynthesized) continue;
    const first = seen.get(op.id);
    if (first) {
      problems.push({
        pointer: childPointer(op.pointer, 'operationId'),
        message: `duplicate operationId '${op.id}' (also at ${first.pointer})`,
        source: 'model',
      });
    } else seen.set(op.id, op);
  }
  for (const op of operations) {
    if (!op.idSynthesized) continue;
    const base =
      op.method +
      op.path
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join('');
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}${n}`;
    op.id = id;
    seen.set(id, op);
  }
}

function readServers(raw: ServerObject[] | undefined): Server[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((s) => {
    const url = String(s.url ?? '');
    const variables: Server['variables'] = {};
    for (const [name, v] of Object.entries(s.variables ?? {})) {
      variables[name] = {
        default: String(v.default ?? ''),
        ...(typeof v.description === 'string' ? { description: v.description } : {}),
        ...(Array.isArray(v.enum) ? { enum: v.enum.map(String) } : {}),
      };
    }
    // The base path is what follows the authority once variables take their defaults; a
    // variable standing for the whole origin (`{base_url}/api/v1`) contributes no path.
    const expanded = url.replace(/\{([^}]+)\}/g, (_, n: string) => variables[n]?.default ?? '');
    let basePath: string;
    try {
      basePath = new URL(expanded, 'http://placeholder.invalid').pathname.replace(/\/+$/, '');
    } catch {
      basePath = '';
    }
    return {
      url,
      variables,
      basePath,
      ...(typeof s.description === 'string' ? { description: s.description } : {}),
    };
  });
}

function readErrorCatalog(raw: unknown, problems: ContractProblem[]): ErrorCodeInfo[] {
  if (!raw || typeof raw !== 'object') return [];
  return Object.keys(raw)
    .sort()
    .map((code) => {
      const e = ((raw as Record<string, unknown>)[code] ?? {}) as Record<string, unknown>;
      const at = pointer('components', 'x-error-catalog', code);
      const statuses = Array.isArray(e.statuses)
        ? (e.statuses as Record<string, unknown>[]).map((s) => ({
            status: Number(s.status),
            note: String(s.note ?? ''),
          }))
        : [];
      return {
        code,
        description: String(e.description ?? ''),
        statuses,
        lifecycle: lifecycleOf(
          readHistory(e['x-history'], childPointer(at, 'x-history'), problems),
          e,
        ),
      };
    });
}
