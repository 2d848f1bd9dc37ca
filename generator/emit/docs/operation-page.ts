/**
 * The view of one operation page: who may call it, the parameters table, request samples,
 * responses with schema trees and examples, and the error codes it documents. Templates only
 * iterate over this; every decision is made here.
 */
import { pagingHtml } from './paging.js';
import type { ApiModel, JsonSchema, Operation, Parameter, Response } from '../../model/types.js';
import { type Badge, lifecycleBadges, limitsText, valueText } from './badges.js';
import {
  type ExampleFiles,
  type ExampleMemo,
  type ExampleView,
  exampleView,
  prettyJson,
} from './examples.js';
import { anchorPart, errorAnchor, paramAnchor, type SiteLinks } from './links.js';
import { type EnumRow, type SchemaNode, schemaTree } from './schema-tree.js';
import type { TryItView } from './try-it.js';
import { isExplodedObject } from '../../model/wire-collisions.js';
import type { PageSampleData, SampleData } from './sample-text.js';
import { addMadeUpSamples } from './response-samples.js';
import { plainTextOf } from './sanitize-html.js';
import { MULTIPART, mediaEssence } from '../../../runtime/wire/request.js';

/**
 * An operation's summary as the plain text a title, heading or sidebar entry shows: some
 * documents write HTML in it (a link), whose tags would show as text there.
 */
export function summaryText(summary: string | undefined): string {
  return summary === undefined ? '' : plainTextOf(summary);
}

/** A group's (tag's) name as a heading: `saved_snippets` → `Saved snippets`. */
export function groupTitle(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  if (words === '' || /[A-Z]/.test(name)) return words || name;
  return words[0].toUpperCase() + words.slice(1);
}

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
  anchor: string;
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
  /** the status of the response the contract documents the code under (`400`, `default`) */
  statuses: string;
  underDefault: boolean;
  badges: Badge[];
  example?: ExampleView;
}

export interface RequestSampleView {
  title: string;
  /**
   * the languages written on the page as text: curl, or every one when the wire model refused
   * the input (id `curl`, `typescript`, `fetch`, `python`; tab label; highlighter)
   */
  langs: { id: string; label: string; text: string; language: string }[];
  /** what the page script spells the other languages from (sample-text.ts) */
  data?: SampleData;
}

export interface RequestBodyView {
  description: string;
  mediaTypes: string;
  required: boolean;
  tree?: SchemaNode;
  /** a required body with nothing in it: what to send, in words and as the body's text */
  empty?: { words: string; text: string };
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  group: string;
  groupTitle: string;
  groupHref: string;
  badges: Badge[];
  deprecated: boolean;
  access: { level: string; text: string; permission: string; unauthenticated: string };
  conditional: string;
  notShown: string;
  params: ParamRow[];
  requestBody?: RequestBodyView;
  samples: RequestSampleView[];
  /** the samples' data for the page script, when one of them has some */
  sampleData?: PageSampleData;
  responses: ResponseView[];
  /** examples of the responses, shown in the samples column */
  responseSamples: { status: string; kind: string; examples: ExampleView[] }[];
  errors: ErrorView[];
  errorsUnderDefault: boolean;
  tryit?: TryItView;
  /** the "Paging and retries" callout (docs/paging.ts) */
  paging: string;
}

export interface PageContext {
  model: ApiModel;
  links: SiteLinks;
  exampleFiles: ExampleFiles;
  /** page-relative path to the site root */
  root: string;
  /** rows a named schema may take inline in a response before it is only linked (0: always linked) */
  sharedInlineRows: number;
  /** largest example (characters of pretty JSON) shown inline; bigger ones get a file */
  inlineExampleLimit?: number;
  /** the run's pretty JSON of example values (ExampleMemo): a shared example is printed once */
  exampleMemo?: ExampleMemo;
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '409': 'Conflict',
  '410': 'Gone',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
  '2XX': 'Success',
  '4XX': 'Client error',
  '5XX': 'Server error',
  default: 'Any other status',
};

/** Budget of schema-tree rows per operation page: keeps GitHub's biggest pages small. */
const ROWS_PER_PAGE = 600;

export function operationView(
  op: Operation,
  ctx: PageContext,
  samples: { views: RequestSampleView[]; data?: PageSampleData },
  tryit?: TryItView,
): OperationView {
  const anchors = new Set<string>();
  const budget = { rows: ROWS_PER_PAGE };
  const treeOpts = (prefix: string[]) => ({
    model: ctx.model,
    links: ctx.links,
    prefix,
    anchors,
    budget,
    root: ctx.root,
  });
  const params = op.parameters.map((p) => paramRow(p, op, anchors, treeOpts([])));
  const errorExampleNames = new Set(op.errorCodes);
  const fileStem = `${anchorPart(op.id)}`;

  const responses: ResponseView[] = op.responses.map((r) =>
    responseView(r, op, ctx, treeOpts([r.status]), errorExampleNames, fileStem),
  );
  // Made-up samples are small by construction (model/samples.ts): inline even on a big site.
  addMadeUpSamples(op, responses, ctx.model, (ex, status) =>
    exampleView(ex, {
      files: ctx.exampleFiles,
      fileStem: `${fileStem}-${anchorPart(status)}`,
      root: ctx.root,
    }),
  );
  const view: OperationView = {
    id: op.id,
    method: op.method.toUpperCase(),
    path: op.path,
    summary: summaryText(op.summary),
    description: op.description ?? '',
    group: op.names.group,
    groupTitle: groupTitle(op.names.group),
    groupHref: ctx.root + ctx.links.group(op.names.group),
    badges: lifecycleBadges(op.lifecycle),
    deprecated: op.lifecycle.deprecated,
    access: accessOf(op, ctx),
    conditional: text(op.extensions['x-conditional']),
    notShown: text(op.extensions['x-not-shown']),
    params,
    samples: samples.views,
    ...(samples.data?.samples.some((s) => s !== null) ? { sampleData: samples.data } : {}),
    responses,
    responseSamples: responses
      .filter((r) => r.examples.length > 0)
      .map((r) => ({ status: r.status, kind: r.kind, examples: r.examples })),
    errors: op.errorCodes.map((code) => errorView(code, op, ctx, fileStem)),
    errorsUnderDefault: false,
    tryit,
    paging: pagingHtml(op),
  };
  view.errorsUnderDefault = view.errors.some((e) => e.underDefault);
  if (op.requestBody) view.requestBody = requestBodyView(op.requestBody, treeOpts(['body']));
  return view;
}

/**
 * The request body's part of the page. A body with nothing in it (model/request-body.ts) is
 * left out when optional, as the samples leave it out; a required one is still sent (the
 * samples send `{}`), so the page says so instead of hiding that a body must go.
 */
function requestBodyView(
  body: NonNullable<Operation['requestBody']>,
  treeOpts: Parameters<typeof schemaTree>[1],
): RequestBodyView | undefined {
  if (body.carriesNothing && !body.required) return undefined;
  const view: RequestBodyView = {
    description: body.description ?? '',
    mediaTypes: body.mediaTypes.map((m) => m.type).join(', '),
    required: body.required,
  };
  const schema = body.representative?.schema;
  if (body.carriesNothing) view.empty = emptyBodyWords(body);
  // A form body is already the parameters table; other bodies get their schema tree.
  else if (body.kind !== 'form' && schema !== undefined) view.tree = schemaTree(schema, treeOpts);
  return view;
}

/**
 * What a required body with nothing in it is: the samples send it in the first media type, and
 * a multipart form with no parts still has its closing boundary (runtime/wire/multipart.ts).
 */
function emptyBodyWords(body: NonNullable<Operation['requestBody']>): RequestBodyView['empty'] {
  if (body.kind !== 'form') return { words: 'an empty object', text: '{}' };
  if (mediaEssence(body.mediaTypes[0]?.type ?? '') === MULTIPART)
    return { words: 'a form with no fields (its closing boundary alone)', text: '' };
  return { words: 'a form with no fields (an empty body)', text: '' };
}

function paramRow(
  p: Parameter,
  op: Operation,
  anchors: Set<string>,
  treeOpts: Parameters<typeof schemaTree>[1],
): ParamRow {
  let anchor = paramAnchor(p.name);
  // The same name in two locations (path and query) needs two anchors; the first keeps the plain one.
  if (anchors.has(anchor)) anchor = `${anchor}-${p.in}`;
  anchors.add(anchor);
  const type = schemaTree(
    p.schema,
    { ...treeOpts, prefix: [] },
    { expandRef: false, path: [p.name] },
  );
  const enumValues: EnumRow[] = (p.enum ?? []).map((v) => ({
    value: valueText(v.value),
    meaning: v.meaning ?? '',
    badges: lifecycleBadges(v.lifecycle),
  }));
  return {
    name: p.name,
    anchor,
    location: p.in,
    type: {
      ...type,
      enumValues: enumValues.length > 0 ? enumValues : type.enumValues,
      description: '',
    },
    required: p.required,
    // The type's facts already say `default: …` when the schema has one: say it once.
    defaultText:
      p.default === undefined || type.facts.includes(`default: ${valueText(p.default)}`)
        ? ''
        : valueText(p.default),
    enumValues: [],
    jsonEncoded: p.encoding === 'json',
    encoding: encodingText(p),
    // The type's facts say the schema's own limits: a limit is said once, there.
    limits: limitsText(p.limits).filter((l) => !type.facts.includes(l)),
    badges: lifecycleBadges(p.lifecycle),
    deprecated: p.lifecycle.deprecated,
    description: p.description ?? '',
    replacedBy: p.lifecycle.replacedBy ?? '',
    conditional: text(p.extensions['x-conditional']),
    aliasOf: text(p.extensions['x-legacy-alias-of']),
  };
}

const JSON_TEXT = 'JSON-encoded: send the value as one field holding JSON text';

const DELIMITER_WORDS: Record<string, [string, string]> = {
  ',': ['commas', ','],
  ' ': ['spaces', '%20'],
  '|': ['pipes', '|'],
};

/**
 * How the parameter travels, as a sentence in users' words with a sample of the wire text
 * under the parameter's own name; empty for a plain value. The encoding itself is the model's
 * (`p.encoding`, `isExplodedObject`); this only says it.
 */
export function encodingText(p: Parameter): string {
  const n = p.name;
  if (p.encoding === 'json') return JSON_TEXT;
  const list = p.types.includes('array') && !p.types.includes('object');
  // runtime/wire/deep-object.ts: a list of scalars as `a[]=x&a[]=y` (Stripe's `expand[]`).
  if (p.encoding === 'deepObject')
    return list
      ? `Sent with [] after the name, once per item (${n}[]=a&${n}[]=b)`
      : `Sent with each property in brackets after the name (${n}[x]=1&${n}[y]=2)`;
  if (isExplodedObject(p)) return 'Sent with each property as a name of its own (x=1&y=2)';
  if (p.encoding === 'explode') return `Sent with the name repeated for each item (${n}=1&${n}=2)`;
  if (p.encoding !== 'comma') return '';
  const [words, sep] = DELIMITER_WORDS[p.delimiter ?? ','];
  return !list && p.types.includes('object')
    ? `Sent as one value, each property's name and value joined by ${words} (${n}=x${sep}1${sep}y${sep}2)`
    : `Sent as one value, the items joined by ${words} (${n}=1${sep}2)`;
}

function responseView(
  r: Response,
  op: Operation,
  ctx: PageContext,
  treeOpts: Parameters<typeof schemaTree>[1],
  errorNames: Set<string>,
  fileStem: string,
): ResponseView {
  const media = r.representative;
  const kind = /^[23]/.test(r.status)
    ? 'success'
    : /^[45]/.test(r.status) || r.status === 'default'
      ? 'error'
      : 'other';
  return {
    status: r.status,
    anchor: anchorPart(r.status),
    statusText: STATUS_TEXT[r.status] ?? '',
    kind,
    description: r.description ?? '',
    mediaType: r.mediaTypes.map((m) => m.type).join(', '),
    tree:
      media?.schema !== undefined
        ? responseTree(media.schema, treeOpts, ctx.sharedInlineRows)
        : undefined,
    // Examples named after an error code are shown once, with that error, further down.
    examples: (media?.examples ?? [])
      .filter((e) => !errorNames.has(e.name))
      .map((e) =>
        exampleView(e, {
          files: ctx.exampleFiles,
          fileStem: `${fileStem}-${anchorPart(r.status)}`,
          root: ctx.root,
          inlineLimit: ctx.inlineExampleLimit,
          memo: ctx.exampleMemo,
        }),
      ),
  };
}

/**
 * A response body's tree. A named schema is expanded inline only while it is small: a big one
 * (GitHub's `repository`, hundreds of rows) has its own page, linked, instead of a copy on
 * every operation page that returns it.
 */
function responseTree(
  schema: JsonSchema,
  treeOpts: Parameters<typeof schemaTree>[1],
  inlineRows: number,
): SchemaNode {
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && treeOpts.links.schemaOfRef(ref)) {
    if (inlineRows <= 0) return schemaTree(schema, treeOpts, { expandRef: false });
    const trial = { rows: Math.min(inlineRows, treeOpts.budget.rows) };
    const anchors = new Set(treeOpts.anchors);
    const tree = schemaTree(schema, { ...treeOpts, budget: trial, anchors });
    if (trial.rows > 0 && !tree.truncated) {
      for (const a of anchors) treeOpts.anchors.add(a);
      treeOpts.budget.rows -= inlineRows - trial.rows;
      return tree;
    }
    return schemaTree(schema, treeOpts, { expandRef: false });
  }
  return schemaTree(schema, treeOpts);
}

function errorView(code: string, op: Operation, ctx: PageContext, fileStem: string): ErrorView {
  const info = ctx.model.errorCodes.find((e) => e.code === code);
  const view: ErrorView = {
    code,
    anchor: `op-${errorAnchor(code)}`,
    href: `${ctx.root}errors.html#${errorAnchor(code)}`,
    description: info?.description ?? '',
    statuses: '',
    underDefault: false,
    badges: lifecycleBadges(info?.lifecycle),
  };
  for (const r of op.responses) {
    const ex = r.mediaTypes.flatMap((m) => m.examples).find((e) => e.name === code);
    if (ex) {
      // As the contract gives it; codes under `default` share one note above the table.
      view.statuses = r.status;
      view.underDefault = r.status === 'default';
      view.example = exampleView(ex, {
        files: ctx.exampleFiles,
        fileStem: `${fileStem}-error`,
        root: ctx.root,
        inlineLimit: ctx.inlineExampleLimit,
        memo: ctx.exampleMemo,
      });
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
    if (s.type === 'http' && s.scheme)
      return `HTTP ${s.scheme[0].toUpperCase()}${s.scheme.slice(1)} (${name})`;
    return `${s.type} (${name})`;
  });
  const summary =
    op.auth === 'none'
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
