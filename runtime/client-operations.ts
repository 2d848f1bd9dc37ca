/**
 * The operation table as one client reads it: its entries with their defaults filled in (looked
 * up once per operation and client), and whether an operation exists at a feature level.
 */
import { existsAt } from './feature-levels.js';
import type { ClientTable, OperationInfo } from './operation-info.js';

/** The table's entries with their defaults filled in, once per operation and client. */
export function operationLookup(table: ClientTable): (id: string) => OperationInfo | undefined {
  const operations = new Map<string, OperationInfo>();
  return (id) => {
    let op = operations.get(id);
    if (op === undefined && Object.hasOwn(table.operations, id)) {
      const entry = table.operations[id];
      op = {
        ...entry,
        operationId: id,
        fields: entry.fields.map((f) => ({ required: false, encoding: 'plain', types: [], ...f })),
        auth: entry.auth ?? 'required',
        security: entry.security ?? table.security,
      } as OperationInfo;
      operations.set(id, op);
    }
    return op;
  };
}

/** `supports` from the operation table's `since` and `until`. */
export function supports(
  op: OperationInfo | undefined,
  level: number | undefined,
  parameter?: string,
): boolean {
  if (!op) return false;
  const field = parameter === undefined ? undefined : op.fields.find((f) => f.name === parameter);
  if (parameter !== undefined && !field) return false;
  // Without a known level, any level to come: what the contract has not removed.
  const at = level ?? Infinity;
  return existsAt(op, at) && existsAt(field, at);
}
