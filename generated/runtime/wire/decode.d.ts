// runtime/wire/decode.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * A received request back to typed parameter values, for the server listener and the mock
 * front. Bad input is a value, never an exception: every problem found is listed with the field
 * and place it concerns, and names the operation lacks are returned apart so the server can
 * report them in `ignored_parameters_unsupported`.
 */
import type { DecodeOptions, DecodeResult, RawRequest, WireOperation } from '../wire.js';
export declare function decodeRequest(op: WireOperation, raw: RawRequest, opts?: DecodeOptions): DecodeResult;
