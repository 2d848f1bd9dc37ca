/**
 * The mock's error answers. The description gives no HTTP status for most errors (the contract
 * documents them under `default`); the mock answers 400, as the real server does for its
 * generic errors, except where noted at the call site.
 */
import type { HandlerResult } from '../../generated/server.js';
import { error } from './results.js';

/** 400 BAD_REQUEST with `msg`, in the API's envelope. */
export const bad = (
  msg: string,
): HandlerResult<400, { result: 'error'; msg: string; code: 'BAD_REQUEST' }> =>
  error(400, 'BAD_REQUEST', msg);
