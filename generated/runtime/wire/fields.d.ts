// runtime/wire/fields.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * Parameters to `name=value` pairs and back, by each field's encoding. The same pairs feed a
 * query string, an urlencoded body or a multipart body, so the three cannot disagree.
 *
 * `explode`, `comma` and `deepObject` follow OpenAPI 3's `form` and `deepObject` styles for
 * documents other than ours (our contract sends arrays and objects as one JSON field):
 * `a=1&a=2`, `a=1,2` (items percent-encoded one by one around a literal `,`, as RFC 6570 does),
 * `a[k]=v`. Known ambiguities of those styles, left as the styles define them: an empty
 * `explode` array sends nothing, a `comma` list of one empty string reads back as `[]`, and in
 * multipart (no percent layer) a `comma` item's own comma cannot be told from the delimiter.
 */
import type { WireField } from '../wire.js';
import { type InPair, type OutPair } from './urlencoded.js';
export type FieldsByLocation = Record<WireField['in'], WireField[]> & {
    count: number;
};
export declare function fieldsByLocation(fields: readonly WireField[]): FieldsByLocation;
export declare function fieldsByName(fields: readonly WireField[]): Map<string, WireField>;
/** Pairs for the values of one location, in the order of the values' keys. */
export declare function encodeFields(fields: readonly WireField[], values: Record<string, unknown>): OutPair[];
/** Where pairs came from, for messages and for telling unknown names apart. */
export interface PairSource {
    location: 'query' | 'body';
    pairs: InPair[];
    /** indexes of pairs a field took */
    used: Set<number>;
    /** the pairs' indexes by name, filled on first use by decodeFields */
    byName?: Map<string, number[]>;
}
export interface FieldsDecoded {
    values: Record<string, unknown>;
    errors: {
        field: string;
        message: string;
    }[];
}
/**
 * Values of `fields`, each taken from the first source that has it (its declared place first;
 * the other place only under lenientLocation). Marks the pairs it takes as used.
 */
export declare function decodeFields(fields: readonly WireField[], sources: PairSource[]): FieldsDecoded;
