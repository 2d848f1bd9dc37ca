/**
 * Source of the `formats` binding that Ajv standalone code reads (Ajv option `code.formats`),
 * self-contained so generated validators load from any directory, without node_modules:
 * ajv-formats' own table (its CommonJS file, which requires nothing, wrapped in a function
 * that gives it an `exports`), plus OpenAPI's formats, whose functions are copied as source.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';
import { literal, propertyKey } from '../common/source.js';
import { OPENAPI_FORMATS } from './ajv.js';

const AJV_FORMATS_FILE = createRequire(import.meta.url).resolve('ajv-formats/dist/formats.js');

/** `const formats = {...}` for the formats `ajv` knows (the same ajv-formats version it was built with). */
export function formatsSource(ajv: Ajv): string {
  const library = readFileSync(AJV_FORMATS_FILE, 'utf8')
    .replace(/^\/\/# sourceMappingURL=.*$/m, '')
    .trim();
  // A require here would break every ESM consumer; fail at generate time instead.
  if (/\brequire\(/.test(library))
    throw new Error(
      `${AJV_FORMATS_FILE} now requires other modules; the validators emitter cannot inline it`,
    );
  const own = Object.entries(OPENAPI_FORMATS)
    .filter(([name]) => ajv.formats[name] !== undefined)
    .map(
      ([name, def]) =>
        `  ${propertyKey(name)}: { type: ${literal(def.type)}, validate: ${def.validate.toString()} },`,
    );
  return [
    `// ajv-formats (MIT), dist/formats.js, inlined so the module needs no package at run time.`,
    `const ajvFormats = (function () {`,
    `const exports = {};`,
    library,
    `return exports.fullFormats;`,
    `})();`,
    `const formats = {`,
    `  ...ajvFormats,`,
    ...own,
    `};`,
    '',
  ].join('\n');
}
