/**
 * generated/operations.ts: the operation table the runtime reads (wire encoding of every
 * parameter, auth, feature levels, error codes), so that nothing parses the contract at run
 * time. Spec-agnostic: each entry is the model's (model/runtime-entry.ts), printed.
 */
import { buildLevelTable } from '../model/levels.js';
import { banner, commentText, literal, propertyKey } from '../source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';

export const operationsEmitter: Emitter = {
  name: 'operations',
  root: 'code',
  emit(ctx: EmitContext): GeneratedFile[] {
    const ops = ctx.model.operations;
    const lines: string[] = [
      banner(ctx.model.sourceFile, ctx.command).trimEnd(),
      `import type { OperationInfo } from ${literal(`${ctx.runtimeImport}/operation-info.js`)};`,
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

/** A literal spread over lines, for reviewable diffs of the table; quoting stays JSON's. */
function indentLiteral(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .split('\n')
    .join('\n  ');
}
