/**
 * Judging one answer against the contract. Every answer, whatever was asked: an answer came;
 * JSON labelled application/json; a documented status; the envelope, where the contract's
 * answers are envelopes (the model's `errorConventions`: our API's are); the documented shape
 * (generated validators); an error code the operation documents (authentication failures
 * excepted: the description names no code for them); no 5xx, unless a scenario step names the
 * documented code as a condition of the server (the push relay is down). Then what the request expects: a valid request of a scenario must succeed; an
 * invalid one must be refused with a fitting 4xx; bad credentials must be refused. The rules
 * are stated in contract-runner/README.md ("What counts as a violation").
 */
import { existsAt, type FieldLevels, type LevelTable } from '../runtime/feature-levels.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import type { ViolationKind } from './findings.js';
import type { Answer } from './request.js';
import { mediaEssence } from '../runtime/wire/request.js';
import type { ErrorConventions } from '../generator/model/types.js';
import { errorFields } from './error-fields.js';
import { describeIssues } from '../runtime/validation-words.js';
import { documentsStatus } from '../runtime/pipeline-answers.js';
import { unescapeSegment } from '../generator/common/pointer.js';

/** What the judge reads of the contract's error conventions (decided by the model). */
export type JudgedConventions = Pick<ErrorConventions, 'shape' | 'envelope' | 'listsCodes'>;

export interface ResponseValidator {
  validateResponse(
    operationId: string,
    status: number,
    body: unknown,
  ): { valid: true } | { valid: false; errors: { pointer: string; message: string }[] };
}

/**
 * - `success`: a valid request of a scenario (errors are judged by the caller: skip-on codes)
 * - `any`: a generated valid request: success or a documented error, never a 5xx
 * - `invalid`: must be refused with a 4xx that fits an invalid request
 * - `credentials`: bad or missing credentials: must be refused with a 4xx
 */
export type Expectation = 'success' | 'any' | 'invalid' | 'credentials';

export interface JudgeRules {
  /** the server's feature level and the level table: fields newer than the server may be absent */
  level?: { level: number; table: LevelTable };
  /** error codes a scenario step tolerates as "the server cannot do it here" (x-skip-on), 5xx included */
  tolerated?: string[];
  /**
   * the status authentication failures must have (e.g. 401 for our mocks); else 401 where the
   * operation documents a 401, else 401 or 403
   */
  authStatus?: number;
  /** per operation, error code → the statuses the contract documents it with (the model's) */
  codeStatuses?: Record<string, Record<string, number[]>>;
  /** where error bodies carry message and code, and whether answers are envelopes: the model's `errorConventions` */
  errors: JudgedConventions;
}

export interface Judged {
  problems: { kind: ViolationKind; message: string }[];
  status?: number;
  success: boolean;
  body?: unknown;
  code?: string;
  msg?: string;
}

/** Statuses whose HTTP meaning (RFC 9110) fits "this request is invalid". */
const INVALID_REQUEST_STATUSES = [400, 404, 409, 413, 422];
/** Statuses whose HTTP meaning fits "these credentials are missing or wrong". */
const CREDENTIALS_STATUSES = [401, 403];

export function judge(
  op: OperationInfo,
  answer: Answer,
  expect: Expectation,
  validator: ResponseValidator,
  rules: JudgeRules,
): Judged {
  if (answer.status === undefined)
    return {
      problems: [{ kind: 'no-answer', message: answer.failure ?? 'no answer' }],
      success: false,
    };
  const status = answer.status;
  const success = status >= 200 && status < 300;
  // 204 No Content and 205 carry no body (RFC 9110 §15.3.5): nothing to parse or shape-check.
  const noContent = (status === 204 || status === 205) && (answer.text ?? '') === '';
  const read = noContent ? { problems: [] } : readAnswer(op, answer, status);
  if ('unreadable' in read) return { problems: read.problems, status, success };
  const problems: Judged['problems'] = [...read.problems];
  if (!documentsStatus(op.statuses, status))
    problems.push({
      kind: 'undocumented-status',
      message: `status ${status} is not documented (documented: ${op.statuses.join(', ')})`,
    });
  if (noContent) return { problems, status, success };
  const { body, content } = read;
  const conventions = rules.errors;
  if (conventions.envelope && content === undefined)
    problems.push(...envelopeProblems(body, success, conventions.shape));
  const shape =
    content === undefined
      ? validator.validateResponse(op.operationId, status, body)
      : { valid: true as const };
  if (!shape.valid) {
    const real = shape.errors.filter((e) => !newerThanServer(op.operationId, status, e, rules));
    if (real.length > 0)
      problems.push({ kind: 'body-shape', message: `body: ${describeIssues(real, 3)}` });
  }
  const fields = errorFields(body, conventions.shape);
  const code = !success ? fields.code : undefined;
  const msg = fields.msg;
  problems.push(
    ...errorProblems(op, { status, success, code, msg }, expect, rules),
    ...expectationProblems(op, status, success, expect, rules),
  );
  return { problems, status, success, body, code, msg };
}

/**
 * The answer's body: parsed where it is JSON, judged by its media where the contract documents
 * the status without JSON (`content`); `unreadable` when JSON was due and did not parse.
 */
function readAnswer(
  op: OperationInfo,
  answer: Answer,
  status: number,
):
  | { problems: Judged['problems']; body?: unknown; content?: string[] }
  | { problems: Judged['problems']; unreadable: true } {
  const content = documentedContent(op, status);
  if (content !== undefined) return { problems: mediaProblems(answer, status, content), content };
  const problems: Judged['problems'] = [];
  let body: unknown;
  try {
    body = JSON.parse(answer.text ?? '');
  } catch {
    problems.push({
      kind: 'not-json',
      message: `${status} answer is not JSON (${answer.contentType || 'no content type'}): ${excerpt(answer.text ?? '')}`,
    });
    if (status >= 500) problems.push({ kind: 'server-error', message: `answered ${status}` });
    return { problems, unreadable: true };
  }
  const essence = mediaEssence(answer.contentType ?? '');
  if (essence !== 'application/json')
    problems.push({
      kind: 'content-type',
      message: `a JSON answer labelled '${answer.contentType || '(none)'}', not application/json`,
    });
  return { problems, body };
}

/** An error's code and status against what the operation documents; no 5xx unless tolerated. */
function errorProblems(
  op: OperationInfo,
  { status, success, code, msg }: { status: number; success: boolean; code?: string; msg?: string },
  expect: Expectation,
  rules: JudgeRules,
): Judged['problems'] {
  const problems: Judged['problems'] = [];
  const documentedCode = code !== undefined && op.errorCodes.includes(code);
  if (code !== undefined && !documentedCode && expect !== 'credentials' && rules.errors.listsCodes)
    problems.push({
      kind: 'undocumented-code',
      message: `error code ${code} is not one ${op.operationId} documents (${op.errorCodes.join(', ')})`,
    });
  if (
    status >= 500 &&
    !(documentedCode && expect === 'success' && rules.tolerated?.includes(code!))
  )
    problems.push({
      kind: 'server-error',
      message: `answered ${status} ${code ?? ''}: ${msg ?? ''}`.trim(),
    });
  const codeStatuses =
    code !== undefined ? rules.codeStatuses?.[op.operationId]?.[code] : undefined;
  if (codeStatuses && !codeStatuses.includes(status))
    problems.push({
      kind: 'error-status',
      message: `error code ${code} answered ${status}; ${op.operationId} documents it with ${codeStatuses.join(' or ')}`,
    });
  if (!success && status < 400)
    problems.push({
      kind: 'error-status',
      message: `an error answered with status ${status}, not a 4xx`,
    });
  return problems;
}

/** What the request expects: an invalid one refused with a fitting 4xx, bad credentials refused. */
function expectationProblems(
  op: OperationInfo,
  status: number,
  success: boolean,
  expect: Expectation,
  rules: JudgeRules,
): Judged['problems'] {
  if (expect === 'invalid') {
    if (success)
      return [{ kind: 'accepted-invalid', message: `invalid request accepted (${status})` }];
    if (status >= 400 && status < 500 && !INVALID_REQUEST_STATUSES.includes(status))
      return [
        {
          kind: 'error-status',
          message: `an invalid request answered ${status}; a client error here is one of ${INVALID_REQUEST_STATUSES.join(', ')}`,
        },
      ];
  }
  if (expect !== 'credentials') return [];
  if (success)
    return [{ kind: 'auth-bypass', message: `answered ${status} without valid credentials` }];
  if (status < 400 || status >= 500) return [];
  // The contract's own status for it first: a documented 401 is the authentication failure.
  const documented = op.statuses.includes('401');
  const allowed =
    rules.authStatus !== undefined ? [rules.authStatus] : documented ? [401] : CREDENTIALS_STATUSES;
  if (allowed.includes(status)) return [];
  return [
    {
      kind: 'error-status',
      message:
        rules.authStatus === undefined && documented
          ? `an authentication failure answered ${status}; ${op.operationId} documents 401`
          : `an authentication failure answered ${status}; expected ${allowed.join(' or ')}`,
    },
  ];
}

/**
 * A required field missing from the answer of a server older than the field (the level table's
 * response fields): that server never had it, so its absence is no violation.
 */
function newerThanServer(
  operationId: string,
  status: number,
  error: { pointer: string; message: string; keyword?: string },
  rules: JudgeRules,
): boolean {
  if (!rules.level || !/is required|must have required property/.test(error.message)) return false;
  const { level, table } = rules.level;
  const responses = table.operations[operationId]?.responses;
  const text = String(status);
  let fields: FieldLevels | undefined =
    responses?.[text] ?? responses?.[`${text[0]}XX`] ?? responses?.default;
  const names = error.pointer
    .split('/')
    .slice(1)
    .map(unescapeSegment)
    .filter((t) => !/^[0-9]+$/.test(t));
  for (let i = 0; i < names.length; i++) {
    const node = fields && Object.hasOwn(fields, names[i]) ? fields[names[i]] : undefined;
    if (!node) return false;
    if (!existsAt(node, level)) return true;
    fields = node.fields;
  }
  return false;
}

function envelopeProblems(
  body: unknown,
  success: boolean,
  shape: ErrorConventions['shape'],
): Judged['problems'] {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return [{ kind: 'envelope', message: 'body is not a JSON object (no envelope)' }];
  const b = body as Record<string, unknown>;
  const msgName = shape?.message ?? 'msg';
  const codeName = shape?.code ?? 'code';
  const out: Judged['problems'] = [];
  const want = success ? 'success' : 'error';
  if (b.result !== want)
    out.push({
      kind: 'envelope',
      message: `result is ${JSON.stringify(b.result)}, expected "${want}"`,
    });
  if (typeof b[msgName] !== 'string')
    out.push({ kind: 'envelope', message: `${msgName} is missing or not a string` });
  if (!success && typeof b[codeName] !== 'string')
    out.push({ kind: 'envelope', message: 'an error without a code' });
  return out;
}

/**
 * The media types the contract documents for `status` when they are not JSON (the response
 * that covers it: exact, its range, `default`); `[]` for no content; undefined for JSON.
 */
function documentedContent(op: OperationInfo, status: number): string[] | undefined {
  const content = op.responseContent;
  if (!content) return undefined;
  const exact = String(status);
  const entry =
    op.statuses.find((s) => s === exact) ??
    op.statuses.find((s) => s.toUpperCase() === `${exact[0]}XX`) ??
    op.statuses.find((s) => s === 'default');
  return entry !== undefined && Object.hasOwn(content, entry) ? content[entry] : undefined;
}

/**
 * An answer the contract documents without JSON: no content (any body is allowed, an empty one
 * expected), or text of the media types it lists, labelled as one of them (`text/*` and `*\/*`
 * cover their kind).
 */
function mediaProblems(answer: Answer, status: number, types: string[]): Judged['problems'] {
  const out: Judged['problems'] = [];
  if (types.length === 0) return out;
  const essence = mediaEssence(answer.contentType ?? '');
  const fits = types.some((t) => {
    const want = t.toLowerCase();
    return (
      want === essence ||
      want === '*/*' ||
      (want.endsWith('/*') && essence.startsWith(want.slice(0, -1)))
    );
  });
  if (!fits)
    out.push({
      kind: 'content-type',
      message: `a ${status} answer labelled '${answer.contentType || '(none)'}', not one the contract documents (${types.join(', ')})`,
    });
  return out;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 100 ? `${flat.slice(0, 97)}...` : flat || '(empty)';
}
