// Walks the items of an OpenAPI document (operations, parameters, schemas, properties, ...), the
// objects that can carry `deprecated`, `x-history`, `x-removed`. It knows which keys hold maps of
// names (`properties`, `paths`, `content`, ...) so that a property called `deprecated` or `content`
// is never mistaken for a keyword, and it never descends into data: examples, enums, defaults and
// `x-` extension values.
const MAP_KEYS = new Set([
  'paths', 'webhooks', 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas',
  'schemas', 'parameters', 'responses', 'headers', 'content', 'encoding', 'requestBodies',
  'securitySchemes', 'links', 'callbacks', 'variables', 'pathItems', 'examples',
]);
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default']);

/**
 * Calls visit(node, path, ancestors) on every item; `ancestors` are the objects above it (nearest
 * last), maps included. Each object is visited once (shared $ref targets and cycles).
 */
export function walkItems(root, visit) {
  const seen = new WeakSet();
  const walk = (node, path, ancestors, isMap) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, [...path, i], ancestors, false));
      return;
    }
    if (!isMap) visit(node, path, ancestors);
    for (const [key, child] of Object.entries(node)) {
      if (!isMap && (key.startsWith('x-') || DATA_KEYS.has(key))) {
        // parameters/media `examples` is a map of Example objects: data all the same.
        continue;
      }
      walk(child, [...path, key], [...ancestors, node], !isMap && MAP_KEYS.has(key));
    }
  };
  walk(root, [], [], false);
}

/** An OpenAPI Parameter object (not a schema that happens to have `name`). */
export function isParameterObject(node) {
  return typeof node.name === 'string' && ['query', 'path', 'header', 'cookie'].includes(node.in);
}

/** The schemas of a parameter object: `schema` and every `content[*].schema`. */
export function parameterSchemas(param) {
  const schemas = [];
  if (param.schema && typeof param.schema === 'object') schemas.push(param.schema);
  for (const media of Object.values(param.content ?? {})) {
    if (media && typeof media.schema === 'object') schemas.push(media.schema);
  }
  return schemas;
}
