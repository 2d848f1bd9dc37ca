/**
 * Which documented enum values of a parameter a server at a feature level accepts, decided once
 * for every reader (the contract runner's probes). The rule is the level table's (levels.ts
 * `spanOf`, applied by runtime/feature-levels.ts `existsAt`): a value exists from the level of
 * its `added` entry until that of its `removed` one, an undated removal counting from the
 * newest level. The servers refuse values by the same table, so a value sent as valid is one
 * they accept. Deprecated values count: the description keeps them accepted (`private`,
 * "deprecated; use direct"); only a removal ends a value.
 */
import { existsAt } from '../../runtime/feature-levels.js';
import { spanOf } from './levels.js';
import type { EnumValue, Parameter } from './types.js';

/**
 * The enum values of `param` that exist at `level`; `level` undefined is a server of today, at
 * the contract's `newest` level. null is left out: it is no value a request can send.
 */
export function enumValuesAt(
  param: Pick<Parameter, 'enum'>,
  level: number | undefined,
  newest: number,
): EnumValue[] {
  const at = level ?? newest;
  return (param.enum ?? []).filter(
    (e) => e.value !== null && existsAt(spanOf(e.lifecycle.history, newest), at),
  );
}
