// Shape of one x-history list (openapi/README.md, "Extensions"): shared by the rules that meet one.
export const CHANGE_KINDS = ['added', 'changed', 'deprecated', 'removed'];
const ENTRY_KEYS = ['level', 'change', 'note'];

/** Problems of an x-history value, as Spectral results relative to `path` (the list itself). */
export function historyProblems(value, path) {
  if (!Array.isArray(value))
    return [{ message: 'x-history must be a list of {level, change, note}', path }];
  const problems = [];
  value.forEach((entry, i) => {
    const at = [...path, i];
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push({
        message: 'x-history entry must be an object {level, change, note}',
        path: at,
      });
      return;
    }
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.includes(key))
        problems.push({
          message: `x-history entry has unknown key "${key}" (allowed: level, change, note)`,
          path: [...at, key],
        });
    }
    if (!('level' in entry) || !(entry.level === null || Number.isInteger(entry.level))) {
      problems.push({
        message: 'x-history level must be an integer feature level or null',
        path: [...at, 'level'],
      });
    }
    if (!CHANGE_KINDS.includes(entry.change)) {
      problems.push({
        message: `x-history change must be one of ${CHANGE_KINDS.join(', ')}`,
        path: [...at, 'change'],
      });
    }
    if (
      typeof entry.note !== 'string' ||
      entry.note.trim() === '' ||
      /[\r\n]/.test(entry.note.trim())
    ) {
      problems.push({
        message: 'x-history note must be one non-empty line of prose',
        path: [...at, 'note'],
      });
    }
  });
  return problems;
}

/** True when a history list has a deprecated or removed entry. */
export function marksDeprecation(history) {
  return (
    Array.isArray(history) &&
    history.some((e) => e && (e.change === 'deprecated' || e.change === 'removed'))
  );
}

/** True when a history list has a removed entry. */
export function marksRemoval(history) {
  return Array.isArray(history) && history.some((e) => e && e.change === 'removed');
}
