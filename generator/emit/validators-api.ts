/**
 * The user-facing module `generated/validators.js` (and its `.d.ts`): the contract's tables
 * (which compiled function checks which operation, status, schema) plus a fixed, small body of
 * code that runs a compiled function and turns Ajv's errors into `{pointer, keyword, message}`.
 * The fixed code is plain JS with no imports, so the module loads in Node and bundlers as is.
 */
import { jsdoc, literal, propertyKey } from '../source.js';

export interface ApiTables {
  /** component name → export name of its compiled function */
  named: [string, string][];
  requests: [string, { fn: string; formBody: boolean }][];
  /** operationId → [status, export name or null][] */
  responses: [string, [string, string | null][]][];
}

export function validatorsModule(
  tables: ApiTables,
  exportsByName: Map<string, string>,
  bannerLine: string,
): string {
  const fn = (name: string) => `compiled.${name}`;
  const lines = [
    bannerLine.trimEnd(),
    `import * as compiled from "./validators/compiled.js";`,
    '',
    `const requests = {`,
    ...tables.requests.map(([op, r]) => `  ${propertyKey(op)}: [${fn(r.fn)}, ${r.formBody}],`),
    `};`,
    '',
    `const responses = {`,
    ...tables.responses.map(
      ([op, statuses]) =>
        `  ${propertyKey(op)}: {${statuses.map(([s, f]) => ` ${propertyKey(s)}: ${f ? fn(f) : 'null'}`).join(',')} },`,
    ),
    `};`,
    '',
    `/** A validator per named schema of the contract. */`,
    `export const validators = Object.freeze({`,
    ...tables.named.map(([name, f]) => `  ${propertyKey(name)}: (value) => run(${fn(f)}, value),`),
    `});`,
    '',
    ...tables.named.flatMap(([name, f]) => {
      const id = exportsByName.get(name);
      if (!id) return [];
      return [
        `export const validate${id} = validators[${literal(name)}];`,
        `export const is${id} = (value) => ${fn(f)}(value) === true;`,
      ];
    }),
    '',
    FIXED_CODE.trim(),
    '',
  ];
  return lines.join('\n');
}

export function validatorsTypes(
  tables: ApiTables,
  exportsByName: Map<string, string>,
  bannerLine: string,
): string {
  const ops = tables.requests.map(([op]) => op);
  const schemaType = (name: string) => `components["schemas"][${literal(name)}]`;
  return [
    bannerLine.trimEnd(),
    `import type { components } from "./types.js";`,
    '',
    `export interface ValidationError {`,
    `  /** JSON pointer into the checked value (requests: \`/path/...\`, \`/query/...\`, \`/headers/...\`, \`/body/...\`) */`,
    `  pointer: string;`,
    `  /** the JSON Schema keyword that failed, or \`status\` for an undocumented response status */`,
    `  keyword: string;`,
    `  message: string;`,
    `  /** where in the schema the keyword is */`,
    `  schemaPath?: string;`,
    `}`,
    `export type ValidationResult = { valid: true } | { valid: false; errors: ValidationError[] };`,
    `export type ValidatorOperationId =${ops.length === 0 ? ' never' : ''}`,
    ...ops.map((op, i) => `  | ${literal(op)}${i === ops.length - 1 ? ';' : ''}`),
    `/** Decoded parameters (typed values, as the wire model returns them), grouped by location. */`,
    `export interface RequestInput {`,
    `  path?: Record<string, unknown>;`,
    `  query?: Record<string, unknown>;`,
    `  /** checked only when given */`,
    `  headers?: Record<string, unknown>;`,
    `  body?: unknown;`,
    `}`,
    '',
    jsdoc([
      ' Checks a response body against the schema documented for the status: exact status, then range (`4XX`), then `default`.',
    ]).trimEnd(),
    `export declare function validateResponse(operationId: ValidatorOperationId, status: number | string, body: unknown): ValidationResult;`,
    jsdoc([
      " Checks decoded request parameters and body against the operation's parameters.",
    ]).trimEnd(),
    `export declare function validateRequest(operationId: ValidatorOperationId, input: RequestInput): ValidationResult;`,
    `export declare const validators: { readonly [name: string]: (value: unknown) => ValidationResult };`,
    '',
    ...tables.named.flatMap(([name]) => {
      const id = exportsByName.get(name);
      if (!id) return [];
      return [
        `export declare function validate${id}(value: unknown): ValidationResult;`,
        `export declare function is${id}(value: unknown): value is ${schemaType(name)};`,
      ];
    }),
    '',
  ].join('\n');
}

/**
 * Runs compiled functions and shapes their errors. Kept free of contract data; the tables above
 * are the only generated part. `status` errors use the same shape as schema errors.
 */
const FIXED_CODE = String.raw`
export function validateResponse(operationId, status, body) {
  const statuses = lookup(responses, operationId);
  const code = String(status).toUpperCase();
  const has = (k) => Object.prototype.hasOwnProperty.call(statuses, k);
  const key = has(code) ? code : has(code[0] + "XX") ? code[0] + "XX" : has("default") ? "default" : undefined;
  if (key === undefined) {
    return { valid: false, errors: [{ pointer: "", keyword: "status", message: "status " + code + " is not documented for " + operationId + " (documented: " + Object.keys(statuses).join(", ") + ")" }] };
  }
  const validate = statuses[key];
  return validate === null ? { valid: true } : run(validate, body);
}

export function validateRequest(operationId, input) {
  const [validate, formBody] = lookup(requests, operationId);
  const given = input ?? {};
  const request = { path: given.path ?? {}, query: given.query ?? {} };
  if (given.headers !== undefined) request.headers = given.headers;
  const body = given.body === undefined && formBody ? {} : given.body;
  if (body !== undefined) request.body = body;
  return run(validate, request);
}

function lookup(table, operationId) {
  if (!Object.prototype.hasOwnProperty.call(table, operationId)) throw new TypeError("unknown operationId " + JSON.stringify(operationId));
  return table[operationId];
}

function run(validate, value) {
  if (validate(value)) return { valid: true };
  return { valid: false, errors: collapseUnions(validate.errors ?? []).map(shape) };
}

// Ajv reports a failed union (oneOf/anyOf) as one error per branch plus the union's own. When
// every branch failed only on its type at the same place, one "must be a, b or c" says it all.
function collapseUnions(errors) {
  let out = errors;
  for (const union of errors) {
    if (union.keyword !== "oneOf" && union.keyword !== "anyOf") continue;
    const branch = out.filter((e) => e !== union && e.schemaPath.startsWith(union.schemaPath + "/"));
    if (branch.length === 0 || !branch.every((e) => e.keyword === "type" && e.instancePath === union.instancePath)) continue;
    const types = [...new Set(branch.flatMap((e) => String(e.params.type).split(",")))];
    const merged = { instancePath: union.instancePath, schemaPath: union.schemaPath, keyword: "type", params: { type: types.join(",") } };
    out = out.filter((e) => !branch.includes(e)).map((e) => (e === union ? merged : e));
  }
  return out;
}

function shape(error) {
  let pointer = error.instancePath;
  const child = error.keyword === "required" ? error.params.missingProperty
    : error.keyword === "additionalProperties" ? error.params.additionalProperty : undefined;
  if (child !== undefined) pointer += "/" + String(child).replace(/~/g, "~0").replace(/\//g, "~1");
  return { pointer, keyword: error.keyword, message: describe(error, pointer), schemaPath: error.schemaPath };
}

function describe(error, pointer) {
  const where = pointer === "" ? "the value" : pointer;
  switch (error.keyword) {
    case "required": return where + " is required";
    case "additionalProperties": return where + " is not allowed";
    case "type": return where + " must be " + orList(String(error.params.type).split(","));
    case "enum": {
      const values = error.params.allowedValues.map((v) => JSON.stringify(v));
      return where + " must be one of " + (values.length > 12 ? values.slice(0, 12).join(", ") + ", ..." : orList(values));
    }
    case "const": return where + " must be " + JSON.stringify(error.params.allowedValue);
    default: return where + " " + error.message;
  }
}

function orList(items) {
  return items.length <= 1 ? items.join("") : items.slice(0, -1).join(", ") + " or " + items[items.length - 1];
}
`;
