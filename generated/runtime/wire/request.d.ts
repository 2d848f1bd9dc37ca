// runtime/wire/request.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * A whole request from parameter values: the filled path, the query string, header values and
 * the body in the media type chosen. The client sends exactly this, and the curl samples spell
 * exactly this.
 */
import type { EncodeOptions, EncodedRequest, RequestInput, WireOperation } from '../wire.js';
export declare const URLENCODED = "application/x-www-form-urlencoded";
export declare const MULTIPART = "multipart/form-data";
/** `Type/Sub; charset=x` → `type/sub`: what media types are compared by. */
export declare function mediaEssence(contentType: string): string;
/** Whether `spec` accepts a body of media type `essence` (already an essence). */
export declare function acceptsEssence(spec: {
    mediaTypes: string[];
}, essence: string): boolean;
export declare function encodeRequest(op: WireOperation, input: RequestInput, opts?: EncodeOptions): EncodedRequest;
/**
 * Sorts one flat object of parameters (as a generated client takes them) into locations by the
 * operation's fields. A name the operation lacks goes where its other parameters go: the body
 * when it has a form body, else the query. Keys keep their order.
 */
export declare function splitInput(op: WireOperation, params: Record<string, unknown>): RequestInput;
