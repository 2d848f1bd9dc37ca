/**
 * What a server at a feature level has, decided once for every reader of the model (the
 * contract runner's probes): a parameter, or one documented enum value of it. The rule is the
 * level table's (levels.ts `spanOf`, applied by runtime/feature-levels.ts `existsAt`): an item
 * exists from the level of its `added` entry until that of its `removed` one, an undated removal
 * counting from the newest level. The servers refuse values and ignore parameters by the same
 * table, so what is sent as valid is what they accept. Deprecated items count: the description
 * keeps them accepted (`private`, "deprecated; use direct"); only a removal ends one.
 */
import { existsAt } from '../../runtime/feature-levels.js';
import { spanOf } from './levels.js';
import type { EnumValue, Lifecycle, Parameter } from './types.js';

/**
 * Whether an item with this lifecycle (a parameter, an enum value) exists at `level`; `level`
 * undefined is a server of today, at the contract's `newest` level.
 */
export function existsAtLevel(
  item: { lifecycle: Lifecycle },
  level: number | undefined,
  newest: number,
): boolean {
  return existsAt(spanOf(item.lifecycle.history, newest), level ?? newest);
}

/** The enum values of `param` that exist at `level`; null is no value a request can send. */
export function enumValuesAt(
  param: Pick<Parameter, 'enum'>,
  level: number | undefined,
  newest: number,
): EnumValue[] {
  return (param.enum ?? []).filter((e) => e.value !== null && existsAtLevel(e, level, newest));
}
