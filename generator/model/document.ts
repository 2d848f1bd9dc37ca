/**
 * The input document, typed. The loader produces it (bundled, validated); the model builder is
 * its one reader. Everyone else holds it as `OpaqueDocument`: a handle that type-checks as
 * nothing but itself, which they can only hand back to model/ functions. The ESLint layer rules
 * keep this file (and `openapi-types`) out of every import outside generator/load and
 * generator/model.
 */
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';

/** An OpenAPI 3.0 or 3.1 document, as the loader bundled it (internal `$ref`s only). */
export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

export type { OpenAPIV3, OpenAPIV3_1 };

declare const opaque: unique symbol;
/** The document outside generator/model and generator/load: nothing can be read from it. */
export type OpaqueDocument = { readonly [opaque]: 'the raw document: read the model instead' };

export function opaqueDocument(document: OpenApiDocument): OpaqueDocument {
  return document as unknown as OpaqueDocument;
}

/** The document behind the handle (model/ only). */
export function openDocument(document: OpaqueDocument): OpenApiDocument {
  return document as unknown as OpenApiDocument;
}

/** The node types of either version (3.1's are 3.0's with a few fields widened). */
export type OperationObject = OpenAPIV3.OperationObject | OpenAPIV3_1.OperationObject;
export type PathItemObject = OpenAPIV3.PathItemObject | OpenAPIV3_1.PathItemObject;
export type ParameterObject = OpenAPIV3.ParameterObject | OpenAPIV3_1.ParameterObject;
export type RequestBodyObject = OpenAPIV3.RequestBodyObject | OpenAPIV3_1.RequestBodyObject;
export type ResponseObject = OpenAPIV3.ResponseObject | OpenAPIV3_1.ResponseObject;
export type MediaTypeObject = OpenAPIV3.MediaTypeObject | OpenAPIV3_1.MediaTypeObject;
export type ServerObject = OpenAPIV3.ServerObject;
export type SecuritySchemeObject = OpenAPIV3.SecuritySchemeObject;
export type ReferenceObject = OpenAPIV3.ReferenceObject;
/** A node as written: itself, or a `$ref` to it. */
export type Ref<T> = T | ReferenceObject;
/** A node with the `x-` extensions a contract may put on it. */
export type Extended<T> = T & { [extension: `x-${string}`]: unknown };

/** Any node of the document may carry `x-` extensions (OpenAPI allows them everywhere). */
export function withExtensions<T extends object>(node: T): Extended<T> {
  return node as Extended<T>;
}
