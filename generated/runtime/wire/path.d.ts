// runtime/wire/path.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
export declare function fillPath(template: string, values: Record<string, unknown>): string;
/**
 * The parameters of `actualPath` when it matches `template`, else null. `actualPath` is the
 * pathname as received (still percent-encoded); a query string, if left on, is ignored.
 * Segments must match one for one: no trailing-slash or case folding, so routing stays exact.
 */
export declare function matchPath(template: string, actualPath: string): Record<string, string> | null;
