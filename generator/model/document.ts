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
