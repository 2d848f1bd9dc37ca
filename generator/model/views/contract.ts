/**
 * The view of the document the bindings ship as `openapi.json` (emit/contract/): the contract
 * itself, bundled into one file (every `$ref` internal), so a tool outside this repository —
 * stock Prism, Schemathesis, an API gateway — can be pointed at the installed package.
 *
 * Unlike the Prism view (views/prism.ts) nothing is changed: servers, security, parameters and
 * examples stay as the contract writes them. The one addition is the generated note as the
 * first key (`x-generated`; JSON has no comments, and OpenAPI allows `x-` keys at the top).
 */
import { openDocument } from '../document.js';
import type { ApiModel } from '../types.js';

/** The bundled contract, the note first; shares every node with the model (only serialized). */
export function contractView(model: ApiModel, note: string): Record<string, unknown> {
  const source = openDocument(model.document) as unknown as Record<string, unknown>;
  return { 'x-generated': note, ...source };
}
