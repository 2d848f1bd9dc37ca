/**
 * Whether an operation is safe to repeat (the clients' retries follow it): the contract's
 * `x-idempotent` (defined in openapi/README.md) where it says so, else its method's rule (RFC
 * 9110 §9.2.2: GET, HEAD, OPTIONS, TRACE, PUT and DELETE are idempotent; runtime/client-retry.ts
 * holds the list). Ours marks the updates the API description states as setting a value
 * (POST /messages/flags, POST /user_topics, the PATCHes, ...) and marks POST /messages `false`.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer } from '../common/pointer.js';
import { IDEMPOTENT_METHODS } from '../../runtime/client-retry.js';
import type { Operation } from './types.js';

export const IDEMPOTENT_EXTENSION = 'x-idempotent';

export function readIdempotent(
  op: Pick<Operation, 'method' | 'extensions' | 'pointer'>,
  problems: ContractProblem[],
): boolean {
  const marked = op.extensions[IDEMPOTENT_EXTENSION];
  if (typeof marked === 'boolean') return marked;
  if (marked !== undefined)
    problems.push({
      pointer: childPointer(op.pointer, IDEMPOTENT_EXTENSION),
      message: `${IDEMPOTENT_EXTENSION} must be true or false, not ${JSON.stringify(marked)}`,
      source: 'model',
      clause: "tms-gen's extensions, defined in openapi/README.md (not the specification)",
    });
  return IDEMPOTENT_METHODS.includes(op.method.toUpperCase());
}
