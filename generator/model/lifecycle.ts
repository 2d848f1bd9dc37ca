/**
 * Reading the feature-level extensions (openapi/README.md) into the model's Lifecycle.
 * Malformed entries are problems, not silently dropped: the changelog must be complete.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer } from '../common/pointer.js';
import type { ChangeKind, FeatureChange, Lifecycle } from './types.js';

const KINDS: ChangeKind[] = ['added', 'changed', 'deprecated', 'removed'];

export function readHistory(
  value: unknown,
  at: string,
  problems: ContractProblem[],
): FeatureChange[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({
      pointer: at,
      message: 'x-history must be a list of {level, change, note}',
      source: 'model',
    });
    return [];
  }
  const out: FeatureChange[] = [];
  value.forEach((entry, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const level = e.level;
    const ok =
      (level === null || (Number.isInteger(level) && (level as number) >= 0)) &&
      KINDS.includes(e.change as ChangeKind) &&
      typeof e.note === 'string' &&
      e.note.trim() !== '';
    if (!ok) {
      problems.push({
        pointer: childPointer(at, i),
        message: `x-history entry must be {level: integer|null, change: ${KINDS.join('|')}, note: text}`,
        source: 'model',
      });
      return;
    }
    out.push({
      level: level as number | null,
      change: e.change as ChangeKind,
      note: (e.note as string).trim(),
    });
  });
  return out;
}

/** Lifecycle of any contract object carrying `x-history`, `deprecated`, `x-replaced-by`, `x-removed`. */
export function readLifecycle(
  contractNode: object | undefined,
  at: string,
  problems: ContractProblem[],
): Lifecycle {
  const node = contractNode as Record<string, unknown> | undefined;
  const history = readHistory(node?.['x-history'], childPointer(at, 'x-history'), problems);
  return lifecycleOf(history, node);
}

export function lifecycleOf(history: FeatureChange[], node?: Record<string, unknown>): Lifecycle {
  const added = history.find((h) => h.change === 'added' && h.level !== null);
  const removed = history.find((h) => h.change === 'removed' && h.level !== null);
  const deprecated =
    node?.deprecated === true ||
    node?.['x-removed'] === true ||
    history.some((h) => h.change === 'deprecated' || h.change === 'removed');
  const lifecycle: Lifecycle = { history, deprecated };
  if (typeof node?.['x-replaced-by'] === 'string')
    lifecycle.replacedBy = node['x-replaced-by'] as string;
  if (added) lifecycle.addedIn = added.level as number;
  if (removed) lifecycle.removedIn = removed.level as number;
  return lifecycle;
}

/** A lifecycle with a lower level of added-ness from an enclosing item wins nothing: keep the item's own. */
export const EMPTY_LIFECYCLE: Lifecycle = Object.freeze({
  history: [],
  deprecated: false,
}) as Lifecycle;
