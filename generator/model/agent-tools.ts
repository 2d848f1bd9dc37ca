/**
 * What an AI agent may do with each operation, decided once from the contract's facts: the
 * generated MCP server (emit/mcp/) lists and gates its tools by these, and its `--help` names
 * the environment variables decided here. Nothing else decides them.
 *
 * - `read`: a safe method (GET, HEAD, OPTIONS): allowed by default.
 * - `write`: any other method: needs `--allow-writes`.
 * - `destructive`: a write that deletes (DELETE, or an operationId saying delete, deactivate,
 *   destroy or purge) or that the contract restricts to administrators (`x-permission` "...
 *   administrators only"): needs `--allow-destructive` as well.
 */
import { isJsonMediaType } from '../../runtime/media-type.js';
import { toIdentifier } from '../common/source.js';
import { collectProperties, deref } from './schema-facts.js';
import type { ApiModel, Operation, Parameter, SecurityScheme } from './types.js';

export type ToolEffect = 'read' | 'write' | 'destructive';

export interface AgentTool {
  operationId: string;
  /** the MCP tool name: the client method's name within MCP's `[A-Za-z0-9_-]{1,64}` */
  name: string;
  /** the generated client's method the tool calls */
  method: string;
  effect: ToolEffect;
  /** why it is destructive, in words (`DELETE`, `administrators only`, `deactivates`) */
  because?: string;
  idempotent: boolean;
  /**
   * Fields that carry a secret (a password): never a tool input; the server reads each from
   * its environment variable instead.
   */
  secretInputs: { key: string; env: string }[];
  /** Top-level success-body properties that carry a credential: redacted from tool results. */
  secretOutputs: string[];
}

/** One environment variable the server reads a credential from. */
export interface CredentialEnv {
  scheme: string;
  /** how the client sends it (model/security.ts) */
  kind: 'basic' | 'bearer' | 'apiKey';
  /** basic: the user name's variable; bearer and apiKey: the token's or key's */
  env: string;
  /** basic: the password's variable */
  passwordEnv?: string;
  /** what the contract says the credential is */
  description?: string;
}

export interface AgentFacts {
  /** the environment variable naming the API's base URL */
  baseUrlEnv: string;
  credentials: CredentialEnv[];
  tools: AgentTool[];
}

const SAFE_METHODS = new Set(['get', 'head', 'options']);
const DELETING_WORDS = /(^|[^a-z])(delete|deactivate|destroy|purge)/i;
const ADMIN_ONLY = /\badmin(istrator)?s? only\b/i;
const SECRET_INPUT = /^(password|passphrase)$/i;
const SECRET_OUTPUT =
  /^(api_?key|password|secret|client_secret|(access|refresh|id)_?token|token)$/i;

export function agentFacts(model: ApiModel): AgentFacts {
  const prefix = envPrefix(model.info.title);
  const names = new Set<string>();
  return {
    baseUrlEnv: `${prefix}_BASE_URL`,
    credentials: credentialEnvs(model.securitySchemes, prefix),
    tools: model.operations.map((op) => agentTool(model, op, prefix, names)),
  };
}

function agentTool(model: ApiModel, op: Operation, prefix: string, taken: Set<string>): AgentTool {
  const name = toolName(op.names.method, taken);
  const { effect, because } = effectOf(op);
  return {
    operationId: op.id,
    name,
    method: op.names.method,
    effect,
    ...(because ? { because } : {}),
    idempotent: op.idempotent,
    secretInputs: op.names.fieldKeys
      .filter(({ field }) => isSecretInput(field))
      .map(({ key }) => ({ key, env: `${prefix}_${envWord(name)}_${envWord(key)}` })),
    secretOutputs: secretOutputs(model, op),
  };
}

function effectOf(op: Operation): { effect: ToolEffect; because?: string } {
  if (SAFE_METHODS.has(op.method)) return { effect: 'read' };
  if (op.method === 'delete') return { effect: 'destructive', because: 'DELETE' };
  const word = DELETING_WORDS.exec(op.id)?.[2];
  if (word) return { effect: 'destructive', because: `${word.toLowerCase()}s` };
  if (op.permission && ADMIN_ONLY.test(op.permission))
    return { effect: 'destructive', because: 'administrators only' };
  return { effect: 'write' };
}

function isSecretInput(field: Parameter): boolean {
  const schema = field.schema;
  const format = typeof schema === 'object' ? schema.format : undefined;
  return format === 'password' || SECRET_INPUT.test(field.name);
}

/** Credential-like string properties of the JSON success body (`api_key` of a login). */
function secretOutputs(model: ApiModel, op: Operation): string[] {
  const schema = successSchema(model, op);
  if (!schema) return [];
  const { properties } = collectProperties(model.document, schema);
  return Object.keys(properties).filter((key) => {
    const property = deref(model.document, properties[key]);
    return (
      (SECRET_OUTPUT.test(key) || property?.format === 'password') && property?.type === 'string'
    );
  });
}

/** The schema of the first JSON 2xx answer, `$ref`s followed. */
export function successSchema(model: ApiModel, op: Operation): Record<string, unknown> | undefined {
  const media = successMedia(op);
  return media?.schema === undefined ? undefined : deref(model.document, media.schema);
}

/** The JSON media type of the first 2xx answer, if it has one. */
export function successMedia(op: Operation) {
  const response = op.responses.find((r) => /^2/.test(r.status));
  const media = response?.representative;
  return media && isJsonMediaType(media.type) ? media : undefined;
}

function credentialEnvs(schemes: SecurityScheme[], prefix: string): CredentialEnv[] {
  const usable = schemes.filter((s) => s.send.type !== 'other');
  return usable.map((s) => {
    const stem = usable.length === 1 ? prefix : `${prefix}_${envWord(s.name)}`;
    const base = { scheme: s.name, ...(s.description ? { description: s.description } : {}) };
    if (s.send.type === 'basic') {
      const names = s.credentialNames;
      return {
        ...base,
        kind: 'basic',
        env: `${stem}_${envWord(names?.user ?? 'username')}`,
        passwordEnv: `${stem}_${envWord(names?.password ?? 'password')}`,
      };
    }
    if (s.send.type === 'bearer') return { ...base, kind: 'bearer', env: `${stem}_TOKEN` };
    return { ...base, kind: 'apiKey', env: `${stem}_API_KEY` };
  });
}

/** Words that end a title's name part (`Stripe API`, `GitHub's official OpenAPI spec`). */
const TITLE_STOP = /^(api|apis|rest|openapi|swagger|spec|specification|v\d+)$/i;

/**
 * `Team Messaging Service API` → `TEAM_MESSAGING_SERVICE`, `GitHub's official OpenAPI spec` →
 * `GITHUB_OFFICIAL`: the title's first words (at most three, up to `API` or the like), the
 * prefix of every variable the server reads.
 */
export function envPrefix(title: string): string {
  const words = [];
  for (const word of title
    .normalize('NFKD')
    .replace(/['’]s\b/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)) {
    if (TITLE_STOP.test(word) || words.length === 3) break;
    words.push(word.toUpperCase());
  }
  const prefix = words.join('_');
  return prefix === '' ? 'API' : /^[0-9]/.test(prefix) ? `API_${prefix}` : prefix;
}

/** `API key` → `API_KEY`, `basicAuth` → `BASIC_AUTH`: upper snake case of letters and digits. */
function envWord(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .toUpperCase();
}

/**
 * The client method's name as an MCP tool name: clients accept `[A-Za-z0-9_-]` and at most 64
 * characters (`$` of an identifier becomes `_`); a shortened or clashing name gets a number.
 */
function toolName(method: string, taken: Set<string>): string {
  const base = toIdentifier(method).replace(/\$/g, '_').slice(0, 60);
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}
