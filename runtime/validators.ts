/**
 * The fixed part of the generated validators: runs a compiled (Ajv standalone) function at a
 * feature level and turns Ajv's errors into `{pointer, keyword, message}`. The generated modules
 * hold only contract data (which function checks what, which parameter exists at which level)
 * and import this module, compiled to JavaScript in the runtime copied beside the bindings
 * (`runtime/validators.js`), so it must stay free of imports.
 *
 * Feature levels: a compiled function reads the level from its context (`this.level`); without
 * one the newest level applies. Operations and parameters carry level windows as data here.
 */

/** A function Ajv compiled ahead of time; `this` carries the feature level. */
export interface CompiledValidator {
  (this: LevelContext | void, data: unknown): boolean;
  errors?: AjvError[] | null;
}

export interface LevelContext {
  level: number;
}

/** The subset of Ajv's error objects this module reads. */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface ValidationError {
  /** JSON pointer into the checked value (requests: `/path/...`, `/query/...`, `/headers/...`, `/body/...`) */
  pointer: string;
  /** the JSON Schema keyword that failed; `status` for an undocumented status, `featureLevel` for an operation absent at the level */
  keyword: string;
  message: string;
  /** where in the schema the keyword is */
  schemaPath?: string;
}

export type ValidationResult = { valid: true } | { valid: false; errors: ValidationError[] };

/** A request's verdict; `ignored` (when not empty) names the parameters a server of that level ignores. */
export type RequestValidationResult =
  | { valid: true; ignored?: string[] }
  | { valid: false; errors: ValidationError[]; ignored?: string[] };

export interface ValidateOptions {
  /** answer as a server of this feature level; the newest level when absent */
  featureLevel?: number;
}

/**
 * Levels in which an item exists: from `addedIn` (inclusive) to `removedIn` (exclusive);
 * `removedIn: "unnamed"`: removed at a level the contract does not name (absent at the newest
 * level only).
 */
export interface LevelWindow {
  addedIn?: number;
  removedIn?: number | 'unnamed';
}

/** Decoded parameters (typed values, as the wire model returns them), grouped by location. */
export interface RequestInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** checked only when given */
  headers?: Record<string, unknown>;
  body?: unknown;
}

/** What a generated operation module (`validators/ops/<operation>.js`) exports as `operation`. */
export interface OperationValidators {
  id: string;
  /** when the operation exists; absent when the contract records nothing */
  window?: LevelWindow;
  request: CompiledValidator;
  /** form bodies decode to an object even when empty: validate `{}` for a missing body */
  formBody: boolean;
  /** known parameters by group (`query`, `body` for form fields) and their level windows (`{}`: always) */
  parameters: { [group: string]: { [name: string]: LevelWindow } };
  /** status (`200`, `4XX`, `default`) → compiled body check, or null when no JSON body is documented */
  responses: { [status: string]: CompiledValidator | null };
}

const has = (object: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(object, key);

export function levelOf(options: ValidateOptions | undefined): number {
  const level = options?.featureLevel;
  if (level === undefined) return Infinity;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 0)
    throw new TypeError(
      `featureLevel must be a non-negative integer, not ${JSON.stringify(level)}`,
    );
  return level;
}

export function existsAt(window: LevelWindow | undefined, level: number): boolean {
  if (!window) return true;
  if (window.addedIn !== undefined && level < window.addedIn) return false;
  if (window.removedIn === 'unnamed') return level !== Infinity;
  return window.removedIn === undefined || level < window.removedIn;
}

/** An operation absent at the level is refused, as an older server answers an unknown endpoint. */
function operationAbsent(op: OperationValidators, level: number): ValidationResult | undefined {
  if (existsAt(op.window, level)) return undefined;
  const when =
    op.window?.addedIn !== undefined && level < op.window.addedIn
      ? `was added at feature level ${op.window.addedIn}`
      : `was removed at feature level ${String(op.window?.removedIn)}`;
  return {
    valid: false,
    errors: [{ pointer: '', keyword: 'featureLevel', message: `${op.id} ${when}` }],
  };
}

export function validateOperationResponse(
  op: OperationValidators,
  status: number | string,
  body: unknown,
  options?: ValidateOptions,
): ValidationResult {
  const level = levelOf(options);
  const absent = operationAbsent(op, level);
  if (absent) return absent;
  const statuses = op.responses;
  const code = String(status).toUpperCase();
  const key = has(statuses, code)
    ? code
    : has(statuses, code[0] + 'XX')
      ? code[0] + 'XX'
      : has(statuses, 'default')
        ? 'default'
        : undefined;
  if (key === undefined) {
    const documented = Object.keys(statuses).join(', ');
    const message = `status ${code} is not documented for ${op.id} (documented: ${documented})`;
    return { valid: false, errors: [{ pointer: '', keyword: 'status', message }] };
  }
  const validate = statuses[key];
  return validate === null ? { valid: true } : run(validate, body, level);
}

export function validateOperationRequest(
  op: OperationValidators,
  input: RequestInput | undefined,
  options?: ValidateOptions,
): RequestValidationResult {
  const level = levelOf(options);
  const absent = operationAbsent(op, level);
  if (absent) return absent;
  const given = input ?? {};
  const request: RequestInput = { path: given.path ?? {}, query: given.query ?? {} };
  if (given.headers !== undefined) request.headers = given.headers;
  const body = given.body === undefined && op.formBody ? {} : given.body;
  if (body !== undefined) request.body = body;
  const result: RequestValidationResult = run(op.request, request, level);
  const ignored = [
    ...ignoredIn(op.parameters.query, request.query, level),
    ...(op.formBody ? ignoredIn(op.parameters.body, request.body, level) : []),
  ];
  return ignored.length > 0 ? { ...result, ignored } : result;
}

/** Names given that the operation does not have at the level (unknown, newer, or removed). */
function ignoredIn(
  known: { [name: string]: LevelWindow } | undefined,
  given: unknown,
  level: number,
): string[] {
  if (!given || typeof given !== 'object' || Array.isArray(given)) return [];
  return Object.keys(given).filter(
    (name) => !known || !has(known, name) || !existsAt(known[name], level),
  );
}

/** An operation module's two entry points, bound to its tables. */
export function operationEntryPoints(op: OperationValidators): {
  validateRequest: (
    input: RequestInput | undefined,
    options?: ValidateOptions,
  ) => RequestValidationResult;
  validateResponse: (
    status: number | string,
    body: unknown,
    options?: ValidateOptions,
  ) => ValidationResult;
} {
  return {
    validateRequest: (input, options) => validateOperationRequest(op, input, options),
    validateResponse: (status, body, options) =>
      validateOperationResponse(op, status, body, options),
  };
}

/** A type guard's answer: the compiled function alone, no error shaping. */
export function isValid(
  validate: CompiledValidator,
  value: unknown,
  options?: ValidateOptions,
): boolean {
  return validate.call({ level: levelOf(options) }, value) === true;
}

/**
 * Where the index finds each module: operation id → module path under `validators/ops/`, schema
 * name → module path under `validators/schemas/`, with `#<export>` when the module's export is
 * not `validate` (a member of a cycle of schemas).
 */
export interface IndexTables {
  operations: { [operationId: string]: string };
  schemas: { [name: string]: string };
}

/** A module of the validators (`ops/<path>`, `schemas/<path>`), loaded synchronously. */
export type ModuleLoader = (path: string) => { [name: string]: unknown };

/**
 * Node's synchronous loader of the validators' ES modules (`require`, Node ≥ 20.19), relative to
 * the index at `indexUrl`: an operation's module, and the schemas it needs, load on its first
 * use, so importing the index costs its tables only. Where there is no Node (a browser bundle)
 * the first use says to import `validators/bundle.js`, which loads every module up front.
 */
export function nodeLoader(indexUrl: string): ModuleLoader {
  const node = (
    globalThis as {
      process?: { getBuiltinModule?: (id: string) => unknown };
    }
  ).process?.getBuiltinModule?.('node:module') as
    { createRequire(url: string): (id: string) => { [name: string]: unknown } } | undefined;
  if (!node)
    return (path) => {
      throw new Error(
        `validators.js loads validators/${path}.js on first use with Node's require; without Node (a browser bundle) import validators/bundle.js instead`,
      );
    };
  const load = node.createRequire(indexUrl);
  return (path) => load(`./validators/${path}.js`);
}

/**
 * The index's API over its tables: each module is loaded by `load` when first needed and kept
 * by this index (the cache lives in the index, not in this module).
 */
export function validatorIndex(
  tables: IndexTables,
  load: ModuleLoader,
): {
  validateRequest: (
    operationId: string,
    input: RequestInput | undefined,
    options?: ValidateOptions,
  ) => RequestValidationResult;
  validateResponse: (
    operationId: string,
    status: number | string,
    body: unknown,
    options?: ValidateOptions,
  ) => ValidationResult;
  /** a validator per named schema (`validators.Message`, exported as `validateMessage`) */
  validators: {
    readonly [name: string]: (value: unknown, options?: ValidateOptions) => ValidationResult;
  };
  /** a type guard per named schema (exported as `isMessage`) */
  guards: { readonly [name: string]: (value: unknown, options?: ValidateOptions) => boolean };
} {
  const loaded = new Map<string, { [name: string]: unknown }>();
  const moduleAt = (path: string) => {
    let module = loaded.get(path);
    if (!module) loaded.set(path, (module = load(path)));
    return module;
  };
  const operation = (operationId: string): OperationValidators => {
    // an unknown id is a programming error, so it throws
    if (typeof operationId !== 'string' || !has(tables.operations, operationId))
      throw new TypeError(`unknown operationId ${JSON.stringify(operationId)}`);
    return moduleAt(`ops/${tables.operations[operationId]}`).operation as OperationValidators;
  };
  const functions = new Map<string, CompiledValidator>();
  const compiled = (name: string) => {
    let validate = functions.get(name);
    if (!validate) {
      const [path, exported = 'validate'] = tables.schemas[name].split('#');
      functions.set(name, (validate = moduleAt(`schemas/${path}`)[exported] as CompiledValidator));
    }
    return validate;
  };
  // own properties whatever the name (`__proto__` included), as the contract names them
  const byName = <T>(entry: (name: string) => T): { readonly [name: string]: T } =>
    Object.freeze(Object.fromEntries(Object.keys(tables.schemas).map((n) => [n, entry(n)])));
  return {
    validateRequest: (operationId, input, options) =>
      validateOperationRequest(operation(operationId), input, options),
    validateResponse: (operationId, status, body, options) =>
      validateOperationResponse(operation(operationId), status, body, options),
    validators: byName(
      (name) => (value: unknown, options?: ValidateOptions) =>
        run(compiled(name), value, levelOf(options)),
    ),
    guards: byName(
      (name) => (value: unknown, options?: ValidateOptions) =>
        isValid(compiled(name), value, options),
    ),
  };
}

/** Runs a compiled function at a level (Infinity: the newest) and shapes its errors. */
export function run(validate: CompiledValidator, value: unknown, level?: number): ValidationResult {
  if (validate.call({ level: level ?? Infinity }, value)) return { valid: true };
  return { valid: false, errors: collapseUnions(validate.errors ?? []).map(shape) };
}

/**
 * Ajv reports a failed union (oneOf/anyOf) as one error per branch plus the union's own. When
 * every branch failed only on its type at the same place, one "must be a, b or c" says it all.
 */
function collapseUnions(errors: AjvError[]): AjvError[] {
  let out = errors;
  for (const union of errors) {
    if (union.keyword !== 'oneOf' && union.keyword !== 'anyOf') continue;
    const branch = out.filter(
      (e) => e !== union && e.schemaPath.startsWith(union.schemaPath + '/'),
    );
    const sameTypeFailure = (e: AjvError) =>
      e.keyword === 'type' && e.instancePath === union.instancePath;
    if (branch.length === 0 || !branch.every(sameTypeFailure)) continue;
    const types = [...new Set(branch.flatMap((e) => String(e.params.type).split(',')))];
    const merged: AjvError = {
      instancePath: union.instancePath,
      schemaPath: union.schemaPath,
      keyword: 'type',
      params: { type: types.join(',') },
    };
    out = out.filter((e) => !branch.includes(e)).map((e) => (e === union ? merged : e));
  }
  return out;
}

/** Level keywords (generator/schema/level-keywords.ts) report as the JSON Schema keyword they stand for. */
const KEYWORD_OF: Record<string, string> = { tmsRequiredAt: 'required', tmsEnumAt: 'enum' };

function shape(error: AjvError): ValidationError {
  let pointer = error.instancePath;
  const keyword = KEYWORD_OF[error.keyword] ?? error.keyword;
  const child =
    keyword === 'required'
      ? error.params.missingProperty
      : keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : undefined;
  if (child !== undefined) pointer += '/' + String(child).replace(/~/g, '~0').replace(/\//g, '~1');
  return { pointer, keyword, message: describe(error, pointer), schemaPath: error.schemaPath };
}

function describe(error: AjvError, pointer: string): string {
  const where = pointer === '' ? 'the value' : pointer;
  const params = error.params;
  switch (error.keyword) {
    case 'required':
    case 'tmsRequiredAt':
      return `${where} is required`;
    case 'additionalProperties':
      return `${where} is not allowed`;
    case 'type':
      return `${where} must be ${orList(String(params.type).split(','))}`;
    case 'enum': {
      const values = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const list = values.length > 12 ? values.slice(0, 12).join(', ') + ', ...' : orList(values);
      return `${where} must be one of ${list}`;
    }
    case 'tmsEnumAt': {
      const value = JSON.stringify(params.value);
      const since =
        typeof params.addedIn === 'number' && (params.level as number) < params.addedIn
          ? `added at feature level ${params.addedIn}`
          : params.removedIn === 'unnamed'
            ? 'removed'
            : `removed at feature level ${String(params.removedIn)}`;
      const level =
        params.level === Infinity
          ? 'the newest feature level'
          : `feature level ${String(params.level)}`;
      return `${where}: ${value} is not available at ${level} (${since})`;
    }
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${where} ${error.message ?? ajvMessage(error.keyword, params)}`;
  }
}

/**
 * Ajv's wording of its other keywords' errors (ajv/lib/vocabularies), for compiled code that
 * carries no messages (the generated validators leave them out: they were a large share of the
 * code).
 */
function ajvMessage(keyword: string, params: Record<string, unknown>): string {
  const p = (name: string) => String(params[name]);
  switch (keyword) {
    case 'maxLength':
    case 'minLength':
      return `must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${p('limit')} characters`;
    case 'maxItems':
    case 'minItems':
      return `must NOT have ${keyword === 'maxItems' ? 'more' : 'fewer'} than ${p('limit')} items`;
    case 'maxProperties':
    case 'minProperties':
      return `must NOT have ${keyword === 'maxProperties' ? 'more' : 'fewer'} than ${p('limit')} properties`;
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return `must be ${p('comparison')} ${p('limit')}`;
    case 'multipleOf':
      return `must be multiple of ${p('multipleOf')}`;
    case 'pattern':
      return `must match pattern "${p('pattern')}"`;
    case 'format':
      return `must match format "${p('format')}"`;
    case 'uniqueItems':
      return `must NOT have duplicate items (items ## ${p('j')} and ${p('i')} are identical)`;
    case 'oneOf':
      return 'must match exactly one schema in oneOf';
    case 'anyOf':
      return 'must match a schema in anyOf';
    case 'not':
      return 'must NOT be valid';
    case 'if':
      return `must match "${p('failingKeyword')}" schema`;
    case 'false schema':
      return 'boolean schema is false';
    case 'propertyNames':
      return 'property name must be valid';
    case 'dependencies':
    case 'dependentRequired':
      return `must have property ${p('missingProperty')} when property ${p('property')} is present`;
    case 'contains':
      return `must contain at least ${p('minContains')} valid item(s)`;
    case 'additionalItems':
    case 'items':
      return `must NOT have more than ${p('limit')} items`;
    case 'unevaluatedProperties':
      return 'must NOT have unevaluated properties';
    case 'unevaluatedItems':
      return `must NOT have more than ${p('len')} items`;
    default:
      return `is invalid (${keyword})`;
  }
}

function orList(items: string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
