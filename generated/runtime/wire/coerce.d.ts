// runtime/wire/coerce.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * Values to text and text back to values, by the types a parameter admits.
 *
 * `plain` text carries no type, so it is read by the most specific type the parameter admits:
 * an integer, a number, a boolean, null, JSON `[...]`/`{...}` (only for a field that admits
 * arrays or objects, e.g. a parameter without a schema), and only then a string. A `json` field carries JSON
 * text, except that a string is sent raw when reading it back as JSON could not mistake it for
 * something else (`to=general`, as real clients send a channel name); `"9"`, `"true"`, `"[1]"`
 * and `"null"` are sent JSON-quoted.
 */
import type { ScalarType, WireField } from '../wire.js';
export type Coerced = {
    ok: true;
    value: unknown;
} | {
    ok: false;
    message: string;
};
export declare function admits(types: readonly ScalarType[], type: ScalarType): boolean;
/** The JSON type of a value, telling integers from other numbers as JSON Schema does. */
export declare function jsonTypeOf(value: unknown): ScalarType | 'other';
/** Text of a scalar for `plain` fields, list items and header values. */
export declare function plainText(value: unknown, name: string): string;
/** A string that, sent raw in a `json` field, could only be read back as itself. */
export declare function isRawSafeString(text: string): boolean;
/** The text a field's value travels as (for `plain` and `json` fields). */
export declare function fieldText(field: Pick<WireField, 'name' | 'encoding' | 'types'>, value: unknown): string;
export declare function describeTypes(types: readonly ScalarType[]): string;
/** Reads `plain` text by the types the field admits (see the header comment for the order). */
export declare function coercePlain(text: string, types: readonly ScalarType[]): Coerced;
/** Reads a `json` field: JSON text, or raw text when the field admits strings. */
export declare function coerceJson(text: string, types: readonly ScalarType[]): Coerced;
/** Reads one text by a field's encoding (`plain`/`json`) or as a list item (`itemTypes`). */
export declare function coerceText(field: Pick<WireField, 'encoding' | 'types'>, text: string): Coerced;
