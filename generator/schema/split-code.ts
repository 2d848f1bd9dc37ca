/**
 * The text of a split validators module's functions (split-modules.ts): Ajv's code of each with
 * its scope values, names made stable (renameGlobals), schema reads inlined, errors compacted
 * (compact-errors.ts), unused arguments and locals shortened; and the helpers module those
 * modules import.
 */
import { _, type Ajv, type Name } from 'ajv';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import { compactErrors } from './compact-errors.js';
import type { Compiled, FunctionNode, ScopeName, SourceInfo } from './split-graph.js';

// CommonJS modules seen through NodeNext: the function is on `.default` (or is the module).
const unwrap = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;

/** Ajv's runtime helpers by the code Ajv emits to reach them, with the name the helpers module exports. */
export const RUNTIME_HELPERS = [
  {
    call: 'require("ajv/dist/runtime/ucs2length").default',
    name: 'ucs2length',
    source: () => unwrap<(s: string) => number>(ucs2lengthModule).toString(),
  },
  {
    call: 'require("ajv/dist/runtime/equal").default',
    name: 'deepEqual',
    // fast-deep-equal's function recurses through its own name (`equal`), so it is self-contained.
    source: () => unwrap<(a: unknown, b: unknown) => boolean>(equalModule).toString(),
  },
];

/** Prefixes of Ajv's instance-wide value names (codegen/scope.ts `scopeValue` callers). */
const GLOBAL_NAME = /^(validate|schema|pattern|formats|func|wrapper|root|keyword|self|obj)\d+$/;

/** The helpers module: Ajv's runtime helpers and the `formats` table (its source is given). */
export function helpersModule(formatsSource: string): string {
  return [
    ...RUNTIME_HELPERS.map((h) => `export const ${h.name} = (${h.source()});`),
    formatsSource.trim(),
    'export { formats };',
    '',
    '// One error of a compiled check: the error object Ajv writes, appended to the list (created if null).',
    'export function addError(errors, instancePath, schemaPath, keyword, params) {',
    '  const error = { instancePath, schemaPath, keyword, params };',
    '  if (errors === null) return [error];',
    '  errors.push(error);',
    '  return errors;',
    '}',
    '',
    '// A missing required property, as Ajv reports it.',
    'export function addMissing(errors, instancePath, missingProperty, schemaPath = "#/required") {',
    '  return addError(errors, instancePath, schemaPath, "required", { missingProperty });',
    '}',
    '',
    '// A value of the wrong type, as Ajv reports it.',
    'export function addTypeError(errors, instancePath, schemaPath, type) {',
    '  return addError(errors, instancePath, schemaPath, "type", { type });',
    '}',
    '',
    '// The errors of a called check appended (as Ajv writes it: null, or a new concatenated list).',
    'export function addErrors(errors, more) {',
    '  return errors === null ? more : errors.concat(more);',
    '}',
    '',
  ].join('\n');
}

/** The code of a module's functions (scope values first), with names made stable. */
export function moduleBody(
  ajv: Ajv,
  fns: FunctionNode[],
  functionNameOf: (ajvName: string) => string,
  dynamicScopes: boolean,
): { code: string; localOf: Map<string, string> } {
  const used: Record<string, Map<unknown, unknown>> = {};
  const scope = (
    ajv as unknown as { scope: { scopeCode: (...a: unknown[]) => { toString(): string } } }
  ).scope;
  const parts: string[] = [];
  const schemaValues = new Map<string, unknown>();
  for (const node of fns) {
    const source = node.fn.source!;
    for (const name of source.scopeValues.schema ?? []) schemaValues.set(name.str, name.value?.ref);
    // Calls to other functions are imports (or are in this module): they declare nothing here.
    const refCode = (name: ScopeName) => {
      if (name.prefix === 'validate') return _``;
      if (name.prefix === 'wrapper') {
        const env = name.value?.ref as { validate?: Compiled } | undefined;
        const target = env?.validate?.source?.validateName;
        if (!target) throw new Error('ajv: recursive reference without a compiled function');
        return _`const ${name as unknown as Name} = {validate: ${target as unknown as Name}};`;
      }
      return undefined;
    };
    const scopeCode = scope.scopeCode(source.scopeValues, used, refCode).toString();
    parts.push(scopeCode, withoutStaticPrologue(source));
    if (source.evaluated)
      parts.push(`${source.validateName.str}.evaluated = ${String(source.evaluated)};`);
  }
  const text = parts
    .join('\n')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
  const localOf = new Map<string, string>();
  const code = inlineSchemaReads(text, schemaValues);
  return {
    code: shortLocals(
      withoutUnusedArguments(
        compactErrors(renameGlobals(code, functionNameOf, localOf)),
        dynamicScopes,
      ),
    ),
    localOf,
  };
}

/** Ajv's two most written local names, with the shorter names they take (see shortLocals). */
const LOCAL_NAMES =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(instancePath|vErrors)(?![\w$])/g;
const SHORT_NAMES = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(at|errs)(?![\w$])/g;

/**
 * Every function's instance location (`instancePath`, ~11 times a function) and error list
 * (`vErrors`, ~20 times) are local variables: as `at` and `errs` the output is shorter. The option
 * Ajv's functions pass each other keeps its name (`{instancePath: at + "/id"}`); the error list is
 * still written to `validate.errors`. A module that already uses either short name keeps Ajv's
 * names.
 */
function shortLocals(code: string): string {
  for (const m of code.matchAll(SHORT_NAMES)) if (m[1] !== undefined) return code;
  return code.replace(LOCAL_NAMES, (match, name: string | undefined, offset: number) => {
    if (name === undefined) return match;
    if (name === 'vErrors') return 'errs';
    const before = code[offset - 1];
    const after = code[offset + name.length];
    // an option's key: `{instancePath:…}`
    if (after === ':') return match;
    // the parameter `{instancePath=""}` and the shorthand `{instancePath}`
    if (before === '{' && (after === '=' || after === '}')) return `instancePath:at`;
    return 'at';
  });
}

/**
 * A 2020-12 function starts by resetting what a dynamic evaluation recorded on it
 * (`unevaluated*` across `$dynamicRef`). When its evaluation is static (both flags false in the
 * record Ajv writes beside it) the reset never runs: the lines go.
 */
function withoutStaticPrologue(source: SourceInfo): string {
  const code = source.validateCode;
  const record = source.evaluated === undefined ? '' : String(source.evaluated);
  if (!record.includes('"dynamicProps":false') || !record.includes('"dynamicItems":false'))
    return code;
  const name = source.validateName.str;
  const prologue = [
    `const evaluated0 = ${name}.evaluated;`,
    'if(evaluated0.dynamicProps){',
    'evaluated0.props = undefined;',
    '}',
    'if(evaluated0.dynamicItems){',
    'evaluated0.items = undefined;',
    '}',
    '',
  ].join('\n');
  const without = code.replace(prologue, '');
  return without !== code && !/\bevaluated0\b/.test(without) ? without : code;
}

/** A string literal, or one of Ajv's data arguments these validators never read. */
const DATA_ARGUMENTS =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|, parentData, parentDataProperty, rootData=data(?=[,}])|,parentData:[A-Za-z_$][\w$]*,parentDataProperty:(?:"(?:[^"\\\n]|\\.)*"|[A-Za-z_$][\w$]*),rootData(?=[,}])|,parentData,parentDataProperty,rootData(?=[,}])|,rootData(?=[,}])/g;
/** The same, and the dynamic scopes (2020-12), for a root without `$dynamicRef`/`$recursiveRef`. */
const STATIC_ARGUMENTS = new RegExp(
  `${DATA_ARGUMENTS.source}|, dynamicAnchors=\\{\\}(?=\\})|,dynamicAnchors(?=\\})`,
  'g',
);
const ARGUMENT_NAME =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(parentData|parentDataProperty|rootData|dynamicAnchors)(?![\w$])/g;

/**
 * Ajv passes every call the parent object, the property name and the root value, for coercion,
 * defaults and `$data`, none of which these validators use, and under 2020-12 the dynamic
 * scopes, which only `$dynamicRef` reads: each function's signature and call sites lose them (a
 * smaller options object per call, and shorter code). Should any code still read one of
 * them, the module keeps Ajv's arguments as they were.
 */
function withoutUnusedArguments(code: string, dynamicScopes: boolean): string {
  const out = code.replace(dynamicScopes ? DATA_ARGUMENTS : STATIC_ARGUMENTS, (match) =>
    match.startsWith('"') || match.startsWith("'") ? match : '',
  );
  for (const m of out.matchAll(ARGUMENT_NAME))
    if (m[1] !== undefined && (m[1] !== 'dynamicAnchors' || !dynamicScopes)) return code;
  return out;
}

/**
 * Ajv reads enum lists and type lists out of a constant holding the whole schema
 * (`schema20.properties.state.enum`). Each read becomes what it reads (a literal for a scalar, a
 * module constant `read_<n>` for a list), and a whole-schema constant no longer read is dropped:
 * a large object schema is then not carried once more as data.
 */
export function inlineSchemaReads(code: string, values: Map<string, unknown>): string {
  const constants = new Map<string, string>(); // JSON → name
  const read =
    /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[(?:"(?:[^"\\\n]|\\.)*"|\d+)\])+)/g;
  const segment = /\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\\n]|\\.)*"|\d+)\]/g;
  const inlined = code.replace(
    read,
    (match, name: string | undefined, path: string | undefined) => {
      if (!name || !path || !values.has(name)) return match;
      let value: unknown = values.get(name);
      for (const [, prop, index] of path.matchAll(segment)) {
        const key = prop ?? (JSON.parse(index) as string | number);
        if (
          !value ||
          typeof value !== 'object' ||
          !Object.prototype.hasOwnProperty.call(value, key)
        )
          return match;
        value = (value as Record<string | number, unknown>)[key];
      }
      if (value === undefined) return match;
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      // Lists stay constants of the module: a literal in a loop's head would be built per call.
      const json = JSON.stringify(value);
      let constant = constants.get(json);
      if (!constant) constants.set(json, (constant = `read_${constants.size}`));
      return constant;
    },
  );
  const lines = [
    ...[...constants].map(([json, name]) => `const ${name} = ${json};`),
    ...inlined.split('\n'),
  ];
  // A declaration stays when another line uses its name. The lines each name appears on are
  // listed in one pass: testing every line for every declaration was quadratic in the module's
  // length (seconds on modules of Microsoft Graph's thousands of schemas).
  const linesOf = new Map<string, number[]>();
  lines.forEach((line, i) => {
    for (const [name] of line.matchAll(SCHEMA_NAME)) {
      const list = linesOf.get(name) ?? linesOf.set(name, []).get(name)!;
      if (list.at(-1) !== i) list.push(i);
    }
  });
  return lines
    .filter((line) => {
      const declared = /^const (schema\d+) = /.exec(line)?.[1];
      if (!declared) return true;
      return (linesOf.get(declared) ?? []).some((i) => lines[i] !== line);
    })
    .join('\n');
}

/** A use of one of Ajv's schema constants (`schema12`), not part of a longer name or a property. */
const SCHEMA_NAME = /(?<![.\w$])schema\d+(?![\w$])/g;

/**
 * Ajv's instance-wide names, outside string literals and property accesses, become stable:
 * functions their schema-derived name, other values `<prefix>_<n>` by order of appearance.
 */
function renameGlobals(
  code: string,
  functionNameOf: (ajvName: string) => string,
  /** stable function name → its short name in this module (filled here) */
  localOf: Map<string, string>,
): string {
  const local = new Map<string, string>();
  const counters = new Map<string, number>();
  return code.replace(
    /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?<![.\w$])([A-Za-z_$][\w$]*)/g,
    (match, word: string | undefined) => {
      if (word === undefined || !GLOBAL_NAME.test(word)) return match;
      const prefix = /^[a-z]+/.exec(word)![0];
      if (prefix === 'validate') {
        const name = functionNameOf(word) ?? word;
        let short = localOf.get(name);
        if (!short) localOf.set(name, (short = `f_${localOf.size}`));
        return short;
      }
      let name = local.get(word);
      if (!name) {
        const n = counters.get(prefix) ?? 0;
        counters.set(prefix, n + 1);
        name = `${prefix}_${n}`;
        local.set(word, name);
      }
      return name;
    },
  );
}
