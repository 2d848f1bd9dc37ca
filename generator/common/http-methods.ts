/**
 * The operation keys of an OpenAPI Path Item (3.0 and 3.1), in the specification's order, and
 * the count of a document's operations from its `paths` (before any model exists: the loader's
 * limits and the choice of a checks thread both need it).
 */
export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

/** The operations of a raw document, counted from its paths. */
export function operationCount(document: Record<string, unknown>): number {
  let count = 0;
  const paths = document.paths;
  if (!paths || typeof paths !== 'object' || Array.isArray(paths)) return 0;
  for (const item of Object.values(paths))
    if (item && typeof item === 'object' && !Array.isArray(item))
      for (const method of HTTP_METHODS)
        if ((item as Record<string, unknown>)[method] !== undefined) count++;
  return count;
}
