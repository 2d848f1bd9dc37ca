/**
 * The contract's named schemas as a script, loaded by try-it when it checks an answer: response
 * schemas on the pages `$ref` into it, so each shared schema is written once for the whole site.
 */
import { scriptJson } from '../../common/source.js';
import type { ApiModel } from '../../model/types.js';

export function schemasScript(model: ApiModel, bannerLine: string): string {
  const schemas = Object.fromEntries(model.schemas.map((s) => [s.name, s.schema]));
  const data = { components: { schemas: forChecking(schemas) } };
  return `${bannerLine}self.TMS_SCHEMAS = ${scriptJson(data)};\n`;
}

/** Keywords that only annotate (the checker ignores them): left out of schemas.js to keep it small. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'externalDocs',
  'summary',
  '$comment',
]);

function forChecking(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forChecking);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // Inside `properties` the keys are field names (a field may be called `description`).
    if (k === 'properties' && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, forChecking(s)]));
    } else if (!ANNOTATIONS.has(k) && !k.startsWith('x-')) out[k] = forChecking(v);
  }
  return out;
}
