/**
 * generated/validators.js (+ .d.ts) and generated/validators/: every request, response and named
 * schema of the contract, compiled by Ajv at generate time (standalone code), so that nothing
 * compiles a schema at run time.
 *
 * All schemas sit under one root's `$defs` and are compiled by one Ajv instance with every
 * `$ref` kept as a call, then split by use (schema/split-modules.ts):
 * - `validators/ops/<operation>.js`: one entry point per operation, exporting synchronous
 *   `validateRequest(input, options)` / `validateResponse(status, body, options)` and its table;
 *   it statically imports only the closure of schemas it needs;
 * - `validators/schemas/<schema>.js`: one module per shared schema (or per group of schemas
 *   that reference each other), compiled once, imported by every user;
 * - `validators.js`: the full index (`validateRequest(operationId, ...)`, `isX` guards), which
 *   imports every operation module. It stays synchronous, so it cannot load lazily: code that
 *   needs a fast first verdict for one operation imports that operation's module instead.
 * - `validators/runtime.js`: runtime/validators.ts compiled to JavaScript (errors, levels).
 * The dialect follows the document: JSON Schema 2020-12 for OpenAPI 3.1, draft-07 with
 * `nullable` for 3.0. Feature levels are a parameter of the compiled code (level-keywords.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _, type Ajv } from 'ajv';
import { windowOf } from '../model/level-facts.js';
import type { ApiModel, LevelWindow, Operation } from '../model/types.js';
import { banner, literal, propertyKey } from '../source.js';
import { createAjv, findUnknownFormats, usesLegacyPatterns } from '../schema/ajv.js';
import { formatsSource } from '../schema/formats-source.js';
import { buildJsonSchemaRoot, type JsonSchemaRoot } from '../schema/json-schema.js';
import { removal } from '../schema/level-keywords.js';
import { helpersModule, splitModules, type EntryPoint } from '../schema/split-modules.js';
import { shareSubschemas } from '../schema/share-subschemas.js';
import { stripAnnotations } from '../schema/strip-annotations.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { collectValidatorTargets, type ValidatorTargets } from './validator-targets.js';
import {
  namedExports,
  operationTypes,
  validatorsModule,
  validatorsTypes,
} from './validators-api.js';

const RUNTIME_SOURCE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'runtime',
  'validators.ts',
);

export const validatorsEmitter: Emitter = {
  name: 'validators',
  root: 'code',
  // validators.d.ts types its guards with generated/types.ts
  needs: ['types'],
  emit(ctx: EmitContext): GeneratedFile[] {
    const line = banner(ctx.model.sourceFile, ctx.command);
    const compiled = compileValidators(ctx.model);
    const exportsByName = namedExports(
      compiled.named.map(([name]) => name),
      ctx.warn,
    );
    const files: GeneratedFile[] = [
      { path: 'validators/runtime.js', contents: line + runtimeJavaScript() },
      { path: 'validators/runtime.d.ts', contents: line + runtimeTypes() },
      { path: 'validators/helpers.js', contents: line + compiled.helpers },
      ...[...compiled.modules].map(([path, contents]) => ({
        path: `validators/${path}`,
        contents: line + contents,
      })),
      ...compiled.operations.map((op) => ({
        path: `validators/${op.path}.d.ts`,
        contents: line + operationTypes(op.id),
      })),
      {
        path: 'validators.js',
        contents: validatorsModule(compiled.operations, compiled.named, exportsByName, line),
      },
      {
        path: 'validators.d.ts',
        contents: validatorsTypes(
          compiled.operations.map((o) => o.id),
          compiled.named.map(([name]) => name),
          exportsByName,
          line,
        ),
      },
    ];
    return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  },
};

/** The contract's JSON Schema root, exactly as the generated validators see it (tests compile it too). */
export function validatorSchemaRoot(model: ApiModel): {
  root: JsonSchemaRoot;
  targets: ValidatorTargets;
} {
  const targets = collectValidatorTargets(model);
  const sites = Object.entries(targets.pointerOf)
    .filter(([key]) => !(key in targets.extra))
    .map(([key, pointer]) => ({ key, pointer }));
  const root = buildJsonSchemaRoot(
    model.document,
    sites,
    model.dialect,
    targets.extra,
    model.levelFacts,
  );
  return { root, targets };
}

export interface OperationModule {
  id: string;
  /** module path under validators/, without `.js` */
  path: string;
}

export interface CompiledValidators {
  /** module path under validators/ (with `.js`) → source */
  modules: Map<string, string>;
  helpers: string;
  operations: OperationModule[];
  /** component name → [module path, export name] */
  named: [string, [string, string]][];
  stats: { functions: number; sharedModules: number; entryModules: number };
}

/** Ajv standalone code of every target, split into modules by use. */
export function compileValidators(model: ApiModel): CompiledValidators {
  const { root, targets } = validatorSchemaRoot(model);
  const slim = {
    ...root.root,
    $defs: shareSubschemas(
      Object.fromEntries(Object.entries(root.root.$defs).map(([k, v]) => [k, stripAnnotations(v)])),
    ),
  };
  const unknownFormats = findUnknownFormats(slim, createAjv({ dialect: model.dialect }));
  const legacyPatterns = usesLegacyPatterns(slim);
  const ajv = createAjv({
    dialect: model.dialect,
    unknownFormats,
    legacyPatterns,
    // worded at run time from keyword and params (runtime/validators.ts): a message per error
    // in the code would be a large share of the output
    messages: false,
    // one statement a line: a contract change gives a diff a reviewer can read
    code: { source: true, esm: true, lines: true, formats: _`formats` },
  });
  const pointerOf = (key: string) => targets.pointerOf[key] ?? key;
  try {
    ajv.addSchema(slim);
  } catch (error) {
    throw contractError(error, '#/components/schemas');
  }
  const used = new Set([
    ...Object.values(targets.named),
    ...Object.values(targets.requests).map((r) => r.key),
    ...Object.values(targets.responses).flatMap((s) =>
      Object.values(s).filter((k): k is string => k !== null),
    ),
  ]);
  for (const key of [...used].sort()) compileOne(ajv, root.refOf(key), pointerOf(key));

  const schemaOfKey = new Map<unknown, string>(
    Object.entries(slim.$defs).map(([key, schema]) => [schema, key]),
  );
  const paths = operationPaths(model.operations.map((o) => o.id));
  const entries: EntryPoint[] = model.operations.map((op) => {
    const statuses = Object.entries(targets.responses[op.id]);
    const exports: Record<string, string> = { request: targets.requests[op.id].key };
    statuses.forEach(([, key], i) => {
      if (key !== null) exports[`response${i}`] = key;
    });
    return {
      path: paths.get(op.id)!,
      exports,
      head: `import { validateOperationRequest, validateOperationResponse } from "../runtime.js";`,
      tail: operationTail(op, targets, statuses),
    };
  });
  const named = model.schemas.map((s) => targets.named[s.name]);
  const split = splitModules(ajv, root.refOf, schemaOfKey, entries, named);
  return {
    modules: split.modules,
    helpers: helpersModule(formatsSource(ajv)),
    operations: model.operations.map((op) => ({ id: op.id, path: paths.get(op.id)! })),
    named: model.schemas.map((s) => [s.name, split.sharedOf.get(targets.named[s.name])!]),
    stats: split.stats,
  };
}

/** `ops/<operationId>` with characters a file name cannot hold replaced; unique even case-insensitively. */
function operationPaths(ids: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of ids) {
    const base = id.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[-.]+/, '') || 'operation';
    let path = `ops/${base}`;
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `ops/${base}-${n}`;
    taken.add(path.toLowerCase());
    out.set(id, path);
  }
  return out;
}

/** The operation's table (level windows of the operation and its parameters) and bound functions. */
function operationTail(
  op: Operation,
  targets: ValidatorTargets,
  statuses: [string, string | null][],
): string {
  const windowCode = (w: LevelWindow | undefined) => {
    if (!w) return '{}';
    const parts = [
      ...(w.addedIn !== undefined ? [`addedIn: ${w.addedIn}`] : []),
      ...(w.removedIn !== undefined ? [`removedIn: ${literal(removal(w))}`] : []),
    ];
    return `{ ${parts.join(', ')} }`;
  };
  const groups: [string, string][] = [
    ['query', 'query'],
    ['body', 'body'],
  ];
  const parameterLines = groups.flatMap(([group, location]) => {
    const params = op.parameters.filter((p) => p.in === location);
    if (params.length === 0) return [];
    return [
      `    ${group}: {`,
      ...params.map(
        (p) =>
          `      ${propertyKey(p.name)}: ${windowCode(windowOf(p.lifecycle, p.extensions['x-removed'] === true))},`,
      ),
      `    },`,
    ];
  });
  const opWindow = windowOf(op.lifecycle, false);
  return [
    '',
    `export const operation = {`,
    `  id: ${literal(op.id)},`,
    ...(opWindow ? [`  window: ${windowCode(opWindow)},`] : []),
    `  request,`,
    `  formBody: ${targets.requests[op.id].formBody},`,
    `  parameters: {`,
    ...parameterLines,
    `  },`,
    `  responses: {`,
    ...statuses.map(
      ([status, key], i) =>
        `    ${propertyKey(status)}: ${key === null ? 'null' : `response${i}`},`,
    ),
    `  },`,
    `};`,
    '',
    `export function validateRequest(input, options) {`,
    `  return validateOperationRequest(operation, input, options);`,
    `}`,
    '',
    `export function validateResponse(status, body, options) {`,
    `  return validateOperationResponse(operation, status, body, options);`,
    `}`,
    '',
  ].join('\n');
}

/** runtime/validators.ts as JavaScript (type annotations removed; no imports to rewrite). */
function runtimeJavaScript(): string {
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const source = readFileSync(RUNTIME_SOURCE, 'utf8');
  const out = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ES2022,
      removeComments: false,
    },
    fileName: 'validators.ts',
  });
  return out.outputText;
}

/** Declarations of the runtime module, for the operation modules' `.d.ts`. */
function runtimeTypes(): string {
  const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  const source = readFileSync(RUNTIME_SOURCE, 'utf8');
  const file = ts.createSourceFile('validators.ts', source, ts.ScriptTarget.ES2022, true);
  // Type-only declarations kept as written; functions become `declare function` signatures.
  const printer = ts.createPrinter({ removeComments: false });
  const parts: string[] = [];
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      if (statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
        parts.push(printer.printNode(ts.EmitHint.Unspecified, statement, file));
    } else if (
      ts.isFunctionDeclaration(statement) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      const declared = ts.factory.updateFunctionDeclaration(
        statement,
        [
          ts.factory.createModifier(ts.SyntaxKind.ExportKeyword),
          ts.factory.createModifier(ts.SyntaxKind.DeclareKeyword),
        ],
        statement.asteriskToken,
        statement.name,
        statement.typeParameters,
        statement.parameters.map((p) =>
          ts.factory.updateParameterDeclaration(
            p,
            p.modifiers,
            p.dotDotDotToken,
            p.name,
            p.initializer ? ts.factory.createToken(ts.SyntaxKind.QuestionToken) : p.questionToken,
            p.type,
            undefined,
          ),
        ),
        statement.type,
        undefined,
      );
      parts.push(printer.printNode(ts.EmitHint.Unspecified, declared, file));
    }
  }
  return parts.join('\n') + '\n';
}

/** Compiles one schema now, so that a failure names the contract place it comes from. */
function compileOne(ajv: Ajv, ref: string, pointer: string): void {
  try {
    if (!ajv.getSchema(ref)) throw new Error(`no schema at ${ref}`);
  } catch (error) {
    throw contractError(error, pointer);
  }
}

function contractError(error: unknown, pointer: string): Error & { pointer: string } {
  const e = new Error(`cannot compile the schema: ${(error as Error).message}`) as Error & {
    pointer: string;
  };
  e.pointer = pointer;
  return e;
}
