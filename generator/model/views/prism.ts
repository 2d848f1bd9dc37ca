/**
 * The view of the document Prism (pinned 5.14.2) is fed by the mock (generated/openapi.prism.json,
 * printed by emit/prism.ts)
 * behind mock/prism/. Prism does the mocking (picking examples, `Prefer`, dynamic mode); the front
 * before it (mock/prism/front.ts) does everything Prism gets wrong on this API's wire, so this
 * document describes requests the way the front forwards them, and responses as the contract does.
 *
 * What changes from the contract, and why:
 * - `servers` removed: Prism 5.14 ignores the base path anyway (everything 404s under `/api/v1`);
 *   the front strips `/api/v1` and forwards the contract's own paths.
 * - `security` removed: the front enforces the operation's schemes as the table's `authSchemes`
 *   say (and knows `none` / `optional`); Prism would answer a missing header with its own 401
 *   problem+json.
 * - request parameters and form bodies relaxed to "any value": the front has already decoded and
 *   validated them with the wire model and the generated validators, then re-encoded them as one
 *   urlencoded body (JSON-encoded fields stay JSON text). Prism cannot validate them correctly
 *   (it ignores `encoding.contentType`, Prism issue #1622, and never validates `content:` query
 *   parameters), so a second, wrong validation could only turn valid requests into 422s.
 * - where an operation documents both 400 and `default`, its 400 response also carries the
 *   `default` examples (see mergedErrorResponse), so every error example can be served with 400.
 * - `x-mock-examples` added on each operation: example name → the status the front asks Prism
 *   for, so `Prefer: example=STREAM_DOES_NOT_EXIST` works alone. Examples under `default` (whose
 *   status the description does not give) are served with 400: the mock's choice.
 */
import { openDocument } from '../document.js';
import type { ApiModel, Operation, Response } from '../types.js';

/** The status the mock serves `default` (and `4XX`) error examples with. */
export const MOCK_DEFAULT_ERROR_STATUS = 400;

/**
 * The Prism-ready document. The model's document is not modified, and not copied either: only
 * the objects changed here are new (the top level, `paths`, each path item and each operation
 * replaced); everything below them is shared with the model, and only serialized (on GitHub's
 * document a deep copy was 13 MB of JSON cloned for nothing).
 */
export function prismView(model: ApiModel, note: string): Record<string, unknown> {
  // The note leads the file (JSON has no comments): first key of the document, as `x-generated`.
  const source = openDocument(model.document) as unknown as Record<string, any>;
  const document = { 'x-generated': note, ...source } as Record<string, any>;
  delete document.servers;
  delete document.security;
  const paths: Record<string, Record<string, any>> = {};
  for (const [path, item] of Object.entries((source.paths ?? {}) as Record<string, any>)) {
    paths[path] = item && typeof item === 'object' ? { ...item } : item;
    delete paths[path]?.parameters;
  }
  if (source.paths !== undefined) document.paths = paths;
  for (const op of model.operations) {
    const target = paths[op.path]?.[op.method];
    if (!target) continue;
    paths[op.path][op.method] = prismOperation(op, target);
  }
  return document;
}

function prismOperation(op: Operation, original: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...original };
  delete out.security;
  // Every parameter the front forwards, as "anything": path parameters keep their schema (they
  // only name URL segments), the rest are validated by the front before Prism sees them.
  const parameters = op.parameters
    .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
    .map((p) => ({
      name: p.name,
      in: p.in,
      required: p.in === 'path' ? true : p.required,
      schema: p.in === 'path' ? p.schema : {},
    }));
  if (parameters.length > 0) out.parameters = parameters;
  else delete out.parameters;
  if (op.requestBody?.kind === 'form') {
    const fields = op.parameters.filter((p) => p.in === 'body');
    out.requestBody = {
      required: op.requestBody.required,
      description:
        'Forwarded by the mock front as one urlencoded body, already validated (JSON-encoded fields as JSON text).',
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(fields.map((f) => [f.name, {}])),
          },
        },
      },
    };
  }
  const merged = mergedErrorResponse(op.responses);
  if (merged)
    out.responses = {
      ...(original.responses as Record<string, unknown>),
      [String(MOCK_DEFAULT_ERROR_STATUS)]: merged,
    };
  out['x-mock-examples'] = exampleStatuses(op.responses);
  return out;
}

/**
 * Prism serves a `default` example for `Prefer: code=400` only when no explicit 400 response
 * exists. Where one does (unsubscribe documents 400 for BAD_REQUEST), the mock's 400 response
 * carries both: the explicit examples, then the `default` ones, either schema accepted.
 */
function mergedErrorResponse(responses: Response[]): Record<string, unknown> | undefined {
  const fallback = responses.find((r) => r.status === 'default');
  const explicit = responses.find((r) => r.status === String(MOCK_DEFAULT_ERROR_STATUS));
  if (!fallback || !explicit) return undefined;
  const content: Record<string, unknown> = {};
  for (const media of explicit.mediaTypes) {
    const other = fallback.mediaTypes.find((m) => m.type === media.type);
    const examples: Record<string, unknown> = {};
    for (const e of [...media.examples, ...(other?.examples ?? [])]) {
      if (!(e.name in examples))
        examples[e.name] = { ...(e.summary ? { summary: e.summary } : {}), value: e.value };
    }
    const schemas = [media.schema, other?.schema].filter((x) => x !== undefined);
    content[media.type] = {
      ...(schemas.length > 0
        ? { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } }
        : {}),
      examples,
    };
  }
  return {
    description: `${explicit.description} (mock: also serves the \`default\` examples)`,
    content,
  };
}

/**
 * Example name → the status the front requests with `Prefer: code=`. Explicit statuses first
 * (in contract order), then ranges and `default`, so a name used twice resolves to the explicit one.
 */
export function exampleStatuses(responses: Response[]): Record<string, number> {
  const ranked = [...responses].sort((a, b) => rank(a.status) - rank(b.status));
  const map: Record<string, number> = {};
  for (const response of ranked) {
    const status = statusFor(response.status);
    if (status === undefined) continue;
    for (const media of response.mediaTypes) {
      for (const example of media.examples) {
        if (!(example.name in map)) map[example.name] = status;
      }
    }
  }
  return map;
}

function rank(status: string): number {
  if (/^\d{3}$/.test(status)) return 0;
  if (/^\dXX$/i.test(status)) return 1;
  return 2;
}

function statusFor(status: string): number | undefined {
  if (/^\d{3}$/.test(status)) return Number(status);
  if (/^4XX$/i.test(status) || status === 'default') return MOCK_DEFAULT_ERROR_STATUS;
  if (/^\dXX$/i.test(status)) return Number(status[0]) * 100;
  return undefined;
}
