/**
 * The HTTP status an operation documents for an error code: a code that appears in the
 * examples of a numbered error response (ours: `BAD_REQUEST` under 400 and
 * `UNAUTHORIZED_PRINCIPAL` under 403 on unsubscribe) has that status there; codes documented
 * only under `default` or a range (`4XX`) have none. The contract runner holds answers to it:
 * the code with another status is a violation.
 */
import type { ErrorShape, Operation } from './types.js';

/** code → the statuses `op` documents it with; codes with no numbered response are absent. */
export function errorStatusesOf(
  op: Pick<Operation, 'responses'>,
  shape: ErrorShape | undefined,
): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  if (shape?.code === undefined) return out;
  for (const response of op.responses) {
    if (!/^[45][0-9][0-9]$/.test(response.status)) continue;
    const status = Number(response.status);
    for (const media of response.mediaTypes)
      for (const example of media.examples) {
        const code = codeOf(example.value, shape);
        if (code === undefined) continue;
        const statuses = (out[code] ??= []);
        if (!statuses.includes(status)) statuses.push(status);
      }
  }
  return out;
}

function codeOf(body: unknown, shape: ErrorShape): string | undefined {
  let holder: unknown = body;
  if (shape.within !== undefined && holder && typeof holder === 'object')
    holder = (holder as Record<string, unknown>)[shape.within];
  if (Array.isArray(holder)) holder = holder[0];
  if (!holder || typeof holder !== 'object') return undefined;
  const code = (holder as Record<string, unknown>)[shape.code!];
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}
