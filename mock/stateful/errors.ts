/**
 * The mock's error answers. The description gives no HTTP status for most errors (the contract
 * documents them under `default`); the mock answers 400, as the real server does for its
 * generic errors, except where noted at the call site.
 */
import { error } from '../../runtime/server-results.js';

export const bad = (msg: string) => error(400, 'BAD_REQUEST', msg);
