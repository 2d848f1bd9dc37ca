/**
 * The user-facing index `generated/validators.js` (and its `.d.ts`), its eager twin for bundles
 * `validators/bundle.js`, the tables both read, and the declarations of each operation module.
 * The indexes hold only tables (which operation module, which schema function) and delegate to
 * runtime/validators.ts, imported from the runtime copied beside the bindings: no code is written
 * here as strings beyond imports, tables and one-line bindings.
 */
import { jsdoc, literal, propertyKey } from '../common/source.js';

/**
 * The generated index's own URL, spelled so that the CLI bundle's rewrite of this source's
 * `import.meta` URL (bin/build.js) leaves the generated text alone.
 */
const IMPORT_META_URL = ['import', 'meta', 'url'].join('.');

/** Where the index finds each module (runtime/validators.ts `IndexTables`). */
export function indexTables(
  operations: { id: string; path: string }[],
  named: [string, [string, string]][],
): string {
  const under = (prefix: string, path: string) => {
    if (!path.startsWith(prefix)) throw new Error(`validators: ${path} is not under ${prefix}`);
    return path.slice(prefix.length);
  };
  return [
    `/** Where the validators' index finds each module (paths under ops/ and schemas/). */`,
    `export const tables = {`,
    `  operations: {`,
    ...operations.map((op) => `    ${propertyKey(op.id)}: ${literal(under('ops/', op.path))},`),
    `  },`,
    `  schemas: {`,
    ...named.map(
      ([name, [path, fn]]) =>
        `    ${propertyKey(name)}: ${literal(under('schemas/', path) + (fn === 'validate' ? '' : `#${fn}`))},`,
    ),
    `  },`,
    `};`,
    '',
  ].join('\n');
}

/**
 * `validators.js` (lazy: Node loads an operation's module, and the schemas it needs, on its
 * first use) or `validators/bundle.js` (every module imported up front, for bundlers and
 * browsers). Both give the same API over the same tables (validators/tables.js).
 */
export function validatorsModule(
  kind: 'lazy' | 'bundle',
  operations: { id: string; path: string }[],
  named: [string, [string, string]][],
  exportsByName: Map<string, string>,
  bannerLine: string,
  /** the runtime's validators module as this file imports it */
  runtime: string,
): string {
  const here = kind === 'lazy' ? './validators/' : './';
  const modules = [
    ...operations.map((op) => op.path),
    ...[...new Set(named.map(([, [path]]) => path))].sort(),
  ];
  const loader =
    kind === 'lazy'
      ? [`const index = validatorIndex(tables, nodeLoader(${IMPORT_META_URL}));`]
      : [
          `const modules = {`,
          ...modules.map((path, i) => `  ${literal(path)}: m${i},`),
          `};`,
          `const index = validatorIndex(tables, (path) => modules[path]);`,
        ];
  return [
    bannerLine.trimEnd(),
    `import { ${kind === 'lazy' ? 'nodeLoader, ' : ''}validatorIndex } from ${literal(runtime)};`,
    `import { tables } from ${literal(`${here}tables.js`)};`,
    ...(kind === 'bundle'
      ? modules.map((path, i) => `import * as m${i} from ${literal(`./${path}.js`)};`)
      : []),
    '',
    ...loader,
    '',
    `/** Checks a response body against the schema documented for the status, at a feature level. */`,
    `export const validateResponse = index.validateResponse;`,
    `/** Checks decoded request parameters and body, at a feature level; lists ignored parameters. */`,
    `export const validateRequest = index.validateRequest;`,
    `/** A validator per named schema of the contract. */`,
    `export const validators = index.validators;`,
    `const guards = index.guards;`,
    '',
    ...named.flatMap(([name]) => {
      const id = exportsByName.get(name);
      if (!id) return [];
      const key = literal(name);
      return [`export const validate${id} = validators[${key}], is${id} = guards[${key}];`];
    }),
    '',
  ].join('\n');
}

const sharedTypes = (runtime: string) => [
  `export type { ValidationError, ValidationResult, RequestValidationResult, ValidateOptions, RequestInput } from ${literal(runtime)};`,
  `import type { ValidationResult, RequestValidationResult, ValidateOptions, RequestInput } from ${literal(runtime)};`,
];

export function validatorsTypes(
  operationIds: string[],
  names: string[],
  exportsByName: Map<string, string>,
  bannerLine: string,
  runtime: string,
): string {
  const ops = operationIds;
  const schemaType = (name: string) => `components["schemas"][${literal(name)}]`;
  return [
    bannerLine.trimEnd(),
    `import type { components } from "./types.js";`,
    ...sharedTypes(runtime),
    '',
    `export type ValidatorOperationId =${ops.length === 0 ? ' never' : ''}`,
    ...ops.map((op, i) => `  | ${literal(op)}${i === ops.length - 1 ? ';' : ''}`),
    '',
    jsdoc([
      ' Checks a response body against the schema documented for the status: exact status, then range (`4XX`), then `default`.',
      ' With `featureLevel`, answers as a server of that level: fields added later are not required.',
    ]).trimEnd(),
    `export declare function validateResponse(operationId: ValidatorOperationId, status: number | string, body: unknown, options?: ValidateOptions): ValidationResult;`,
    jsdoc([
      " Checks decoded request parameters and body against the operation's parameters.",
      ' With `featureLevel`, parameters the level does not have are ignored and listed in `ignored`;',
      ' enum values and operations added later are refused.',
    ]).trimEnd(),
    `export declare function validateRequest(operationId: ValidatorOperationId, input: RequestInput, options?: ValidateOptions): RequestValidationResult;`,
    `export declare const validators: { readonly [name: string]: Check };`,
    '',
    // one line a schema, its shapes named once (thousands of schemas on large documents)
    `/** Checks a value against a named schema, at a feature level. */`,
    `type Check = (value: unknown, options?: ValidateOptions) => ValidationResult;`,
    `/** True when the value is valid against the named schema (at a feature level). */`,
    `type Guard<T> = (value: unknown, options?: ValidateOptions) => value is T;`,
    '',
    ...names.flatMap((name) => {
      const id = exportsByName.get(name);
      if (!id) return [];
      return [`export declare const validate${id}: Check, is${id}: Guard<${schemaType(name)}>;`];
    }),
    '',
  ].join('\n');
}

/**
 * `validators/operation.d.ts`: what every operation module (`validators/ops/<operation>.js`)
 * exports, declared once; each operation's `.d.ts` re-exports it in one line.
 */
export function operationTypes(runtime: string): string {
  return [
    `import type { OperationValidators, RequestInput, RequestValidationResult, ValidateOptions, ValidationResult } from ${literal(runtime)};`,
    '',
    `/** The operation's tables (compiled checks, level windows). */`,
    `export declare const operation: OperationValidators;`,
    `export declare function validateRequest(input: RequestInput | undefined, options?: ValidateOptions): RequestValidationResult;`,
    `export declare function validateResponse(status: number | string, body: unknown, options?: ValidateOptions): ValidationResult;`,
    '',
  ].join('\n');
}

/** `validators/ops/<operation>.d.ts`: the declarations of validators/operation.d.ts. */
export const OPERATION_DECLARATIONS = 'export * from "../operation.js";\n';
