/**
 * What exists at feature level N, applied at run time from the level table the generator
 * writes into generated/operations.ts (`levels`, built once from the contract's x-history,
 * x-enum-history and x-removed by generator/model/levels.ts). Nothing here knows the contract:
 * the table says, per operation, when the operation, each parameter, each enum value of a
 * parameter and each response field appeared (`since`) and disappeared (`until`).
 *
 * The one rule: an item exists at level N when `since <= N` (or no `since`) and `N < until`
 * (or no `until`). A server at level N:
 * - has no operation that does not exist at N (the mocks answer 404, as for any unknown path);
 * - treats a parameter that does not exist at N as unknown: accepted, ignored, and listed in
 *   `ignored_parameters_unsupported`, which itself exists only from the level the table gives
 *   it (167 for this API);
 * - refuses an enum value of a parameter that does not exist at N (`refusedValues`);
 * - leaves out of its answers every field that does not exist at N (`answerAt`).
 * Used by the server listener, the Prism mock's front, the stateful mock and the client's
 * `supports`; plain functions of data, no state.
 */
import type { FieldInfo, OperationInfo } from './operation-info.js';
import { invalidRequestText } from './validation-words.js';

/** When an item exists: from `since` (inclusive) until `until` (exclusive). */
export interface LevelSpan {
  since?: number;
  /** the level at which the item was removed; it is absent at this level and above */
  until?: number;
}

export interface ParameterLevels extends LevelSpan {
  /** enum values with a history of their own, by value as text */
  values?: Record<string, LevelSpan>;
}

/** Response fields with level data (or with descendants that have some), by property name. */
export interface FieldLevels {
  [name: string]: FieldLevelNode;
}

export interface FieldLevelNode extends LevelSpan {
  /** fields of the value, or of each element when the value is an array */
  fields?: FieldLevels;
  /** enum values with a history of their own (elements of an array of them are filtered) */
  values?: Record<string, LevelSpan>;
}

export interface OperationLevels extends LevelSpan {
  /** parameters with level data, by name */
  parameters?: Record<string, ParameterLevels>;
  /** response fields with level data, by status as in the contract (`200`, `4XX`, `default`) */
  responses?: Record<string, FieldLevels>;
}

export interface LevelTable {
  /** the highest feature level the contract records: the level of a server of today */
  newest: number;
  operations: Record<string, OperationLevels>;
}

export interface RefusedValue {
  parameter: string;
  value: string;
  /** the level the value appeared at, when it is newer than the server */
  since?: number;
  /** the level it was removed at, when it is gone */
  until?: number;
}

/**
 * The feature level a success answer's body reports in `field` (the operation's `reportsLevel`):
 * an integer there, else undefined. The client learns the server's level from it and the
 * contract runner reads the same.
 */
export function reportedLevel(body: unknown, field: string | undefined): number | undefined {
  if (field === undefined || typeof body !== 'object' || body === null) return undefined;
  if (!Object.hasOwn(body, field)) return undefined;
  const level = (body as Record<string, unknown>)[field];
  return typeof level === 'number' && Number.isInteger(level) ? level : undefined;
}

export function existsAt(span: LevelSpan | undefined, level: number): boolean {
  if (!span) return true;
  return (
    (span.since === undefined || span.since <= level) &&
    (span.until === undefined || level < span.until)
  );
}

/** `record[key]` when the record has it itself (a value may be `constructor`). */
export function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** When the enum value `text` of `field` exists, from the field's own value histories. */
export function valueSpan(
  field: Pick<FieldInfo, 'valuesSince' | 'valuesUntil'>,
  text: string,
): LevelSpan {
  return { since: own(field.valuesSince, text), until: own(field.valuesUntil, text) };
}

/**
 * Why an item is not at `level` (by `existsAt`'s rule): `{ since }` when it came later, `{ until }`
 * when it was removed at or below it; undefined when it is there. The client's notices and the
 * contract runner's skips word it from this.
 */
export function absenceAt(
  span: LevelSpan | undefined,
  level: number,
): { since: number } | { until: number } | undefined {
  if (!span || existsAt(span, level)) return undefined;
  // Not there, though added by then (or never dated): it is gone.
  return existsAt({ since: span.since }, level) ? { until: span.until! } : { since: span.since! };
}

/** What a server at one feature level has and answers. */
export interface LevelView {
  readonly level: number;
  hasOperation(operationId: string): boolean;
  /** the operation exists, and so does the parameter when one is named */
  supports(operationId: string, parameter?: string): boolean;
  /**
   * The operations that exist at this level, each with only the parameters that exist at it
   * (the wire model then reports the others as unknown). Objects are copied only where they change.
   */
  operationsAt<T extends OperationInfo>(operations: Record<string, T>): Record<string, T>;
  /** Enum values of decoded parameters that do not exist at this level (each element of an array). */
  refusedValues(operationId: string, params: Record<string, unknown>): RefusedValue[];
  /** A copy of an answer without the fields that do not exist at this level; `body` itself when nothing changes. */
  answerAt(operationId: string, status: number, body: unknown): unknown;
}

export function levelView(table: LevelTable, level: number = table.newest): LevelView {
  if (!Number.isInteger(level) || level < 0)
    throw new RangeError(`feature level must be a non-negative integer, not ${String(level)}`);
  const ops = table.operations;
  const opLevels = (id: string): OperationLevels | undefined =>
    Object.hasOwn(ops, id) ? ops[id] : undefined;
  const paramLevels = (id: string, name: string) => {
    const p = opLevels(id)?.parameters;
    return p && Object.hasOwn(p, name) ? p[name] : undefined;
  };
  const hasOperation = (id: string) => existsAt(opLevels(id), level);

  return {
    level,
    hasOperation,
    supports: (id, parameter) =>
      hasOperation(id) && (parameter === undefined || existsAt(paramLevels(id, parameter), level)),

    operationsAt(operations) {
      const out: Record<string, (typeof operations)[string]> = {};
      for (const [id, op] of Object.entries(operations)) {
        if (!hasOperation(id)) continue;
        const params = opLevels(id)?.parameters;
        const fields = params
          ? op.fields.filter((f) =>
              existsAt(Object.hasOwn(params, f.name) ? params[f.name] : undefined, level),
            )
          : op.fields;
        out[id] = fields.length === op.fields.length ? op : { ...op, fields };
      }
      return out;
    },

    refusedValues(id, params) {
      const refused: RefusedValue[] = [];
      const p = opLevels(id)?.parameters;
      if (!p) return refused;
      for (const [name, levels] of Object.entries(p)) {
        if (!levels.values || !Object.hasOwn(params, name)) continue;
        for (const text of valueTexts(params[name])) {
          const span = Object.hasOwn(levels.values, text) ? levels.values[text] : undefined;
          if (span && !existsAt(span, level))
            refused.push({ parameter: name, value: text, ...span });
        }
      }
      return refused;
    },

    answerAt(id, status, body) {
      const fields = responseLevels(opLevels(id), status);
      return fields ? project(body, fields, level) : body;
    },
  };
}

/** The level tree of an answer: the exact status, then `4XX`-style ranges, then `default`. */
function responseLevels(op: OperationLevels | undefined, status: number): FieldLevels | undefined {
  const r = op?.responses;
  if (!r) return undefined;
  for (const key of [String(status), `${String(status)[0]}XX`, 'default'])
    if (Object.hasOwn(r, key)) return r[key];
  return undefined;
}

function project(value: unknown, fields: FieldLevels, level: number): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const p = project(v, fields, level);
      if (p !== v) changed = true;
      return p;
    });
    return changed ? out : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [name, node] of Object.entries(fields)) {
    if (!Object.hasOwn(record, name)) continue;
    if (!existsAt(node, level)) {
      out ??= { ...record };
      delete out[name];
      continue;
    }
    let inner = record[name];
    if (node.fields) inner = project(inner, node.fields, level);
    if (node.values && Array.isArray(inner)) {
      const values = node.values;
      const kept = inner.filter((v) => {
        const key = String(v);
        return !(Object.hasOwn(values, key) && !existsAt(values[key], level));
      });
      if (kept.length !== inner.length) inner = kept;
    }
    if (inner !== record[name]) {
      out ??= { ...record };
      out[name] = inner;
    }
  }
  return out ?? value;
}

/** The one wording of a refusal, for every server that applies the table (BAD_REQUEST's `msg`). */
export function refusalMessage(refused: RefusedValue[], level: number): string {
  const what = refused.map((r) => `'${r.value}' is not a valid ${r.parameter}`).join('; ');
  return invalidRequestText(`${what} (this server is at feature level ${level})`);
}

/** A value as the texts enum histories are keyed by (each element of an array). */
export function valueTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(valueTexts);
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
    return [String(value)];
  return [];
}
