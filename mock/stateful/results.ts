/**
 * Handler results in the API's envelope, typed exactly as the bindings' `ok` and `error`
 * (`<bindings>/server`) and built the same way (test/stateful/package.test.ts compares them).
 * The mock keeps its own two builders because that module also loads the node:http server, which
 * a page bundling the stateful MSW handlers cannot load: these import nothing at run time.
 */
import type * as server from '../../generated/server.js';

/** `ok({ id: 42 })` → 200 `{ result: 'success', msg: '', id: 42 }`. */
export const ok = ((fields?: object) => ({
  status: 200,
  body: { result: 'success', msg: '', ...fields },
})) as typeof server.ok;

/** `error(400, 'BAD_REQUEST', 'Invalid flag', { extra })` → `{ ...extra, result: 'error', msg, code }`. */
export const error = ((status: number, code: string, msg: string, extra?: object) => ({
  status,
  body: { ...extra, result: 'error', msg, code },
})) as typeof server.error;
