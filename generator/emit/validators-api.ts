/**
 * The user-facing index `generated/validators.js` (and its `.d.ts`), and the declarations of each
 * operation module. The index holds only tables (which operation module, which schema function)
 * and delegates to runtime/validators.ts, imported from the runtime copied beside the bindings: no code
 * is written here as strings beyond imports, tables and one-line bindings.
 */
import { jsdoc, literal, propertyKey } from '../source.js';

export function validatorsModule(
  operations: { id: string; path: string }[],
  named: [string, [string, string]][],
  exportsByName: Map<string, string>,
  bannerLine: string,
  /** the runtime's validators module as this file imports it */
  runtime: string,
): string {
  // Every shared module names its function `validate`: the index gives each a local name.
  const localOf = new Map<string, string>();
  for (const [, [path, fn]] of named) {
    const id = `${path}#${fn}`;
    if (!localOf.has(id)) localOf.set(id, `s${localOf.size}`);
  }
  const fnOf = (path: string, fn: string) => localOf.get(`${path}#${fn}`)!;
  const schemaModules = [...new Set(named.map(([, [path]]) => path))].sort();
  const schemaImports = schemaModules.map((path) => {
    const names = [...new Set(named.filter(([, [p]]) => p === path).map(([, [, n]]) => n))].sort();
    return `import { ${names.map((n) => `${n} as ${fnOf(path, n)}`).join(', ')} } from "./validators/${path}.js";`;
  });
  return [
    bannerLine.trimEnd(),
    `import { guardOf, operationOf, validatorOf, validateOperationRequest, validateOperationResponse } from ${literal(runtime)};`,
    ...operations.map(
      (op, i) => `import { operation as op${i} } from "./validators/${op.path}.js";`,
    ),
    ...schemaImports,
    '',
    `const operations = {`,
    ...operations.map((op, i) => `  ${propertyKey(op.id)}: op${i},`),
    `};`,
    '',
    `/** Checks a response body against the schema documented for the status, at a feature level. */`,
    `export function validateResponse(operationId, status, body, options) {`,
    `  return validateOperationResponse(operationOf(operations, operationId), status, body, options);`,
    `}`,
    '',
    `/** Checks decoded request parameters and body, at a feature level; lists ignored parameters. */`,
    `export function validateRequest(operationId, input, options) {`,
    `  return validateOperationRequest(operationOf(operations, operationId), input, options);`,
    `}`,
    '',
    `/** A validator per named schema of the contract. */`,
    `export const validators = Object.freeze({`,
    ...named.map(([name, [path, fn]]) => `  ${propertyKey(name)}: validatorOf(${fnOf(path, fn)}),`),
    `});`,
    '',
    ...named.flatMap(([name, [path, fn]]) => {
      const id = exportsByName.get(name);
      if (!id) return [];
      return [
        `export const validate${id} = validators[${literal(name)}];`,
        `export const is${id} = guardOf(${fnOf(path, fn)});`,
      ];
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
    `export declare const validators: { readonly [name: string]: (value: unknown, options?: ValidateOptions) => ValidationResult };`,
    '',
    ...names.flatMap((name) => {
      const id = exportsByName.get(name);
      if (!id) return [];
      return [
        `export declare function validate${id}(value: unknown, options?: ValidateOptions): ValidationResult;`,
        `export declare function is${id}(value: unknown, options?: ValidateOptions): value is ${schemaType(name)};`,
      ];
    }),
    '',
  ].join('\n');
}

/** `validators/ops/<operation>.d.ts`: the operation's entry point, bound to its id. */
export function operationTypes(operationId: string, runtime: string): string {
  return [
    `import type { OperationValidators, RequestInput, RequestValidationResult, ValidateOptions, ValidationResult } from ${literal(runtime)};`,
    '',
    `/** The tables of ${operationId.replace(/\*\//g, '*\\/')} (compiled checks, level windows). */`,
    `export declare const operation: OperationValidators;`,
    `export declare function validateRequest(input: RequestInput | undefined, options?: ValidateOptions): RequestValidationResult;`,
    `export declare function validateResponse(status: number | string, body: unknown, options?: ValidateOptions): ValidationResult;`,
    '',
  ].join('\n');
}
