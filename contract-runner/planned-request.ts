/** A request the runner plans: the operation, its values and its credentials, before it is sent. */
import type { OperationInfo } from '../runtime/operation-info.js';
import type { Auth } from './credentials.js';

export interface PlannedRequest {
  op: OperationInfo;
  /** path, query and form-body values (texts when `asText`) */
  input: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    body: Record<string, unknown>;
  };
  /** the values are wire texts, sent as they are */
  asText?: boolean;
  auth: Auth;
}
