/**
 * Where an operation's success answers report the server's feature level, when the document
 * says they do: our contract marks the register answer's `service_feature_level` with
 * `x-reports-feature-level: true`, so a client or test run that called it knows which level
 * of the contract the server speaks (runtime/feature-levels.ts applies the level). A document
 * without feature-level data (no `x-history`, `newest` 0) has no such field, whatever its
 * answers are called: nothing of another document is read as a level by its name.
 *
 * Decided per operation, from the schemas of its JSON success (2xx) answers: the first
 * integer property (after `allOf`) carrying the mark.
 */
import { deref, successBodyProperties } from './schema-facts.js';
import type { Operation } from './types.js';

/** The extension that marks a success-body field as the server's feature level. */
export const LEVEL_REPORT_EXTENSION = 'x-reports-feature-level';

/** The success-body field this operation reports the server's feature level in, if any. */
export function levelReportField(
  document: unknown,
  op: Pick<Operation, 'responses'>,
  /** the contract's newest feature level (model/levels.ts), 0 when it records none */
  newest: number,
): string | undefined {
  if (newest === 0) return undefined;
  for (const properties of successBodyProperties(document, op)) {
    if (!properties) continue;
    for (const [name, property] of Object.entries(properties)) {
      const s = deref(document, property);
      if (s?.[LEVEL_REPORT_EXTENSION] === true && [s.type].flat().includes('integer')) return name;
    }
  }
  return undefined;
}
