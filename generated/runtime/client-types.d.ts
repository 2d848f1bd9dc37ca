// runtime/client-types.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * Type-level helpers the generated client uses to name a parameter's type inside the
 * openapi-typescript output (`paths[P][M]`). They are tolerant on purpose: third-party documents
 * produce unions and intersections (oneOf bodies, allOf parameters) where a plain `T[K]` would
 * not compile, so a field that cannot be found is typed `unknown` rather than failing the build.
 */
import type { FetchResponse } from 'openapi-fetch';
type Defined<T> = Exclude<T, undefined>;
/** The parameter group of one location (`path`, `query`, `header`, `cookie`) of an operation. */
export type ParamsIn<Op, Where extends string> = Op extends {
    parameters: infer P;
} ? P extends {
    [K in Where]?: infer G;
} ? Defined<G> : never : never;
/** The request body of an operation for one media type. */
export type BodyOf<Op, Media extends string> = Op extends {
    requestBody?: infer RB;
} ? Defined<RB> extends {
    content: infer C;
} ? Media extends keyof C ? C[Media] : never : never : never;
/** The type of property `K` of `T`, distributed over unions; `unknown` when nothing has it. */
export type FieldOf<T, K extends PropertyKey> = OrUnknown<T extends unknown ? (K extends keyof T ? Defined<T[K]> : never) : never>;
type OrUnknown<T> = [T] extends [never] ? unknown : T;
/** The data of a successful answer, as openapi-fetch types it for the path-style calls. */
export type SuccessData<Op> = Op extends Record<string | number, unknown> ? OrUnknown<Defined<Extract<FetchResponse<Op, {}, `${string}/${string}`>, {
    response: Response;
}>['data']>> : unknown;
export {};
