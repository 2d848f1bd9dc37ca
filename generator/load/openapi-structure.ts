/**
 * The OpenAPI structure check: the document against its dialect's meta-schema, with the
 * verdicts swagger-parser's `validate` gives, at a fraction of its cost on large documents.
 *
 * swagger-parser dereferences the whole document first (every `$ref` replaced by its target,
 * circular ones kept), then validates that: a schema used in 500 places is validated 500 times, and
 * a large document pays for every copy. Here the document is validated as it is, refs and all, so
 * each object is validated once, where it is defined. That is the same verdict wherever a `$ref`
 * stands at a place the meta-schema accepts a Reference Object and its target is validated, at its
 * own place, as the same kind of object (a parameter's ref to `#/components/parameters/x`). Any
 * other ref (with siblings, to a target of another kind or outside the places the meta-schema
 * knows, or at a place that takes no Reference, such as a media type) is replaced by its target
 * (merged with its siblings, which win) in a copy-on-write view first, as swagger-parser would, so
 * its target is validated as what it stands for, and problems inside it get the ref's pointer
 * (which `Bundle.locate` traces back to the target's file and line).
 */
import { HTTP_METHODS } from '../common/http-methods.js';
import { getAt, parsePointer } from '../common/pointer.js';
import { metaValidator, type Dialect, type MetaValidator } from './openapi-meta.js';
import { isObject } from '../../runtime/is-object.js';

/** A place in an OpenAPI document: the kind of object the meta-schema expects there. */
type Kind =
  | 'root'
  | 'paths'
  | 'pathItem'
  | 'operation'
  | 'responses'
  | 'response'
  | 'parameter'
  | 'header'
  | 'requestBody'
  | 'mediaType'
  | 'encoding'
  | 'example'
  | 'link'
  | 'callback'
  | 'securityScheme'
  | 'schema'
  | 'components'
  | 'info'
  | 'server'
  | 'tag'
  | 'externalDocs'
  | 'securityRequirement';

/** How a child is reached: a fixed field, every entry of a map, or every item of a list. */
type Child = { kind: Kind; shape: 'one' | 'map' | 'list' | 'schemaOrList'; allKeys?: boolean };

const one = (kind: Kind): Child => ({ kind, shape: 'one' });
const map = (kind: Kind, allKeys = false): Child => ({ kind, shape: 'map', allKeys });
const list = (kind: Kind): Child => ({ kind, shape: 'list' });

/** The OpenAPI object graph (3.0 and 3.1), as far as it holds objects a `$ref` can stand for. */
const GRAMMAR: Partial<Record<Kind, Record<string, Child>>> = {
  root: {
    info: one('info'),
    servers: list('server'),
    paths: one('paths'),
    webhooks: map('pathItem'),
    components: one('components'),
    security: list('securityRequirement'),
    tags: list('tag'),
    externalDocs: one('externalDocs'),
  },
  components: {
    schemas: map('schema', true),
    responses: map('response', true),
    parameters: map('parameter', true),
    examples: map('example', true),
    requestBodies: map('requestBody', true),
    headers: map('header', true),
    securitySchemes: map('securityScheme', true),
    links: map('link', true),
    callbacks: map('callback', true),
    pathItems: map('pathItem', true),
  },
  pathItem: {
    ...Object.fromEntries(HTTP_METHODS.map((m) => [m, one('operation')])),
    parameters: list('parameter'),
    servers: list('server'),
  },
  operation: {
    parameters: list('parameter'),
    requestBody: one('requestBody'),
    responses: one('responses'),
    callbacks: map('callback'),
    servers: list('server'),
    security: list('securityRequirement'),
    externalDocs: one('externalDocs'),
  },
  parameter: { schema: one('schema'), content: map('mediaType'), examples: map('example') },
  header: { schema: one('schema'), content: map('mediaType'), examples: map('example') },
  requestBody: { content: map('mediaType') },
  response: { headers: map('header'), content: map('mediaType'), links: map('link') },
  mediaType: { schema: one('schema'), examples: map('example'), encoding: map('encoding') },
  encoding: { headers: map('header') },
  link: { server: one('server') },
  schema: {
    properties: map('schema', true),
    patternProperties: map('schema', true),
    dependentSchemas: map('schema', true),
    $defs: map('schema', true),
    definitions: map('schema', true),
    items: { kind: 'schema', shape: 'schemaOrList' },
    prefixItems: list('schema'),
    allOf: list('schema'),
    anyOf: list('schema'),
    oneOf: list('schema'),
    not: one('schema'),
    additionalProperties: one('schema'),
    additionalItems: one('schema'),
    unevaluatedProperties: one('schema'),
    unevaluatedItems: one('schema'),
    contains: one('schema'),
    propertyNames: one('schema'),
    if: one('schema'),
    then: one('schema'),
    else: one('schema'),
    externalDocs: one('externalDocs'),
  },
};

/** Maps whose entries are keyed by a pattern, not a field name: `paths`, `responses`, callbacks. */
const ENTRIES: Partial<Record<Kind, Child>> = {
  paths: map('pathItem'),
  responses: map('response'),
  callback: map('pathItem'),
};

/**
 * Kinds the meta-schema accepts a Reference Object for. 3.0's Path Item has a `$ref` field of
 * its own; 3.1's does too under webhooks, callbacks and components, but not under `paths`.
 */
function takesReference(kind: Kind, dialect: Dialect, parent: Kind): boolean {
  switch (kind) {
    case 'schema':
    case 'parameter':
    case 'header':
    case 'requestBody':
    case 'response':
    case 'example':
    case 'link':
    case 'callback':
    case 'securityScheme':
      return true;
    case 'pathItem':
      return dialect === '3.0' || parent !== 'paths';
    default:
      return false;
  }
}

function childOf(kind: Kind, key: string): Child | undefined {
  const field = GRAMMAR[kind]?.[key];
  if (field) return field;
  const entries = ENTRIES[kind];
  return entries && !key.startsWith('x-') ? { kind: entries.kind, shape: 'one' } : undefined;
}

/** The kind of object at a pointer, following the grammar from the root; undefined off it. */
function kindAt(segments: string[]): Kind | undefined {
  let kind: Kind = 'root';
  for (let i = 0; i < segments.length; i++) {
    const child = childOf(kind, segments[i]);
    if (!child) return undefined;
    if (child.shape === 'one') {
      kind = child.kind;
      continue;
    }
    // A map or list: the next segment names the entry.
    const key = segments[++i];
    if (key === undefined) return undefined;
    if (child.shape === 'map' && !child.allKeys && key.startsWith('x-')) return undefined;
    if (child.shape === 'list' && !/^\d+$/.test(key)) return undefined;
    kind = child.kind;
  }
  return kind;
}

/**
 * The document as swagger-parser would judge it: the same object where nothing needs
 * replacing, shallow copies along the way to each ref that is replaced by its target.
 */
function validationView(document: Record<string, unknown>, dialect: Dialect): unknown {
  const homeKinds = new Map<string, Kind | undefined>();
  const homeKind = (ref: string): Kind | undefined => {
    if (!homeKinds.has(ref)) {
      let kind: Kind | undefined;
      try {
        kind = kindAt(parsePointer(ref));
      } catch {
        kind = undefined;
      }
      homeKinds.set(ref, kind);
    }
    return homeKinds.get(ref);
  };
  // Targets being replaced on the current path: a ref back into one stays a ref (circular).
  const replacing = new Set<string>();

  const visit = (node: unknown, kind: Kind, parent: Kind): unknown => {
    if (!isObject(node)) return node;
    const ref = node.$ref;
    // In a schema, `$ref` is a keyword only in 3.1; either way it names the schema's target.
    if (typeof ref === 'string' && ref.startsWith('#')) {
      // A ref with siblings is merged with its target (the siblings win), so it is replaced.
      const plain = Object.keys(node).length === 1;
      if (plain && takesReference(kind, dialect, parent) && homeKind(ref) === kind) return node;
      if (replacing.has(ref)) return node;
      let target: unknown;
      try {
        target = getAt(document, parsePointer(ref));
      } catch {
        target = undefined;
      }
      // A ref to nothing was refused when bundling; left as it is if one gets here.
      if (target === undefined) return node;
      const merged = plain ? target : mergeSiblings(node, target);
      replacing.add(ref);
      const out = visit(merged, kind, parent);
      replacing.delete(ref);
      return out;
    }
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(node)) {
      const child = childOf(kind, key);
      if (!child) continue;
      const value = node[key];
      const next = visitChild(value, child, kind);
      if (next !== value) {
        copy ??= { ...node };
        copy[key] = next;
      }
    }
    return copy ?? node;
  };

  const visitChild = (value: unknown, child: Child, parent: Kind): unknown => {
    if (child.shape === 'one') return visit(value, child.kind, parent);
    if (child.shape === 'schemaOrList' && !Array.isArray(value))
      return visit(value, child.kind, parent);
    if (Array.isArray(value)) {
      if (child.shape === 'map') return value;
      let copy: unknown[] | undefined;
      value.forEach((item, i) => {
        const next = visit(item, child.kind, parent);
        if (next !== item) {
          copy ??= [...value];
          copy[i] = next;
        }
      });
      return copy ?? value;
    }
    if (!isObject(value) || child.shape !== 'map') return value;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      if (!child.allKeys && key.startsWith('x-')) continue;
      const entry = value[key];
      const next = visit(entry, child.kind, parent);
      if (next !== entry) {
        copy ??= { ...value };
        copy[key] = next;
      }
    }
    return copy ?? value;
  };

  return visit(document, 'root', 'root');
}

/**
 * A ref's siblings merged into its target, as swagger-parser's dereference does it
 * (json-schema-ref-parser's `$Ref.dereference`): the siblings win; where both hold an object,
 * they are merged deeply, an array of the siblings replacing whatever was there.
 */
function mergeSiblings(ref: Record<string, unknown>, target: unknown): unknown {
  if (!target || typeof target !== 'object') return target;
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(ref)) if (key !== '$ref') merged[key] = ref[key];
  for (const [key, value] of Object.entries(target)) {
    if (!(key in merged)) merged[key] = value;
    else if (isMergeable(merged[key]) && isMergeable(value))
      merged[key] = deepMerge(value, merged[key]);
  }
  return merged;
}

const isMergeable = (v: unknown): v is object => typeof v === 'object' && v !== null;

function deepMerge(target: unknown, source: unknown): unknown {
  if (!isMergeable(target) || !isMergeable(source)) return source;
  const output: Record<string, unknown> = Array.isArray(target)
    ? ([...target] as unknown as Record<string, unknown>)
    : { ...target };
  for (const [key, value] of Object.entries(source)) {
    if (Array.isArray(value)) output[key] = [...value];
    else if (isMergeable(value))
      output[key] = deepMerge((target as Record<string, unknown>)[key], value);
    else output[key] = value;
  }
  return output;
}

export interface StructureError {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** What swagger-parser's validate() threw: Ajv errors in `details`, or one message. */
export interface StructureVerdict {
  message: string;
  details?: StructureError[];
}

/** The versions swagger-parser 13 accepts; a document of another is refused before validation. */
const SUPPORTED_VERSIONS = ['3.0.0', '3.0.1', '3.0.2', '3.0.3', '3.0.4', '3.1.0', '3.1.1', '3.1.2'];

/** The document against its dialect's meta-schema; undefined when it conforms. */
export function checkOpenapiStructure(
  document: Record<string, unknown>,
  validators: { get(dialect: Dialect): MetaValidator } = { get: metaValidator },
): StructureVerdict | undefined {
  // The checks swagger-parser makes while parsing, in its order, before the meta-schema.
  const version = document.openapi;
  const info = document.info as { version?: unknown } | undefined;
  if (document.paths === undefined && !(String(version).startsWith('3.1') && document.webhooks))
    return { message: 'not a valid OpenAPI definition: it has no paths' };
  if (info && typeof info.version === 'number')
    return {
      message: 'API version number must be a string (e.g. "1.0.0") not a number. at #/info/version',
    };
  if (!SUPPORTED_VERSIONS.includes(String(version)))
    return {
      message: `Unsupported OpenAPI version: ${String(version)} (supported: ${SUPPORTED_VERSIONS.join(', ')}) at #/openapi`,
    };
  const dialect: Dialect = String(version).startsWith('3.1') ? '3.1' : '3.0';
  const validate = validators.get(dialect);
  if (validate(validationView(document, dialect))) return undefined;
  const details = (validate.errors ?? []).map((e) => ({
    instancePath: e.instancePath,
    message: e.message,
    params: e.params as Record<string, unknown>,
  }));
  return { message: 'the document does not match the OpenAPI schema', details };
}
