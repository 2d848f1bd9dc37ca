/**
 * Where a node of the document really is once every `$ref` on the way was followed. The model
 * records it for each schema it points at (parameters, bodies, responses), so that consumers
 * can `$ref` the one real place (validators compile a shared schema once) without the document.
 */
import { childPointer, getAt, parsePointer } from '../common/pointer.js';

/**
 * `#/paths/~1x/get/responses/default/content/...` → `#/components/responses/Error/content/...`.
 * Undefined when the path does not exist. A `$ref` at the end is kept: the node is the schema.
 */
export function realPointer(document: unknown, ptr: string): string | undefined {
  let node: unknown = document;
  let at = '#';
  /** the segments walked since the last ref followed (added to `at` once, at the end) */
  let walked: string[] = [];
  for (const segment of parsePointer(ptr)) {
    for (
      let hops = 0;
      node && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';
      hops++
    ) {
      const ref = (node as { $ref: string }).$ref;
      if (!ref.startsWith('#') || hops > 32) return undefined;
      at = ref;
      walked = [];
      node = getAt(document, ref);
    }
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment))
      return undefined;
    node = (node as Record<string, unknown>)[segment];
    walked.push(segment);
  }
  return walked.length > 0 ? childPointer(at, ...walked) : at;
}
