/**
 * generated/operations.ts: the operation table the runtime reads (wire encoding of every
 * parameter, auth, feature levels, error codes), so that nothing parses the contract at run
 * time. Spec-agnostic: each entry is the model's (model/runtime-entry.ts), printed.
 */
import { buildLevelTable } from '../model/levels.js';
import { clientEntry } from '../model/runtime-entry.js';
import { schemesInUse } from '../model/security.js';
import { LISTENER_ERROR_CODES, refusalBody } from '../../runtime/pipeline-answers.js';
import { banner, commentText, literal, propertyKey } from '../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';

export const operationsEmitter: Emitter = {
  name: 'operations',
  root: 'code',
  reads: 'withoutOperationDescriptions',
  schedule: { rank: 6, loadsTypeScript: true },
  emit(ctx: EmitContext): GeneratedFile[] {
    const ops = ctx.model.operations;
    const refusal = ctx.model.errorConventions.refusal;
    const schemes = schemesInUse(ctx.model.securitySchemes, [
      ctx.model.defaultAuthAlternatives,
      ...ops.map((op) => op.authAlternatives),
    ]);
    const lines: string[] = [
      banner(ctx.model.sourceFile, ctx.command).trimEnd(),
      `import type { AuthScheme, ClientOperation, ClientTable, OperationInfo, RefusalShape } from ${literal(`${ctx.runtimeImport}/operation-info.js`)};`,
      `import type { LevelTable } from ${literal(`${ctx.runtimeImport}/feature-levels.js`)};`,
      '',
      `/** Every operationId of the contract. */`,
      `export type OperationId =${ops.length === 0 ? ' never' : ''}`,
      ...ops.map((op, i) => `  | ${literal(op.id)}${i === ops.length - 1 ? ';' : ''}`),
      '',
      `/** Base path of the first server (\`${commentText(ctx.model.servers[0]?.url ?? '')}\`). */`,
      `export const basePath = ${literal(ctx.model.servers[0]?.basePath ?? '')};`,
      '',
      `export const operations: { readonly [K in OperationId]: OperationInfo } = {`,
      ...ops.map((op) => `  ${propertyKey(op.id)}: ${indentLiteral(op.runtime)},`),
      '};',
      '',
      `/** How each security scheme operations name travels (generator/model/security.ts). */`,
      `export const authSchemes: { readonly [name: string]: AuthScheme } = ${indentLiteral(schemes).replace(/\n {2}/g, '\n')};`,
      '',
      `/**`,
      ` * How the servers' own refusals (400, 401, 404, 405, 408, 413, 500, 501) are written: the`,
      ` * contract's error shape (generator/model/errors.ts), read by runtime/pipeline-answers.ts.`,
      ` * A 404 of this contract's servers: \`${commentText(JSON.stringify(refusalBody(refusal, 404, LISTENER_ERROR_CODES.notFound, 'No such endpoint: /x')))}\`${refusal.code ? ` (codes: LISTENER_ERROR_CODES${refusal.code.value === 'status' ? ', as the HTTP status' : ''})` : ''}.`,
      ` */`,
      `export const refusals: RefusalShape = ${objectLiteral(refusal)};`,
      '',
      `/**`,
      ` * What the client needs (runtime/client.ts): each operation without what only servers read`,
      ` * (error codes, statuses), defaults left out, one line each: a browser bundle carries it all.`,
      ` */`,
      // Typed by the operationIds (not an index signature), so that an operation named like an
      // Object.prototype member (`toString`) is still typed as an operation.
      `const clientOperations: { readonly [K in OperationId]: ClientOperation } = {`,
      ...ops.map(
        (op) =>
          `  ${propertyKey(op.id)}: ${safeJson(clientEntry(op.runtime, ctx.model.defaultAuthAlternatives))},`,
      ),
      '};',
      '',
      `export const clientTable: ClientTable = {`,
      `  basePath,`,
      `  authSchemes,`,
      `  security: ${safeJson(ctx.model.defaultAuthAlternatives)},`,
      ...(ctx.model.errorShape ? [`  errors: ${safeJson(ctx.model.errorShape)},`] : []),
      `  operations: clientOperations,`,
      '};',
      '',
      `/**`,
      ` * What exists at each feature level (generator/model/levels.ts): per operation, the levels of`,
      ` * the operation, its parameters, their enum values and its response fields. Applied by`,
      ` * runtime/feature-levels.ts (\`levelView(levels, N)\`).`,
      ` */`,
      `export const levels: LevelTable = ${indentLiteral(buildLevelTable(ctx.model)).replace(/\n {2}/g, '\n')};`,
      '',
    ];
    return [{ path: 'operations.ts', contents: lines.join('\n') }];
  },
};

/**
 * A value as a one-line object literal whose keys go through `propertyKey`: a contract's field
 * named `__proto__` (a `fixed` value of a refusal) stays a field instead of setting a prototype.
 */
function objectLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(objectLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([k, v]) => `${propertyKey(k)}: ${objectLiteral(v)}`);
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
  }
  return literal(value);
}

/** JSON on one line, safe inside JavaScript source. */
function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A literal spread over lines, for reviewable diffs of the table; quoting stays JSON's. */
function indentLiteral(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .split('\n')
    .join('\n  ');
}
