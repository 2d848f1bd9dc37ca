/**
 * Document → ApiModel. Runs once per generate, after the document was validated; collects
 * every problem it finds (duplicate operationIds, malformed feature-level data) in one pass.
 */
import type { ContractProblem } from '../contract-error.js';
import { childPointer, pointer } from '../pointer.js';
import { readHistory, readLifecycle, lifecycleOf } from './lifecycle.js';
import {
  FORM_MEDIA,
  examplesOf,
  extensionsOf,
  readBodyFields,
  readParameter,
} from './parameters.js';
import { collectLevelFacts } from './level-facts.js';
import { deref } from './schema-facts.js';
import type {
  ApiModel,
  ErrorCodeInfo,
  HttpMethod,
  MediaType,
  NamedSchema,
  Operation,
  Parameter,
  RequestBody,
  Response,
  SecurityRequirement,
  Server,
} from './types.js';

const METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function buildModel(
  document: Record<string, unknown>,
  sourceFile: string,
): { model: ApiModel; problems: ContractProblem[] } {
  const problems: ContractProblem[] = [];
  const openapiVersion = String(document.openapi ?? '');
  const dialect = openapiVersion.startsWith('3.1') ? '3.1' : '3.0';
  const info = (document.info ?? {}) as Record<string, unknown>;
  const components = (document.components ?? {}) as Record<
    string,
    Record<string, unknown> | undefined
  >;

  const operations: Operation[] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const path of Object.keys(paths).sort()) {
    const itemPtr = pointer('paths', path);
    const item = deref(document, paths[path]) ?? {};
    for (const method of METHODS) {
      const raw = item[method] as Record<string, unknown> | undefined;
      if (!raw) continue;
      operations.push(readOperation(document, path, method, raw, item, itemPtr, problems));
    }
  }
  assignIds(operations, problems);

  const schemas: NamedSchema[] = Object.keys(components.schemas ?? {})
    .sort()
    .map((name) => {
      const at = pointer('components', 'schemas', name);
      const schema = components.schemas![name] as Record<string, unknown>;
      const item: NamedSchema = {
        name,
        schema: schema as NamedSchema['schema'],
        lifecycle: readLifecycle(schema, at, problems),
        pointer: at,
      };
      if (typeof schema?.description === 'string') item.description = schema.description;
      return item;
    });

  const model: ApiModel = {
    sourceFile,
    openapiVersion,
    dialect,
    info: {
      title: String(info.title ?? ''),
      version: String(info.version ?? ''),
      ...(typeof info.description === 'string' ? { description: info.description } : {}),
      extensions: extensionsOf(info),
    },
    servers: readServers(document.servers),
    securitySchemes: Object.keys(components.securitySchemes ?? {})
      .sort()
      .map((name) => {
        const s = (deref(document, components.securitySchemes![name]) ?? {}) as Record<
          string,
          unknown
        >;
        return {
          name,
          type: String(s.type ?? ''),
          ...(typeof s.scheme === 'string' ? { scheme: s.scheme } : {}),
          ...(typeof s.description === 'string' ? { description: s.description } : {}),
        };
      }),
    schemas,
    errorCodes: readErrorCatalog(components['x-error-catalog'], problems),
    operations,
    tags: Array.isArray(document.tags)
      ? (document.tags as Record<string, unknown>[]).map((t) => ({
          name: String(t.name),
          ...(typeof t.description === 'string' ? { description: t.description } : {}),
        }))
      : [],
    levelFacts: collectLevelFacts(document),
    document,
  };
  return { model, problems };
}

function readOperation(
  document: Record<string, unknown>,
  path: string,
  method: HttpMethod,
  raw: Record<string, unknown>,
  item: Record<string, unknown>,
  itemPtr: string,
  problems: ContractProblem[],
): Operation {
  const at = childPointer(itemPtr, method);
  // Path-item parameters apply unless the operation redefines the same name and location.
  const byKey = new Map<string, Parameter>();
  const addParams = (list: unknown, listPtr: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      const param = deref(document, p);
      if (!param) return;
      const parsed = readParameter(param, childPointer(listPtr, i), document, problems);
      byKey.set(`${parsed.in}:${parsed.name}`, parsed);
    });
  };
  addParams(item.parameters, childPointer(itemPtr, 'parameters'));
  addParams(raw.parameters, childPointer(at, 'parameters'));
  const parameters = [...byKey.values()];

  let requestBody: RequestBody | undefined;
  const body = deref(document, raw.requestBody);
  if (body) {
    const bodyPtr = childPointer(at, 'requestBody');
    const mediaTypes = readContent(document, body.content, childPointer(bodyPtr, 'content'));
    const form = mediaTypes.length > 0 && mediaTypes.every((m) => FORM_MEDIA.test(m.type));
    const json = !form && mediaTypes.some((m) => /json/i.test(m.type));
    requestBody = {
      required: body.required === true,
      kind: form ? 'form' : json ? 'json' : 'other',
      mediaTypes,
      pointer: bodyPtr,
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
    };
    if (form) {
      for (const field of readBodyFields(mediaTypes[0], document, problems)) {
        if (!byKey.has(`body:${field.name}`)) parameters.push(field);
      }
    }
  }

  const responses: Response[] = Object.keys((raw.responses ?? {}) as object)
    .sort()
    .map((status) => {
      const resPtr = childPointer(at, 'responses', status);
      const res = deref(document, (raw.responses as Record<string, unknown>)[status]) ?? {};
      return {
        status,
        description: String(res.description ?? ''),
        mediaTypes: readContent(document, res.content, childPointer(resPtr, 'content')),
        headers: Object.keys((res.headers ?? {}) as object).sort(),
        pointer: resPtr,
      };
    });

  const security = (raw.security ?? document.security ?? []) as SecurityRequirement[];
  const auth =
    security.length === 0
      ? 'none'
      : security.some((r) => Object.keys(r).length === 0)
        ? 'optional'
        : 'required';
  const errorCodes = Array.isArray(raw['x-error-codes'])
    ? (raw['x-error-codes'] as unknown[]).map(String)
    : [];

  const op: Operation = {
    id: typeof raw.operationId === 'string' ? raw.operationId : '',
    idSynthesized: typeof raw.operationId !== 'string',
    method,
    path,
    pointer: at,
    tags: Array.isArray(raw.tags) ? raw.tags.map(String) : [],
    security,
    auth,
    parameters,
    responses,
    errorCodes,
    lifecycle: readLifecycle(raw, at, problems),
    extensions: extensionsOf(raw),
  };
  if (requestBody) op.requestBody = requestBody;
  if (typeof raw.summary === 'string') op.summary = raw.summary;
  if (typeof raw.description === 'string') op.description = raw.description;
  if (typeof raw['x-permission'] === 'string') op.permission = raw['x-permission'];
  return op;
}

function readContent(document: unknown, content: unknown, at: string): MediaType[] {
  if (!content || typeof content !== 'object') return [];
  return Object.entries(content as Record<string, unknown>).map(([type, raw]) => {
    const media = deref(document, raw) ?? {};
    const mediaPtr = childPointer(at, type);
    const encoding: MediaType['encoding'] = {};
    for (const [name, e] of Object.entries(
      (media.encoding ?? {}) as Record<string, Record<string, unknown>>,
    )) {
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
    if (media.schema !== undefined) out.schema = media.schema as MediaType['schema'];
    return out;
  });
}

/** Unique operation ids: duplicates in the contract are problems; synthesized ones get suffixes. */
function assignIds(operations: Operation[], problems: ContractProblem[]): void {
  const seen = new Map<string, Operation>();
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

function readServers(raw: unknown): Server[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((s: Record<string, unknown>) => {
    const url = String(s.url ?? '');
    const variables: Server['variables'] = {};
    for (const [name, v] of Object.entries(
      (s.variables ?? {}) as Record<string, Record<string, unknown>>,
    )) {
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
