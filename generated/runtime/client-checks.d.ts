// runtime/client-checks.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * What the client checks before sending, from the operation table alone: is the operation, a
 * parameter or an enum value newer than the server's feature level; is any of them deprecated.
 * A server older than a parameter ignores it (at best reporting it in
 * `ignored_parameters_unsupported`), so the caller hears about it before the request goes out.
 */
import type { FieldInfo, OperationInfo } from './operation-info.js';
export type FeatureLevelPolicy = 'warn' | 'throw' | 'ignore';
export interface ClientNotice {
    kind: 'feature-level' | 'deprecated';
    operationId: string;
    /** the parameter concerned, when it is one (or one of its values) */
    parameter?: string;
    /** the enum value concerned, when it is one */
    value?: string;
    /** feature level the item appeared at (`feature-level` notices) */
    since?: number;
    /** the server's feature level the check ran against (`feature-level` notices) */
    serverLevel?: number;
    /** what the contract says to use instead (`deprecated` notices), when it says */
    replacedBy?: string;
    message: string;
}
/** Thrown before sending when `featureLevelPolicy` is `throw` and the call uses something too new. */
export declare class FeatureLevelError extends Error {
    readonly notices: ClientNotice[];
    name: string;
    constructor(notices: ClientNotice[]);
}
/** Items of this call introduced after `serverLevel`. */
export declare function tooNewItems(op: OperationInfo, given: Map<FieldInfo, unknown>, serverLevel: number): ClientNotice[];
/** Deprecated items this call uses, with their replacement when the contract names one. */
export declare function deprecatedItems(op: OperationInfo, given: Map<FieldInfo, unknown>): ClientNotice[];
