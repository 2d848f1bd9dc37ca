/**
 * What the generated operation table (generated/operations.ts) says of each operation: the
 * wire data the wire model needs, plus what the client, server and mock front check at run
 * time without reading the contract (auth, feature levels, documented error codes).
 */
import type { WireField, WireOperation } from './wire.js';

export interface FieldInfo extends WireField {
  /** feature level at which the parameter was added */
  since?: number;
  /** feature level from which the parameter no longer exists (removed) */
  until?: number;
  deprecated?: boolean;
  /** `x-replaced-by` of a deprecated parameter */
  replacedBy?: string;
  /** enum values added after the parameter itself, by value (as text) → feature level */
  valuesSince?: Record<string, number>;
  /** enum values that are deprecated, by value (as text) → replacement or '' */
  deprecatedValues?: Record<string, string>;
}

export interface OperationInfo extends WireOperation {
  fields: FieldInfo[];
  /** `none`: no credentials; `optional`: credentials or none; `required` */
  auth: 'none' | 'optional' | 'required';
  since?: number;
  /** feature level from which the operation no longer exists (removed) */
  until?: number;
  deprecated?: boolean;
  replacedBy?: string;
  /** the API error codes the contract documents for this operation */
  errorCodes: string[];
  /** documented response statuses, as in the contract (`200`, `4XX`, `default`) */
  statuses: string[];
  /**
   * Documented statuses whose answer is JSON of another media type than `application/json`
   * (`application/problem+json`, `application/vnd.x+json`): status → that media type. Absent
   * when every JSON answer is `application/json`.
   */
  responseMediaTypes?: Record<string, string>;
}
