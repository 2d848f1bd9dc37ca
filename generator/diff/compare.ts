/**
 * `tms-gen diff`: every change between two contracts, classified, and checked against the
 * contract's own record of it (feature-level extensions, `x-correction`, `x-breaking`).
 */
import { classify, either, type ChangeType, type Impact } from './classify.js';
import { SEP, type Fact, type FactTable, type Mark } from './facts.js';

export interface Change {
  type: ChangeType;
  kind: Fact['kind'];
  key: string;
  /** the operation (`GET /messages`) or named schema (`schema Message`) the change is in */
  scope: string;
  before?: string;
  after?: string;
  /** pointer in the new contract (or in the base, for what is gone from the new one) */
  pointer: string;
  /** request/response for an operation's facts; the sides a named schema is used on */
  sides: string[];
  breaking: Impact;
  record: Record;
  /** why the gate refuses this change; empty when it is fine */
  problems: string[];
}

export interface Record {
  /** how the change is recorded in the new contract */
  by: 'level' | 'correction' | 'none' | 'not-checked';
  level?: number;
  note?: string;
  /** an accepted breaking change: its `x-breaking` reason */
  accepted?: string;
}

export interface DiffResult {
  baseLevel: number | null;
  /** whether level checks apply (the contracts carry feature-level extensions) */
  levelChecks: boolean;
  changes: Change[];
}

export function diffTables(base: FactTable, next: FactTable): DiffResult {
  const raw: { type: ChangeType; before?: Fact; after?: Fact }[] = [];
  for (const [key, after] of next.facts) {
    const before = base.facts.get(key);
    if (!before) raw.push({ type: 'added', after });
    else if (before.value !== after.value) raw.push({ type: 'changed', before, after });
  }
  for (const [key, before] of base.facts)
    if (!next.facts.has(key)) raw.push({ type: 'removed', before });

  // An added or removed item implies everything under it: report the item once.
  const whole = new Set(
    raw.filter((r) => r.type !== 'changed').map((r) => (r.after ?? r.before)!.key),
  );
  const kept = raw.filter((r) => {
    const segs = (r.after ?? r.before)!.segments;
    for (let i = segs.length - 1; i > 0; i--)
      if (whole.has(segs.slice(0, i).join(SEP))) return false;
    return true;
  });

  const levelChecks = base.maxLevel !== null || next.maxLevel !== null;
  const changes = kept.map((r) => toChange(r, base, next, levelChecks));
  changes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.type < b.type ? -1 : 1));
  return { baseLevel: base.maxLevel, levelChecks, changes };
}

function toChange(
  r: { type: ChangeType; before?: Fact; after?: Fact },
  base: FactTable,
  next: FactTable,
  levelChecks: boolean,
): Change {
  const fact = (r.after ?? r.before)!;
  const status = fact.segments.find((s) => s.startsWith('response '))?.slice('response '.length);
  const sides = sidesOf(fact, r.type === 'removed' ? base : next);
  let breaking: Impact = { clients: false, servers: false };
  for (const side of sides)
    breaking = either(
      breaking,
      classify({
        type: r.type,
        kind: fact.kind,
        side: side as Fact['side'],
        before: r.before?.value,
        after: r.after?.value,
        status,
        segment: fact.segments[fact.segments.length - 1],
      }),
    );
  const marks = r.type === 'removed' ? marksInNext(fact, next) : fact.marks;
  // A correction already in the base excused an earlier diff, not this one.
  const fresh = marks.map((m) =>
    m.correction && base.corrections.has(`${m.pointer}\0${m.correction}`)
      ? { ...m, correction: undefined }
      : m,
  );
  const record: Record = levelChecks
    ? recordOf(r.type, fresh, base.maxLevel ?? 0)
    : correctionOnly(fresh);
  const accepted = acceptedBreak(fresh, base.maxLevel ?? 0);
  if (accepted) record.accepted = accepted;
  const problems: string[] = [];
  if (record.by === 'none')
    problems.push(
      `not recorded: add an x-history entry (x-enum-history for an enum value) above level ${base.maxLevel ?? 0}, or x-correction if the API did not change`,
    );
  if ((breaking.clients || breaking.servers) && !accepted && record.by !== 'correction')
    problems.push(
      `breaking for ${whom(breaking)}: mark it with x-breaking: {level, reason} (or x-correction)`,
    );
  return {
    type: r.type,
    kind: fact.kind,
    key: fact.key,
    scope: fact.segments[0],
    ...(r.before ? { before: r.before.value } : {}),
    ...(r.after ? { after: r.after.value } : {}),
    pointer: fact.pointer,
    sides,
    breaking,
    record,
    problems,
  };
}

function sidesOf(fact: Fact, table: FactTable): string[] {
  if (!fact.schema) return [fact.side];
  const used = table.usage.get(fact.schema);
  // A named schema no operation uses breaks nobody: judge it as documentation.
  return used && used.size > 0 ? [...used].sort() : [];
}

/** Marks for a fact gone from the new contract: its ghost there, or its nearest surviving parent. */
function marksInNext(fact: Fact, next: FactTable): Mark[] {
  for (let i = fact.segments.length; i > 0; i--) {
    const key = fact.segments.slice(0, i).join(SEP);
    const ghost = next.ghosts.get(key);
    if (ghost) return i === fact.segments.length ? ghost : ghost.map((m) => ({ ...m, own: false }));
    const alive = next.facts.get(key);
    if (alive && i < fact.segments.length) return alive.marks.map((m) => ({ ...m, own: false }));
  }
  return [];
}

const OWN_KINDS: { [K in ChangeType]: string[] } = {
  added: ['added', 'changed'],
  removed: ['removed', 'changed', 'deprecated'],
  changed: ['added', 'changed', 'deprecated', 'removed'],
};

function recordOf(type: ChangeType, marks: Mark[], baseLevel: number): Record {
  for (const mark of marks) {
    if (mark.correction) return { by: 'correction', note: mark.correction };
    const entry = [...mark.history]
      .reverse()
      .find(
        (h) =>
          h.level !== null &&
          h.level > baseLevel &&
          (!mark.own || OWN_KINDS[type].includes(h.change)),
      );
    if (entry) return { by: 'level', level: entry.level!, note: entry.note };
  }
  return { by: 'none' };
}

function correctionOnly(marks: Mark[]): Record {
  const m = marks.find((x) => x.correction);
  return m ? { by: 'correction', note: m.correction } : { by: 'not-checked' };
}

function acceptedBreak(marks: Mark[], baseLevel: number): string | undefined {
  for (const mark of marks)
    if (mark.breaking && mark.breaking.level !== null && mark.breaking.level > baseLevel)
      return mark.breaking.reason;
  return undefined;
}

function whom(i: Impact): string {
  return i.clients && i.servers ? 'clients and servers' : i.clients ? 'clients' : 'servers';
}
