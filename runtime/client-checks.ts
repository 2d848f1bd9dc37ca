/**
 * What the client checks before sending, from the operation table alone: does the server's
 * feature level lack the operation, a parameter or an enum value (added after it, or removed at
 * or below it); is any of them deprecated. A server without a parameter ignores it (at best
 * reporting it in `ignored_parameters_unsupported`) and refuses an enum value it lacks, so the
 * caller hears about it before the request goes out.
 */
import { absenceAt, own, valueSpan, valueTexts, type LevelSpan } from './feature-levels.js';
import type { FieldInfo, OperationInfo } from './operation-info.js';

export type FeatureLevelPolicy = 'warn' | 'throw' | 'ignore';

export interface ClientNotice {
  kind: 'feature-level' | 'deprecated';
  operationId: string;
  /** the parameter concerned, when it is one (or one of its values) */
  parameter?: string;
  /** the enum value concerned, when it is one */
  value?: string;
  /** feature level the item appeared at (`feature-level` notices of an item too new) */
  since?: number;
  /** feature level the item was removed at (`feature-level` notices of a removed item) */
  until?: number;
  /** the server's feature level the check ran against (`feature-level` notices) */
  serverLevel?: number;
  /** what the contract says to use instead (`deprecated` notices), when it says */
  replacedBy?: string;
  message: string;
}

/**
 * Thrown before sending when `featureLevelPolicy` is `throw` and the call uses something the
 * server's level does not have (too new, or removed).
 */
export class FeatureLevelError extends Error {
  override name = 'FeatureLevelError';
  constructor(readonly notices: ClientNotice[]) {
    super(notices.map((n) => n.message).join('; '));
  }
}

/**
 * Items of this call a server at `serverLevel` does not have: added after it, or removed at or
 * below it, by the level table's one rule (feature-levels.ts `existsAt`, through `absenceAt`,
 * which tells the two apart for the words). An undated removal counts from the contract's
 * newest level (generator/model/levels.ts `spanOf`): a server of today no longer has the item.
 */
export function notAtLevelItems(
  op: OperationInfo,
  given: Map<FieldInfo, unknown>,
  serverLevel: number,
): ClientNotice[] {
  const notices: ClientNotice[] = [];
  const notice = (span: LevelSpan, what: string, item: Partial<ClientNotice>) => {
    const absence = absenceAt(span, serverLevel);
    if (!absence) return;
    const words =
      'until' in absence
        ? `was removed (absent from feature level ${absence.until} on)`
        : `is new in feature level ${absence.since}`;
    notices.push({
      kind: 'feature-level',
      operationId: op.operationId,
      ...item,
      ...absence,
      serverLevel,
      message: `${op.operationId}: ${what} ${words}; the server is at feature level ${serverLevel}`,
    });
  };
  notice(op, 'the operation', {});
  for (const [field, value] of given) {
    notice(field, `parameter '${field.name}'`, { parameter: field.name });
    for (const text of valueTexts(value)) {
      notice(valueSpan(field, text), `value '${text}' of '${field.name}'`, {
        parameter: field.name,
        value: text,
      });
    }
  }
  return notices;
}

/** Deprecated items this call uses, with their replacement when the contract names one. */
export function deprecatedItems(op: OperationInfo, given: Map<FieldInfo, unknown>): ClientNotice[] {
  const notices: ClientNotice[] = [];
  const instead = (r: string | undefined) => (r ? `; use ${r} instead` : '');
  if (op.deprecated) {
    notices.push({
      kind: 'deprecated',
      operationId: op.operationId,
      replacedBy: op.replacedBy,
      message: `${op.operationId}: the operation is deprecated${instead(op.replacedBy)}`,
    });
  }
  for (const [field, value] of given) {
    if (field.deprecated) {
      notices.push({
        kind: 'deprecated',
        operationId: op.operationId,
        parameter: field.name,
        replacedBy: field.replacedBy,
        message: `${op.operationId}: parameter '${field.name}' is deprecated${instead(field.replacedBy)}`,
      });
    }
    for (const text of valueTexts(value)) {
      const replacement = own(field.deprecatedValues, text);
      if (replacement !== undefined) {
        notices.push({
          kind: 'deprecated',
          operationId: op.operationId,
          parameter: field.name,
          value: text,
          replacedBy: replacement || undefined,
          message: `${op.operationId}: value '${text}' of '${field.name}' is deprecated${instead(replacement)}`,
        });
      }
    }
  }
  return notices;
}
