/**
 * The Ajv instance every compile of contract schemas uses (the loader's strict check, the
 * validators emitter, tests comparing against run-time compiles): one place decides dialect,
 * strictness and formats.
 */
import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { addLevelKeywords } from './level-keywords.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

/**
 * OpenAPI's own formats (OAS 3.1 §4.2 "Data Types"), checked where a check means something.
 * Each `validate` must be self-contained (no outside names): the validators emitter copies its
 * source into generated code.
 */
export const OPENAPI_FORMATS: Record<
  string,
  { type: 'number' | 'string'; validate: (x: never) => boolean }
> = {
  int32: {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n <= 2 ** 31 - 1,
  },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: {
    type: 'string',
    validate: (s: string) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0,
  },
  binary: { type: 'string', validate: () => true },
  password: { type: 'string', validate: () => true },
};

export interface AjvFactoryOptions {
  dialect: '3.0' | '3.1';
  /** formats the document uses that neither ajv-formats nor OpenAPI define: accepted unchecked */
  unknownFormats?: string[];
  /** Ajv `code` options, for standalone output */
  code?: Options['code'];
  allErrors?: boolean;
  /** false: errors carry no `message` (generated validators word them at run time, runtime/validators.ts) */
  messages?: boolean;
  /** check `required` lists longer than this, and enums longer than `loopEnum`, in a loop (smaller code) */
  loopRequired?: number;
  loopEnum?: number;
  /** compile `pattern`s that are invalid with the `u` flag without it (see `usesLegacyPatterns`) */
  legacyPatterns?: boolean;
}

/**
 * Ajv compiles every `pattern` with the `u` flag. Real documents hold patterns that are valid
 * ECMA-262 only without it (Annex B: `[a-z]{1-70}`, `\_`, a lone `{`), which is the dialect
 * OpenAPI names and what a browser's `new RegExp(p)` accepts. For those documents we give Ajv an
 * engine that falls back to the flagless reading; `code` is its source, copied into standalone
 * output, so generated validators judge exactly as run-time ones.
 */
const LEGACY_PATTERN_SOURCE =
  '((pattern, flags) => { try { return new RegExp(pattern, flags); } catch { return new RegExp(pattern); } })';
const legacyRegExp = Object.assign(
  (pattern: string, flags: string): RegExp => {
    try {
      return new RegExp(pattern, flags);
    } catch {
      return new RegExp(pattern);
    }
  },
  { code: LEGACY_PATTERN_SOURCE },
);

/** True when a JSON Schema tree has a `pattern` (or `patternProperties` key) valid only without the `u` flag. */
export function usesLegacyPatterns(root: unknown): boolean {
  const legacy = (p: string) => {
    try {
      new RegExp(p, 'u');
      return false;
    } catch {
      try {
        new RegExp(p);
        return true;
      } catch {
        return false; // invalid either way: Ajv's own error says so
      }
    }
  };
  const visit = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(visit);
    if (!node || typeof node !== 'object') return false;
    return Object.entries(node).some(
      ([k, v]) =>
        (k === 'pattern' && typeof v === 'string' && legacy(v)) ||
        (k === 'patternProperties' &&
          v !== null &&
          typeof v === 'object' &&
          Object.keys(v).some(legacy)) ||
        visit(v),
    );
  };
  return visit(root);
}

export function createAjv(opts: AjvFactoryOptions): Ajv {
  const options: Options = {
    // strictSchema: an unknown keyword is a typo in the contract. strictTypes would also reject
    // common, valid patterns of third-party documents (`properties` without `type: object`).
    strict: false,
    strictSchema: true,
    strictNumbers: true,
    strictTuples: false,
    strictRequired: false,
    strictTypes: false,
    allErrors: opts.allErrors ?? true,
    messages: opts.messages ?? true,
    ...(opts.loopRequired !== undefined ? { loopRequired: opts.loopRequired } : {}),
    ...(opts.loopEnum !== undefined ? { loopEnum: opts.loopEnum } : {}),
    validateFormats: true,
    // Every `$ref` stays a call to the referenced schema's own function: the validators emitter
    // puts each shared schema in a module of its own, never a copy inlined into each user.
    inlineRefs: false,
    // The feature level travels as the validation context (`this`), see level-keywords.ts.
    passContext: true,
    code: opts.legacyPatterns ? { ...opts.code, regExp: legacyRegExp } : opts.code,
  };
  const ajv = opts.dialect === '3.1' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv as Ajv);
  addLevelKeywords(ajv as Ajv);
  for (const [name, def] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, def as never);
  for (const name of opts.unknownFormats ?? []) if (!ajv.formats[name]) ajv.addFormat(name, true);
  return ajv as Ajv;
}

/** Formats used in a JSON Schema tree that this Ajv does not define. */
export function findUnknownFormats(root: unknown, ajv: Ajv): string[] {
  const found = new Set<string>();
  visitFormats(root, (name) => {
    if (!ajv.formats[name]) found.add(name);
  });
  return [...found].sort();
}

/**
 * Calls `onFormat` with the string value of every `format` key anywhere in a tree (enums and
 * defaults included: a format is looked for in every object, not only at schema positions).
 */
export function visitFormats(node: unknown, onFormat: (name: string) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) visitFormats(item, onFormat);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (key === 'format' && typeof value === 'string') onFormat(value);
    else visitFormats(value, onFormat);
  }
}
