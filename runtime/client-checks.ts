/**
 * What the client checks before sending, from the operation table alone: is the operation, a
 * parameter or an enum value newer than the server's feature level; is any of them deprecated.
 * A server older than a parameter ignores it (at best reporting it in
 * `ignored_parameters_unsupported`), so the caller hears about it before the request goes out.
 */
import type { FieldInfo, OperationInfo } from './operation-info.js';

export type FeatureLevelPolicy = 'warn' | 'throw' | 'ignore';

export interface ClientNotice {
  kind: 'feature-level' | 'deprecated';
  operationId: string;
  /** the parameter concerned, when it is one (or one of its values) */
  parameter?: string;
  /** the enum value concerned, when it is one */
  value?: string;
  /** feature level the item appeared at (`feature-level` notices) */
  since?: number;
  /** the server's feature level the check ran against (`feature-level` notices) */
  serverLevel?: number;
  /** what the contract says to use instead (`deprecated` notices), when it says */
  replacedBy?: string;
  message: string;
}

/** Thrown before sending when `featureLevelPolicy` is `throw` and the call uses something too new. */
export class FeatureLevelError extends Error {
  override name = 'FeatureLevelError';
  constructor(readonly notices: ClientNotice[]) {
    super(notices.map((n) => n.message).join('; '));
  }
}

/** A field's value as the texts its enum history is keyed by (each element of an array). */
function valueTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(valueTexts);
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
    return [String(value)];
  return [];
}

/** Items of this call introduced after `serverLevel`. */
export function tooNewItems(
  op: OperationInfo,
  given: Map<FieldInfo, unknown>,
  serverLevel: number,
): ClientNotice[] {
  const notices: ClientNotice[] = [];
  const at = `the server is at feature level ${serverLevel}`;
  if (op.since !== undefined && op.since > serverLevel) {
    notices.push({
      kind: 'feature-level',
      operationId: op.operationId,
      since: op.since,
      serverLevel,
      message: `${op.operationId}: the operation is new in feature level ${op.since}; ${at}`,
    });
  }
  for (const [field, value] of given) {
    if (field.since !== undefined && field.since > serverLevel) {
      notices.push({
        kind: 'feature-level',
        operationId: op.operationId,
        parameter: field.name,
        since: field.since,
        serverLevel,
        message: `${op.operationId}: parameter '${field.name}' is new in feature level ${field.since}; ${at}`,
      });
    }
    for (const text of valueTexts(value)) {
      const since = field.valuesSince?.[text];
      if (since !== undefined && since > serverLevel) {
        notices.push({
          kind: 'feature-level',
          operationId: op.operationId,
          parameter: field.name,
          value: text,
          since,
          serverLevel,
          message: `${op.operationId}: value '${text}' of '${field.name}' is new in feature level ${since}; ${at}`,
        });
      }
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
      const replacement = field.deprecatedValues?.[text];
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
