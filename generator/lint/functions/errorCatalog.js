// tms-error-catalog: components.x-error-catalog maps every error code of the API to
// {description, statuses: [{status, note}], x-history} (openapi/README.md).
const ENTRY_KEYS = ['description', 'statuses', 'x-history'];

export default function errorCatalog(root) {
  const components = root?.components;
  const catalog = components?.['x-error-catalog'];
  if (catalog === undefined)
    return [
      { message: 'components.x-error-catalog is missing', path: components ? ['components'] : [] },
    ];
  const at = ['components', 'x-error-catalog'];
  if (catalog === null || typeof catalog !== 'object' || Array.isArray(catalog)) {
    return [{ message: 'x-error-catalog must map error codes to entries', path: at }];
  }
  const problems = [];
  for (const [code, entry] of Object.entries(catalog)) {
    const entryAt = [...at, code];
    if (!/^[A-Z][A-Z0-9_]*$/.test(code))
      problems.push({ message: `error code "${code}" is not UPPER_SNAKE_CASE`, path: entryAt });
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push({
        message: `x-error-catalog.${code} must be an object {description, statuses, x-history}`,
        path: entryAt,
      });
      continue;
    }
    for (const key of Object.keys(entry)) {
      if (!ENTRY_KEYS.includes(key))
        problems.push({
          message: `x-error-catalog.${code} has unknown key "${key}"`,
          path: [...entryAt, key],
        });
    }
    if (typeof entry.description !== 'string' || entry.description.trim() === '') {
      problems.push({ message: `x-error-catalog.${code} has no description`, path: entryAt });
    }
    if (!Array.isArray(entry.statuses)) {
      problems.push({
        message: `x-error-catalog.${code}.statuses must be a list of {status, note}`,
        path: entryAt,
      });
    } else {
      entry.statuses.forEach((s, i) => {
        const okStatus =
          s &&
          (Number.isInteger(s.status)
            ? s.status >= 100 && s.status <= 599
            : /^([1-5]\d\d|[1-5]XX)$/.test(String(s.status)));
        if (!okStatus)
          problems.push({
            message: `x-error-catalog.${code}.statuses[${i}].status must be an HTTP status`,
            path: [...entryAt, 'statuses', i],
          });
        if (s && s.note !== undefined && typeof s.note !== 'string') {
          problems.push({
            message: `x-error-catalog.${code}.statuses[${i}].note must be a string`,
            path: [...entryAt, 'statuses', i, 'note'],
          });
        }
      });
    }
    // x-history of an entry is checked by tms-history-shape ($..x-history) like any other.
  }
  return problems;
}
