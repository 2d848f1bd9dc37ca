// Walks the items of an OpenAPI document (operations, parameters, schemas, properties, ...), the
// objects that can carry `deprecated`, `x-history`, `x-removed`. It knows which keys hold maps of
// names (`properties`, `paths`, `content`, ...) so that a property called `deprecated` or `content`
// is never mistaken for a keyword, and it never descends into data: examples, enums, defaults and
// `x-` extension values.
const MAP_KEYS = new Set([
  'paths',
  'webhooks',
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'content',
  'encoding',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'variables',
  'pathItems',
  'examples',
]);
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default']);

/**
 * Calls visit(node, path, ancestors, place) on every item; `ancestors` are the objects above it
 * (nearest last), maps included; `place` says where it sits: `{map: 'responses'}` for a value of a
 * map of names, `{field: 'requestBody'}` for the value of a field of an item, `{}` for the root;
 * elements of a list sit where the list does. Each object is visited once (shared $ref targets and cycles).
 */
export function walkItems(root, visit) {
  const seen = new WeakSet();
  const walk = (node, path, ancestors, isMap, place) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, [...path, i], ancestors, false, place));
      return;
    }
    if (!isMap) visit(node, path, ancestors, place);
    for (const [key, child] of Object.entries(node)) {
      if (!isMap && (key.startsWith('x-') || DATA_KEYS.has(key))) continue;
      const childIsMap = !isMap && MAP_KEYS.has(key);
      const childPlace = isMap ? { map: path[path.length - 1] } : childIsMap ? {} : { field: key };
      walk(child, [...path, key], [...ancestors, node], childIsMap, childPlace);
    }
  };
  walk(root, [], [], false, {});
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

// Objects of these kinds have no `deprecated` field in OpenAPI, by the map of names that holds
// them or the field they are the value of (the elements of the `servers` and `tags` lists sit
// where their list does).
const NO_DEPRECATED_IN_MAP = new Set([
  'paths',
  'responses',
  'content',
  'examples',
  'encoding',
  'requestBodies',
  'links',
  'securitySchemes',
  'callbacks',
  'webhooks',
  'pathItems',
  'variables',
]);
const NO_DEPRECATED_FIELD = new Set([
  'requestBody',
  'info',
  'components',
  'externalDocs',
  'discriminator',
  'xml',
  'contact',
  'license',
  'servers',
  'tags',
]);

/** True when OpenAPI lets this item carry `deprecated` (operations, parameters, headers, schemas). */
export function mayBeDeprecated(path, place) {
  if (path.length === 0) return false;
  if (place.map !== undefined) return !NO_DEPRECATED_IN_MAP.has(place.map);
  if (place.field !== undefined) return !NO_DEPRECATED_FIELD.has(place.field);
  return true;
}
