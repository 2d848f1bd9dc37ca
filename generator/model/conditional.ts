/**
 * A parameter's combination rule: the contract's `x-conditional` prose on it ("Required when
 * message_ids is absent", "Not allowed with message_ids"; ours: GET /messages' `anchor`,
 * `num_before`, `num_after`, ...). Whether a combination is valid is stated only in words, so
 * a tool that varies parameters keeps such a parameter as a request that succeeded had it (the
 * contract runner's optional-parameters-alone check) rather than guess.
 */
import type { Parameter } from './types.js';

export function combinationRule(p: Pick<Parameter, 'extensions'>): string | undefined {
  const rule = p.extensions['x-conditional'];
  return typeof rule === 'string' && rule.trim() !== '' ? rule : undefined;
}
