// tms-operation-basics: what every operation must say (openapi/README.md, "Rules the lint enforces").
// spectral:oas checks some of this as warnings; here it is one error rule with our exact wording.
export default function operationBasics(operation, _options, context) {
  if (operation === null || typeof operation !== 'object') return [];
  const at = context.path;
  const problems = [];
  const nonEmpty = (v) => typeof v === 'string' && v.trim() !== '';
  if (!nonEmpty(operation.operationId))
    problems.push({ message: 'operation has no operationId', path: at });
  if (!nonEmpty(operation.summary))
    problems.push({ message: 'operation has no summary', path: at });
  if (!nonEmpty(operation.description))
    problems.push({ message: 'operation has no description', path: at });
  const tags = operation.tags;
  if (!Array.isArray(tags) || tags.length !== 1) {
    problems.push({
      message: `operation must have exactly one tag (has ${Array.isArray(tags) ? tags.length : 0})`,
      path: Array.isArray(tags) ? [...at, 'tags'] : at,
    });
  }
  const statuses = Object.keys(operation.responses ?? {});
  if (!statuses.some((s) => s === 'default' || /^4(\d\d|XX)$/i.test(s))) {
    problems.push({
      message: 'operation has no error response (default or 4XX)',
      path: [...at, 'responses'],
    });
  }
  return problems;
}
