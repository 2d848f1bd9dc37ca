/**
 * The view of one operation page: who may call it, the parameters table, request samples,
 * responses with schema trees and examples, and the error codes it documents. Templates only
 * iterate over this; every decision is made here.
 */
import type { ApiModel, Operation, Parameter, Response } from '../../model/types.js';
import { type Badge, lifecycleBadges, limitsText, valueText } from './badges.js';
import { type ExampleFiles, type ExampleView, exampleView, prettyJson } from './examples.js';
import { anchorPart, errorAnchor, groupOf, paramAnchor, type SiteLinks } from './links.js';
import { type EnumRow, type SchemaNode, schemaTree } from './schema-tree.js';

export interface ParamRow {
  name: string;
  anchor: string;
  location: string;
  type: SchemaNode;
  required: boolean;
  defaultText: string;
  enumValues: EnumRow[];
  jsonEncoded: boolean;
  encoding: string;
  limits: string[];
  badges: Badge[];
  deprecated: boolean;
  description: string;
  replacedBy: string;
  conditional: string;
  aliasOf: string;
}

export interface ResponseView {
  status: string;
  statusText: string;
  kind: 'success' | 'error' | 'other';
  description: string;
  mediaType: string;
  tree?: SchemaNode;
  examples: ExampleView[];
}

export interface ErrorView {
  code: string;
  anchor: string;
  href: string;
  description: string;
  statuses: string;
  badges: Badge[];
  example?: ExampleView;
}

export interface RequestSampleView {
  title: string;
  curl: string;
  typescript: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  group: string;
  groupHref: string;
  badges: Badge[];
  deprecated: boolean;
  access: { level: string; text: string; permission: string; unauthenticated: string };
  conditional: string;
  notShown: string;
  params: ParamRow[];
  requestBody?: { description: string; mediaTypes: string; required: boolean; tree?: SchemaNode };
  samples: RequestSampleView[];
  responses: ResponseView[];
  errors: ErrorView[];
}

export interface PageContext {
  model: ApiModel;
  links: SiteLinks;
  exampleFiles: ExampleFiles;
  /** page-relative path to the site root */
  root: string;
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '301': 'Moved Permanently', '302': 'Found',
  '304': 'Not Modified', '400': 'Bad Request', '401': 'Unauthorized', '403': 'Forbidden', '404': 'Not Found',
  '405': 'Method Not Allowed', '409': 'Conflict', '410': 'Gone', '415': 'Unsupported Media Type', '422': 'Unprocessable Entity',
  '429': 'Too Many Requests', '500': 'Internal Server Error', '503': 'Service Unavailable',
  '2XX': 'Success', '4XX': 'Client error', '5XX': 'Server error', default: 'Any other status',
};

/** Budget of schema-tree rows per operation page: keeps GitHub's biggest pages small. */
const ROWS_PER_PAGE = 600;

export function operationView(op: Operation, ctx: PageContext, samples: RequestSampleView[]): OperationView {
  const anchors = new Set<string>();
  const budget = { rows: ROWS_PER_PAGE };
  const treeOpts = (prefix: string[]) => ({ document: ctx.model.document, links: ctx.links, prefix, anchors, budget, root: ctx.root });
  const params = op.parameters.map((p) => paramRow(p, op, anchors, treeOpts([])));
  const errorExampleNames = new Set(op.errorCodes);
  const fileStem = `${anchorPart(op.id)}`;

  const responses: ResponseView[] = op.responses.map((r) => responseView(r, op, ctx, treeOpts([r.status]), errorExampleNames, fileStem));
  const view: OperationView = {
    id: op.id,
    method: op.method.toUpperCase(),
    path: op.path,
    summary: op.summary ?? '',
    description: op.description ?? '',
    group: groupOf(op),
    groupHref: ctx.root + ctx.links.group(groupOf(op)),
    badges: lifecycleBadges(op.lifecycle),
    deprecated: op.lifecycle.deprecated,
    access: accessOf(op, ctx),
    conditional: text(op.extensions['x-conditional']),
    notShown: text(op.extensions['x-not-shown']),
    params,
    samples,
    responses,
    errors: op.errorCodes.map((code) => errorView(code, op, ctx, fileStem)),
  };
  if (op.requestBody) {
    const media = op.requestBody.representative;
    view.requestBody = {
      description: op.requestBody.description ?? '',
      mediaTypes: op.requestBody.mediaTypes.map((m) => m.type).join(', '),
      required: op.requestBody.required,
      // A form body is already the parameters table; other bodies get their schema tree.
      tree: op.requestBody.kind !== 'form' && media?.schema !== undefined ? schemaTree(media.schema, treeOpts(['body'])) : undefined,
    };
  }
  return view;
}

function paramRow(p: Parameter, op: Operation, anchors: Set<string>, treeOpts: Parameters<typeof schemaTree>[1]): ParamRow {
  let anchor = paramAnchor(p.name);
  // The same name in two locations (path and query) needs two anchors; the first keeps the plain one.
  if (anchors.has(anchor)) anchor = `${anchor}-${p.in}`;
  anchors.add(anchor);
  const type = schemaTree(p.schema, { ...treeOpts, prefix: [] }, { expandRef: false, path: [p.name] });
  const enumValues: EnumRow[] = (p.enum ?? []).map((v) => ({
    value: valueText(v.value),
    meaning: v.meaning ?? '',
    badges: lifecycleBadges(v.lifecycle),
  }));
  return {
    name: p.name,
    anchor,
    location: p.in,
    type: { ...type, enumValues: enumValues.length > 0 ? enumValues : type.enumValues, description: '' },
    required: p.required,
    defaultText: p.default === undefined ? '' : valueText(p.default),
    enumValues: [],
    jsonEncoded: p.encoding === 'json',
    encoding: ENCODING_TEXT[p.encoding] ?? '',
    limits: limitsText(p.limits),
    badges: lifecycleBadges(p.lifecycle),
    deprecated: p.lifecycle.deprecated,
    description: p.description ?? '',
    replacedBy: p.lifecycle.replacedBy ?? '',
    conditional: text(p.extensions['x-conditional']),
    aliasOf: text(p.extensions['x-legacy-alias-of']),
  };
}

const ENCODING_TEXT: Record<string, string> = {
  json: 'JSON-encoded: send the value as one field holding JSON text',
  explode: 'repeated key per item (a=1&a=2)',
  comma: 'items joined by commas (a=1,2)',
  deepObject: 'object as a[key]=value',
};

function responseView(r: Response, op: Operation, ctx: PageContext, treeOpts: Parameters<typeof schemaTree>[1], errorNames: Set<string>, fileStem: string): ResponseView {
  const media = r.representative;
  const kind = /^[23]/.test(r.status) ? 'success' : /^[45]/.test(r.status) || r.status === 'default' ? 'error' : 'other';
  return {
    status: r.status,
    statusText: STATUS_TEXT[r.status] ?? '',
    kind,
    description: r.description ?? '',
    mediaType: r.mediaTypes.map((m) => m.type).join(', '),
    tree: media?.schema !== undefined ? schemaTree(media.schema, treeOpts) : undefined,
    // Examples named after an error code are shown once, with that error, further down.
    examples: (media?.examples ?? [])
      .filter((e) => !errorNames.has(e.name))
      .map((e) => exampleView(e, { files: ctx.exampleFiles, fileStem: `${fileStem}-${anchorPart(r.status)}`, root: ctx.root })),
  };
}

function errorView(code: string, op: Operation, ctx: PageContext, fileStem: string): ErrorView {
  const info = ctx.model.errorCodes.find((e) => e.code === code);
  const view: ErrorView = {
    code,
    anchor: `op-${errorAnchor(code)}`,
    href: `${ctx.root}errors.html#${errorAnchor(code)}`,
    description: info?.description ?? '',
    statuses: '',
    badges: lifecycleBadges(info?.lifecycle),
  };
  for (const r of op.responses) {
    const ex = r.mediaTypes.flatMap((m) => m.examples).find((e) => e.name === code);
    if (ex) {
      view.statuses = r.status === 'default' ? 'status not given' : r.status;
      view.example = exampleView(ex, { files: ctx.exampleFiles, fileStem: `${fileStem}-error`, root: ctx.root });
      break;
    }
  }
  return view;
}

function accessOf(op: Operation, ctx: PageContext): OperationView['access'] {
  const schemes = [...new Set(op.security.flatMap((req) => Object.keys(req)))];
  const names = schemes.map((name) => {
    const s = ctx.model.securitySchemes.find((x) => x.name === name);
    if (!s) return name;
    if (s.type === 'http' && s.scheme) return `HTTP ${s.scheme[0].toUpperCase()}${s.scheme.slice(1)} (${name})`;
    return `${s.type} (${name})`;
  });
  const summary = op.auth === 'none'
    ? 'No authentication: call it without credentials.'
    : op.auth === 'optional'
      ? `Authentication optional: ${names.join(' or ')}, or no credentials.`
      : `Requires authentication: ${names.join(' or ')}.`;
  return {
    level: op.auth,
    text: summary,
    permission: op.permission ?? '',
    unauthenticated: text(op.extensions['x-unauthenticated']),
  };
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export { prettyJson };
