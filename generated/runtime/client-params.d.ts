// runtime/client-params.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * From a method's one parameters object to the wire model's groups, and back to the fields a
 * call uses (for the feature-level and deprecation checks).
 */
import type { ParamsLayout } from './client.js';
import type { FieldInfo, OperationInfo } from './operation-info.js';
import type { RequestParts } from './client-request.js';
/**
 * Sorts a method's flattened parameters into locations: the wire model's `splitInput`, after
 * taking out what the layout names (the whole body of a non-form body; renamed keys). A name the
 * operation lacks is sent like its other parameters (the API reports it back as ignored).
 */
export declare function splitParams(op: OperationInfo, params: unknown, layout: ParamsLayout): RequestParts;
/** The fields a path-style call passes, for the checks. */
export declare function givenFields(op: OperationInfo, parts: RequestParts): Map<FieldInfo, unknown>;
