/**
 * generated/operations.ts: the operation table the runtime reads (wire encoding of every
 * parameter, auth, feature levels, error codes), so that nothing parses the contract at run
 * time. Spec-agnostic: built from the model only.
 */
import { buildLevelTable } from '../model/levels.js';
import type { Operation, Parameter } from '../model/types.js';
import { banner, commentText, literal, propertyKey } from '../source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import type { FieldInfo, OperationInfo } from '../../runtime/operation-info.js';

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
      ...ops.map((op) => `  ${propertyKey(op.id)}: ${indentLiteral(operationInfo(op))},`),
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

export function operationInfo(op: Operation): OperationInfo {
  const info: OperationInfo = {
    operationId: op.id,
    method: op.method.toUpperCase() as OperationInfo['method'],
    path: op.path,
    fields: op.parameters.filter((p) => p.in !== 'cookie').map(fieldInfo),
    auth: op.auth,
    errorCodes: op.errorCodes,
    statuses: op.responses.map((r) => r.status),
  };
  if (op.requestBody) {
    info.body = {
      kind: op.requestBody.kind,
      mediaTypes: op.requestBody.mediaTypes.map((m) => m.type),
      required: op.requestBody.required,
    };
  }
  if (op.lifecycle.addedIn !== undefined) info.since = op.lifecycle.addedIn;
  if (op.lifecycle.deprecated) info.deprecated = true;
  if (op.lifecycle.replacedBy) info.replacedBy = op.lifecycle.replacedBy;
  return info;
}

function fieldInfo(p: Parameter): FieldInfo {
  const field: FieldInfo = {
    name: p.name,
    in: p.in as FieldInfo['in'],
    required: p.required,
    encoding: p.encoding,
    types: p.types,
  };
  if (p.itemTypes) field.itemTypes = p.itemTypes;
  if (p.lifecycle.addedIn !== undefined) field.since = p.lifecycle.addedIn;
  if (p.lifecycle.deprecated) field.deprecated = true;
  if (p.lifecycle.replacedBy) field.replacedBy = p.lifecycle.replacedBy;
  for (const v of p.enum ?? []) {
    const key = String(v.value);
    if (v.lifecycle.addedIn !== undefined && v.lifecycle.addedIn !== p.lifecycle.addedIn) {
      (field.valuesSince ??= {})[key] = v.lifecycle.addedIn;
    }
    if (v.lifecycle.deprecated) (field.deprecatedValues ??= {})[key] = v.lifecycle.replacedBy ?? '';
  }
  return field;
}

/** A literal spread over lines, for reviewable diffs of the table; quoting stays JSON's. */
function indentLiteral(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .split('\n')
    .join('\n  ');
}
