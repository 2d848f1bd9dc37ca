/**
 * The document as the JSON Schema converter (generator/schema/) reads it to build the validators'
 * schema root: the schemas where they are, reached by the pointers the model recorded
 * (`schemaPointer` of parameters, bodies and responses, `pointer` of named schemas). The
 * converter never walks operations itself; it only copies and rewrites schemas.
 */
import { openDocument } from '../document.js';
import type { ApiModel } from '../types.js';

export function jsonSchemaSource(model: ApiModel): Record<string, unknown> {
  return openDocument(model.document) as unknown as Record<string, unknown>;
}
