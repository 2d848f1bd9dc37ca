/**
 * Judging one answer against the contract: the status is documented, the body is the API's
 * envelope (success on 2xx, error with a code otherwise), and the body has the documented shape
 * (the generated validators' `validateResponse`). A valid request answered with an error the
 * operation documents is a warning (live servers have state: the channel may not exist), not a
 * violation; a probe answered with success or a 5xx is one.
 */
import type { OperationInfo } from '../runtime/operation-info.js';
import type { HttpResult } from './send.js';

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';

export interface Verdict {
  outcome: Outcome;
  /** what is wrong (fail) or worth knowing (warn) */
  notes: string[];
}

export interface ResponseValidator {
  validateResponse(
    operationId: string,
    status: number,
    body: unknown,
  ): { valid: true } | { valid: false; errors: { pointer: string; message: string }[] };
}

export function judge(
  op: OperationInfo,
  result: HttpResult,
  expect: 'success' | 'error',
  validator: ResponseValidator,
): Verdict {
  if (result.status === undefined)
    return { outcome: 'fail', notes: [result.failure ?? 'no answer'] };
  const status = result.status;
  const problems: string[] = [];
  const documented = statusDocumented(op.statuses, status);
  if (!documented)
    problems.push(`status ${status} is not documented (documented: ${op.statuses.join(', ')})`);

  let body: unknown;
  try {
    body = JSON.parse(result.text ?? '');
  } catch {
    problems.push(
      `body is not JSON (${result.contentType || 'no content type'}): ${excerpt(result.text ?? '')}`,
    );
    return { outcome: 'fail', notes: problems };
  }
  const success = status >= 200 && status < 300;
  problems.push(...envelopeProblems(body, success));
  const shape = validator.validateResponse(op.operationId, status, body);
  if (!shape.valid) {
    problems.push(...shape.errors.slice(0, 5).map((e) => `body ${e.pointer || '/'} ${e.message}`));
    if (shape.errors.length > 5) problems.push(`and ${shape.errors.length - 5} more body errors`);
  }
  if (problems.length > 0) return { outcome: 'fail', notes: problems };

  const code =
    !success && body && typeof body === 'object'
      ? String((body as Record<string, unknown>).code)
      : undefined;
  if (expect === 'error') {
    if (success) return { outcome: 'fail', notes: [`invalid request accepted: status ${status}`] };
    if (status >= 500)
      return {
        outcome: 'fail',
        notes: [`invalid request answered with a server error (${status}, ${code})`],
      };
    return { outcome: 'pass', notes: [`${status} ${code}`] };
  }
  if (success) return { outcome: 'pass', notes: [String(status)] };
  if (status < 500 && code !== undefined && op.errorCodes.includes(code)) {
    return {
      outcome: 'warn',
      notes: [
        `documented error ${status} ${code}: ${String((body as Record<string, unknown>).msg)}`,
      ],
    };
  }
  return {
    outcome: 'fail',
    notes: [
      `valid request refused: ${status} ${code}: ${String((body as Record<string, unknown>).msg)}`,
    ],
  };
}

/** 2xx must be listed (exactly or as `2XX`); an error may also fall under its range or `default`. */
export function statusDocumented(statuses: string[], status: number): boolean {
  const text = String(status);
  if (statuses.includes(text) || statuses.includes(`${text[0]}XX`)) return true;
  return status >= 300 && statuses.includes('default');
}

function envelopeProblems(body: unknown, success: boolean): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return ['body is not a JSON object (no envelope)'];
  const b = body as Record<string, unknown>;
  const problems: string[] = [];
  const want = success ? 'success' : 'error';
  if (b.result !== want)
    problems.push(`envelope: result is ${JSON.stringify(b.result)}, expected "${want}"`);
  if (typeof b.msg !== 'string') problems.push('envelope: msg is missing or not a string');
  if (!success && typeof b.code !== 'string')
    problems.push('envelope: code is missing or not a string');
  return problems;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat || '(empty)';
}
