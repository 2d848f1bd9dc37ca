/**
 * What a handler returns, and the helpers that build error answers. Shared by the request
 * listener (runtime/server.ts), the generated handler types (generated/server.ts) and the
 * starter implementations `tms-gen scaffold` writes. No contract knowledge: `ok`, `error` and
 * `notImplemented` build our API's `{result, msg, code}` envelopes (its generated server
 * exports them); another contract's generated server builds its own error helpers on
 * `shapedError`, with its error shape (generated/operations.ts `refusals`) as data.
 */
import type { RefusalShape } from './operation-info.js';
import { ENVELOPE_REFUSALS, refusalBody } from './pipeline-answers.js';

/**
 * HTTP statuses an error response may carry. The contract documents most errors under
 * `default` (the description gives no status), so a handler picks one of these.
 */
export type HttpErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 406
  | 407
  | 408
  | 409
  | 410
  | 411
  | 412
  | 413
  | 414
  | 415
  | 416
  | 417
  | 418
  | 421
  | 422
  | 423
  | 424
  | 425
  | 426
  | 428
  | 429
  | 431
  | 451
  | 500
  | 501
  | 502
  | 503
  | 504
  | 505
  | 506
  | 507
  | 508
  | 510
  | 511;

/** Statuses a contract's `4XX` response covers. */
export type HttpClientErrorStatus = Extract<
  HttpErrorStatus,
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 406
  | 407
  | 408
  | 409
  | 410
  | 411
  | 412
  | 413
  | 414
  | 415
  | 416
  | 417
  | 418
  | 421
  | 422
  | 423
  | 424
  | 425
  | 426
  | 428
  | 429
  | 431
  | 451
>;

/** One response a handler answers with. `headers` are extra response headers (rarely needed). */
export interface HandlerResult<Status extends number = number, Body = unknown> {
  status: Status;
  body: Body;
  headers?: Record<string, string>;
}

export type SuccessBody<F> = { result: 'success'; msg: '' } & F;
export type ErrorBody<C extends string, E> = { result: 'error'; msg: string; code: C } & E;

/** A 200 success envelope around `fields`: `ok({id: 42})` → `{result: 'success', msg: '', id: 42}`. */
export function ok<F extends object = Record<never, never>>(
  fields?: F,
): HandlerResult<200, SuccessBody<F>> {
  return { status: 200, body: { result: 'success', msg: '', ...(fields ?? ({} as F)) } };
}

/**
 * An error envelope: `error(400, 'BAD_REQUEST', 'Invalid flag')`, or with extra fields
 * `error(400, 'STREAM_DOES_NOT_EXIST', "Channel 'x' does not exist", {stream: 'x'})`.
 */
export function error<
  S extends HttpErrorStatus,
  C extends string,
  E extends object = Record<never, never>,
>(status: S, code: C, msg: string, extra?: E): HandlerResult<S, ErrorBody<C, E>> {
  // our envelope is one refusal shape among others: the same builder as every contract's
  return {
    status,
    body: refusalBody(
      ENVELOPE_REFUSALS,
      status,
      code,
      msg,
      extra as Record<string, unknown>,
    ) as ErrorBody<C, E>,
  };
}

/** What a starter implementation answers until someone writes the real one. */
export function notImplemented(
  operationId: string,
): HandlerResult<501, ErrorBody<'NOT_IMPLEMENTED', Record<never, never>>> {
  return error(501, 'NOT_IMPLEMENTED', `The operation ${operationId} is not implemented yet.`);
}

/**
 * An error answer in a contract's error shape (`shape`: its `refusals`, as the generator read
 * them from its error responses): `code` goes where its errors carry one (nowhere if they carry
 * none; the HTTP status if the field is a number), `extra` beside the words. Generated servers
 * of contracts other than ours wrap it as their `error` and `notImplemented`.
 */
export function shapedError<S extends HttpErrorStatus, B>(
  shape: RefusalShape,
  status: S,
  code: string,
  message: string,
  extra?: Record<string, unknown>,
): HandlerResult<S, B> {
  return { status, body: refusalBody(shape, status, code, message, extra) as B };
}
