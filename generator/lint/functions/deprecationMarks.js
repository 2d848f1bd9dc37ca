// tms-deprecation-marks: `deprecated: true` exactly where the item has a deprecated/removed
// x-history entry or an x-replaced-by, in both directions, so that docs, client gating and the
// changelog (which read different marks) never disagree. A parameter object and its schema count
// as one item: the mark may sit on either.
import { marksDeprecation } from './shared/history.js';
import { isParameterObject, mayBeDeprecated, parameterSchemas, walkItems } from './shared/walk.js';

export default function deprecationMarks(root) {
  const problems = [];
  const partOfParameter = new WeakSet();
  walkItems(root, (node, path, _ancestors, place) => {
    if (partOfParameter.has(node) || !mayBeDeprecated(path, place)) return;
    const parts = [node];
    if (isParameterObject(node)) {
      for (const schema of parameterSchemas(node)) {
        partOfParameter.add(schema);
        parts.push(schema);
      }
    }
    const deprecated = parts.some((p) => p.deprecated === true);
    const marked = parts.some(
      (p) => marksDeprecation(p['x-history']) || p['x-replaced-by'] !== undefined,
    );
    if (deprecated && !marked) {
      problems.push({
        message: 'deprecated: true without a deprecated/removed x-history entry or x-replaced-by',
        path: [...path, 'deprecated'],
      });
    } else if (marked && !deprecated) {
      problems.push({
        message: 'a deprecated/removed x-history entry or x-replaced-by without deprecated: true',
        path,
      });
    }
  });
  return problems;
}
