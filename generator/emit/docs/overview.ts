/**
 * The overview page: base URL, authentication (schemes, obtaining credentials, unauthenticated
 * access), envelopes, the wire encoding (which fields travel as JSON text), errors, limits,
 * versioning and feature levels. Every section is computed from the model, so it holds for any
 * contract; the contract's own introduction (`info.description`) comes first.
 */
import { sampleCredentials, usesEmailKey } from '../../model/security.js';
import type { ApiModel, Server } from '../../model/types.js';
import { literal, propertyKey } from '../../common/source.js';
import { limitsText } from './badges.js';
import { type ClientImport, specifierText } from './client-import.js';
import type { ChangeLevel } from './changelog.js';
import { errorAnchor, paramAnchor, type SiteLinks } from './links.js';
import { clientSetup, objectLiteral, type SourceMember } from './sample-text.js';
import { type SchemaNode, schemaTree } from './schema-tree.js';

export interface OverviewView {
  title: string;
  version: string;
  summary: string;
  description: string;
  notShown: string;
  servers: {
    url: string;
    description: string;
    example: string;
    variables: { name: string; default: string; description: string }[];
  }[];
  baseUrl: string;
  schemes: { name: string; kind: string; description: string }[];
  clientSetup: string;
  /** where the bindings are (`generated/`; '' when not said) and their package's name */
  clientFolder: string;
  packageName: string;
  noAuth: OpLink[];
  optionalAuth: (OpLink & { note: string })[];
  envelopes: { name: string; href: string; tree: SchemaNode }[];
  encodings: { label: string; count: number }[];
  jsonFields: { op: string; href: string; name: string; location: string }[];
  jsonFieldsMore: number;
  errorCount: number;
  errorCodes: { code: string; href: string }[];
  errorStatuses: string[];
  limits: { op: string; href: string; name: string; limits: string }[];
  limitsMore: number;
  levels: { label: string; href: string; count: number }[];
  deprecatedOps: OpLink[];
}

interface OpLink {
  label: string;
  id: string;
  href: string;
}

const MAX_ROWS = 60;

type Op = ApiModel['operations'][number];

export function overviewView(
  model: ApiModel,
  links: SiteLinks,
  changelog: ChangeLevel[],
  client: ClientImport,
): OverviewView {
  const opLink = (op: Op): OpLink => ({
    label: `${op.method.toUpperCase()} ${op.path}`,
    id: op.id,
    href: links.operation(op.id),
  });
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: model.info.title,
    version: model.info.version,
    summary:
      typeof model.info.extensions['x-summary'] === 'string'
        ? model.info.extensions['x-summary']
        : summaryOf(model),
    description: model.info.description ?? '',
    notShown: text(model.info.extensions['x-not-shown']),
    ...serversView(model),
    ...authView(model, client, opLink),
    envelopes: model.schemas
      .filter((s) => /envelope/i.test(s.name))
      .slice(0, 4)
      .map((s) => ({
        name: s.name,
        href: links.schema(s.name),
        tree: schemaTree(s.schema, {
          model,
          links,
          prefix: [s.name],
          anchors: new Set(),
          budget: { rows: 40 },
          root: '',
          maxDepth: 2,
        }),
      })),
    ...wireView(model, links),
    ...errorsView(model),
    ...limitsView(model, links),
    levels: changelog.map((l) => ({
      label: l.level === null ? 'not stated' : String(l.level),
      href: `changelog.html#${l.anchor}`,
      count: l.entries.length,
    })),
    deprecatedOps: model.operations
      .filter((op) => op.lifecycle.deprecated)
      .slice(0, MAX_ROWS)
      .map(opLink),
  };
}

function serversView(model: ApiModel): Pick<OverviewView, 'servers' | 'baseUrl'> {
  return {
    servers: model.servers.map((s) => ({
      url: s.url,
      description: s.description ?? '',
      example: resolvedUrl(s),
      variables: Object.entries(s.variables).map(([name, v]) => ({
        name,
        default: v.default,
        description: v.description ?? '',
      })),
    })),
    baseUrl: model.servers[0] ? resolvedUrl(model.servers[0]) : '',
  };
}

/** The schemes, the client's setup with its credentials, and who may call without any. */
function authView(
  model: ApiModel,
  client: ClientImport,
  opLink: (op: Op) => OpLink,
): Pick<
  OverviewView,
  'schemes' | 'clientSetup' | 'clientFolder' | 'packageName' | 'noAuth' | 'optionalAuth'
> {
  return {
    schemes: model.securitySchemes.map((s) => ({
      name: s.name,
      kind: s.type === 'http' ? `HTTP ${s.scheme ?? ''}`.trim() : s.type,
      description: s.description ?? '',
    })),
    // The samples' own speller (sample-text.ts), a member a line.
    clientSetup: clientSetup(
      specifierText(client.specifier),
      [
        [
          'baseUrl',
          literal(model.servers[0] ? resolvedUrl(model.servers[0]) : 'https://api.example.com'),
        ],
        ...clientSetupCredentials(model),
      ],
      'lines',
    ).trimEnd(),
    clientFolder: client.folder,
    packageName: client.packageName,
    // A contract without security schemes makes every operation "none": listing them all says nothing.
    noAuth:
      model.securitySchemes.length === 0
        ? []
        : model.operations
            .filter((op) => op.auth === 'none')
            .slice(0, MAX_ROWS)
            .map(opLink),
    optionalAuth: model.operations
      .filter((op) => op.auth === 'optional')
      .slice(0, MAX_ROWS)
      .map((op) => ({
        ...opLink(op),
        note:
          typeof op.extensions['x-unauthenticated'] === 'string'
            ? (op.extensions['x-unauthenticated'] as string)
            : '',
      })),
  };
}

/** How parameters travel (counts per encoding) and which are JSON-encoded. */
function wireView(
  model: ApiModel,
  links: SiteLinks,
): Pick<OverviewView, 'encodings' | 'jsonFields' | 'jsonFieldsMore'> {
  const jsonFields = model.operations.flatMap((op) =>
    op.parameters
      .filter((p) => p.encoding === 'json')
      .map((p) => ({
        op: op.id,
        href: `${links.operation(op.id)}#${paramAnchor(p.name)}`,
        name: p.name,
        location: p.in,
      })),
  );
  const encodingCounts = new Map<string, number>();
  for (const op of model.operations)
    for (const p of op.parameters)
      encodingCounts.set(p.encoding, (encodingCounts.get(p.encoding) ?? 0) + 1);
  return {
    encodings: [...encodingCounts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([label, count]) => ({ label: ENCODING_LABEL[label] ?? label, count })),
    jsonFields: jsonFields.slice(0, MAX_ROWS),
    jsonFieldsMore: Math.max(0, jsonFields.length - MAX_ROWS),
  };
}

function errorsView(
  model: ApiModel,
): Pick<OverviewView, 'errorCount' | 'errorCodes' | 'errorStatuses'> {
  const statuses = new Set<string>();
  for (const op of model.operations)
    for (const r of op.responses) if (!/^[23]/.test(r.status)) statuses.add(r.status);
  return {
    errorCount: model.errorCodes.length,
    errorCodes: model.errorCodes.map((e) => ({
      code: e.code,
      href: `errors.html#${errorAnchor(e.code)}`,
    })),
    errorStatuses: [...statuses].sort(),
  };
}

function limitsView(
  model: ApiModel,
  links: SiteLinks,
): Pick<OverviewView, 'limits' | 'limitsMore'> {
  const limits = model.operations.flatMap((op) =>
    op.parameters
      .filter((p) => limitsText(p.limits).length > 0)
      .map((p) => ({
        op: op.id,
        href: `${links.operation(op.id)}#${paramAnchor(p.name)}`,
        name: p.name,
        limits: limitsText(p.limits).join(', '),
      })),
  );
  return { limits: limits.slice(0, MAX_ROWS), limitsMore: Math.max(0, limits.length - MAX_ROWS) };
}

const ENCODING_LABEL: Record<string, string> = {
  plain: 'plain text value',
  json: 'JSON-encoded field',
  explode: 'repeated key per item or property',
  comma: 'comma-separated items',
  deepObject: 'deepObject (a[key]=value)',
};

/** The server URL with its variables at their defaults. */
export function resolvedUrl(server: Server): string {
  return server.url
    .replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole)
    .replace(/\/+$/, '');
}

function summaryOf(model: ApiModel): string {
  return model.info.summary ?? '';
}

/**
 * The credentials lines of the overview's client setup, read from the environment, for the
 * document's default way in (its global `security`, first alternative): a lone HTTP Basic
 * scheme the contract calls an email and an API key as the client's `email` / `apiKey` (ours),
 * other schemes by name in `auth`,
 * nothing when the document asks for none.
 */
function clientSetupCredentials(model: ApiModel): SourceMember[] {
  const credentials = sampleCredentials(model.securitySchemes, {
    auth: model.defaultAuthAlternatives.length > 0 ? 'required' : 'none',
    authAlternatives: model.defaultAuthAlternatives,
  });
  if (credentials.length === 0) return [];
  if (usesEmailKey(credentials))
    return [
      ['email', 'process.env.API_EMAIL'],
      ['apiKey', 'process.env.API_KEY'],
    ];
  const env = (c: (typeof credentials)[number]) => {
    const base =
      c.send.type === 'bearer' ? 'API_TOKEN' : c.send.type === 'basic' ? 'API' : 'API_KEY';
    const suffix =
      credentials.length > 1 ? `_${c.scheme.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}` : '';
    // Only [A-Z0-9_]: safe as a property name, whatever the scheme is called.
    return `process.env.${base}${suffix}`;
  };
  const members = credentials.map((c): SourceMember => [
    propertyKey(c.scheme),
    // A username and password pair stays on one line.
    c.send.type === 'basic'
      ? objectLiteral([
          ['username', `${env(c)}_USERNAME`],
          ['password', `${env(c)}_PASSWORD`],
        ])
      : env(c),
  ]);
  return [['auth', members]];
}
