/**
 * What the runner can find wrong, as data: every violation has a kind (stable, for CI and the
 * fault suite), the operation it is about, what was seen, and a curl command that sends the
 * same request again (built by the wire model, runtime/wire/curl.ts).
 */

export type ViolationKind =
  /** no answer within the timeout, or the connection failed */
  | 'no-answer'
  /** a 5xx the operation does not document for that situation */
  | 'server-error'
  /** a status the operation does not list (a 2xx must be listed exactly or as 2XX) */
  | 'undocumented-status'
  /** a JSON answer not labelled application/json */
  | 'content-type'
  /** a body that is not JSON at all */
  | 'not-json'
  /** no `{result, msg}` envelope, or `code` missing on an error */
  | 'envelope'
  /** the body does not have the documented shape (generated validators) */
  | 'body-shape'
  /** an error code the operation does not document */
  | 'undocumented-code'
  /** a client error answered with a status that does not fit (README: "Error statuses") */
  | 'error-status'
  /** a valid request of the scenario answered with an error: the success path was not reached */
  | 'success-not-reached'
  /** an invalid request answered with success */
  | 'accepted-invalid'
  /** missing, wrong or malformed credentials answered with success */
  | 'auth-bypass'
  /** a scenario's semantic check failed (the state a write promised is not there) */
  | 'semantic'
  /** what a write sent does not read back (a field differs, or the record is not there) */
  | 'read-back'
  /** an optional parameter, sent alone with the required ones and a valid value, refused */
  | 'refused-alone'
  /** one user saw another's private data */
  | 'privacy';

export interface Finding {
  operationId: string;
  kind: ViolationKind;
  /** one line: what is wrong */
  message: string;
  /** where it came from: a scenario step, a probe, a generated request */
  source: string;
  status?: number;
  /** the request again, as a curl command (credentials included as sent) */
  curl?: string;
}

export type Outcome = 'pass' | 'fail' | 'skip';
