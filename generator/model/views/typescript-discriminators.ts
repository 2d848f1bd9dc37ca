/**
 * A discriminator quirk of openapi-typescript 7, worked around in the copy of the document it is
 * given.
 *
 * For a schema that extends (`allOf` + `$ref`) a parent carrying a `discriminator`, and
 * is not named in the parent's `mapping` or `oneOf`, openapi-typescript injects the
 * discriminator property itself (`class: "AddMediaIntent"`, required, the schema's name). When
 * the schema also declares that property in its own `properties`, both land in one type
 * literal: "Duplicate identifier 'class'" under tsc. We drop the schema's own declaration, since
 * the injected one is what openapi-typescript types the property as. Only types.ts sees this.
 */
import { escapeSegment, getAt } from '../../common/pointer.js';
import { isObject } from '../../../runtime/is-object.js';

type Json = Record<string, unknown>;

/** Rewrites `document` in place (pass a copy). */
export function dropShadowedDiscriminatorProperties(document: Json): void {
  const schemas =
    isObject(document.components) && isObject(document.components.schemas)
      ? document.components.schemas
      : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || schema.discriminator !== undefined || !isObject(schema.properties))
      continue;
    const self = `#/components/schemas/${escapeSegment(name)}`;
    if (!Array.isArray(schema.allOf)) continue;
    // openapi-typescript looks at the first `$ref` of `allOf` only.
    const item = schema.allOf.find((i) => isObject(i) && typeof i.$ref === 'string') as
      Json | undefined;
    const parent = item ? getAt(document, item.$ref as string) : undefined;
    if (
      !isObject(parent) ||
      !isObject(parent.discriminator) ||
      typeof parent.discriminator.propertyName !== 'string'
    )
      continue;
    const property = parent.discriminator.propertyName;
    const mapped =
      Object.values(
        isObject(parent.discriminator.mapping) ? parent.discriminator.mapping : {},
      ).includes(self) ||
      (Array.isArray(parent.oneOf) && parent.oneOf.some((o) => isObject(o) && o.$ref === self));
    if (mapped || !(property in schema.properties)) continue;
    delete schema.properties[property];
    if (Array.isArray(schema.required))
      schema.required = schema.required.filter((r) => r !== property);
  }
}
