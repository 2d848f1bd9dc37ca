// tms-removed-items: an item the API no longer has (x-removed: true) is kept for the docs and the
// changelog, so it must read as gone everywhere: deprecated, a removed x-history entry, and never
// required (no client may be made to send or expect it).
import { marksRemoval } from './shared/history.js';
import { isParameterObject, mayBeDeprecated, parameterSchemas, walkItems } from './shared/walk.js';

export default function removedItems(root) {
  const problems = [];
  const partOfParameter = new WeakSet();
  walkItems(root, (node, path, ancestors, place) => {
    if (partOfParameter.has(node) || !mayBeDeprecated(path, place)) return;
    const parts = [node];
    if (isParameterObject(node)) {
      for (const schema of parameterSchemas(node)) {
        partOfParameter.add(schema);
        parts.push(schema);
      }
    }
    const flag = parts.map((p) => p['x-removed']).find((v) => v !== undefined);
    if (flag === undefined) return;
    if (flag !== true) {
      problems.push({
        message: 'x-removed must be true when present',
        path: [...path, 'x-removed'],
      });
      return;
    }
    if (!parts.some((p) => p.deprecated === true))
      problems.push({ message: 'x-removed item is not deprecated: true', path });
    if (!parts.some((p) => marksRemoval(p['x-history'])))
      problems.push({ message: 'x-removed item has no removed entry in x-history', path });
    if (isParameterObject(node) && node.required === true) {
      problems.push({ message: 'x-removed parameter is required', path: [...path, 'required'] });
    }
    // A schema property: its name is the last path segment, its schema two objects up.
    const owner = ancestors[ancestors.length - 2];
    const map = ancestors[ancestors.length - 1];
    if (
      owner &&
      map === owner.properties &&
      Array.isArray(owner.required) &&
      owner.required.includes(path[path.length - 1])
    ) {
      problems.push({
        message: `x-removed property "${path[path.length - 1]}" is listed in required`,
        path: path.slice(0, -2).concat('required'),
      });
    }
  });
  return problems;
}
