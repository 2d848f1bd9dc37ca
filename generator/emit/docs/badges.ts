/**
 * Short facts shown beside a name: feature-level badges, limits, defaults. Plain strings; the
 * templates escape them.
 */
import type { FeatureChange, Lifecycle, Limits } from '../../model/types.js';

export interface Badge {
  /** `added` | `changed` | `deprecated` | `removed`: picks the colour */
  kind: string;
  label: string;
  /** the note of the history entry, shown as a tooltip and for screen readers */
  note: string;
  /** the feature level of the entry, when it has one (the level switcher reads it) */
  level?: number;
}

const VERB: Record<string, string> = {
  added: 'Added',
  changed: 'Changed',
  deprecated: 'Deprecated',
  removed: 'Removed',
};

export function historyBadge(h: FeatureChange): Badge {
  const at = h.level === null ? '' : ` in level ${h.level}`;
  const badge: Badge = {
    kind: h.change,
    label: `${VERB[h.change] ?? h.change}${at}`,
    note: h.note,
  };
  if (h.level !== null) badge.level = h.level;
  return badge;
}

/** One badge per history entry, plus `Deprecated` when the item is deprecated without a dated entry. */
export function lifecycleBadges(life: Lifecycle | undefined): Badge[] {
  if (!life) return [];
  const badges = life.history.map(historyBadge);
  if (
    life.deprecated &&
    !life.history.some((h) => h.change === 'deprecated' || h.change === 'removed')
  ) {
    badges.push({
      kind: 'deprecated',
      label: 'Deprecated',
      note: life.replacedBy ? `Use ${life.replacedBy} instead.` : 'Deprecated.',
    });
  }
  return badges;
}

/** `1–60 characters`, `≥ 1 items`, ... in reading order; empty when there are none. */
export function limitsText(limits: Limits): string[] {
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) out.push(`${min}–${max}${unit}`);
    else if (min !== undefined) out.push(`≥ ${min}${unit}`);
    else if (max !== undefined) out.push(`≤ ${max}${unit}`);
  };
  range(limits.minLength, limits.maxLength, ' characters');
  range(limits.minimum, limits.maximum, '');
  range(limits.minItems, limits.maxItems, ' items');
  return out;
}

/** Any JSON value as compact text for a table cell (`"text"`, `5`, `[1,2]`). */
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}
