// tms-operation-error-codes: every operation lists its API error codes in x-error-codes; each code
// is in components.x-error-catalog and has an example named after it in an error response, so the
// docs and the mock can show each documented error.
export default function operationErrorCodes(operation, _options, context) {
  if (operation === null || typeof operation !== 'object') return [];
  const at = context.path;
  const codes = operation['x-error-codes'];
  if (codes === undefined)
    return [
      {
        message:
          'operation has no x-error-codes (list the API error codes it documents, [] if none)',
        path: at,
      },
    ];
  if (!Array.isArray(codes))
    return [
      { message: 'x-error-codes must be a list of error codes', path: [...at, 'x-error-codes'] },
    ];

  const catalog = context.documentInventory.resolved?.components?.['x-error-catalog'] ?? {};
  const examplesByCode = errorExamples(operation.responses ?? {});
  const problems = [];
  codes.forEach((code, i) => {
    const codeAt = [...at, 'x-error-codes', i];
    if (typeof code !== 'string' || code === '') {
      problems.push({ message: 'x-error-codes entries must be non-empty strings', path: codeAt });
      return;
    }
    if (!Object.prototype.hasOwnProperty.call(catalog, code)) {
      problems.push({
        message: `error code ${code} is not in components.x-error-catalog`,
        path: codeAt,
      });
    }
    const found = examplesByCode.get(code);
    if (found === undefined) {
      problems.push({
        message: `error code ${code} has no example named ${code} in an error response of this operation`,
        path: codeAt,
      });
    } else if (found.wrongCode !== undefined) {
      problems.push({
        message: `example ${code} has code ${JSON.stringify(found.wrongCode)}, not ${code}`,
        path: found.path,
      });
    }
  });
  return problems;
}

/** Examples of the error responses (default, 4XX, 5XX), by example name. */
function errorExamples(responses) {
  const byName = new Map();
  for (const [status, response] of Object.entries(responses)) {
    if (!(status === 'default' || /^[45]/.test(status))) continue;
    for (const [mediaType, media] of Object.entries(response?.content ?? {})) {
      for (const [name, example] of Object.entries(media?.examples ?? {})) {
        const value = example?.value;
        const code = value && typeof value === 'object' ? value.code : undefined;
        const path = ['responses', status, 'content', mediaType, 'examples', name, 'value', 'code'];
        const previous = byName.get(name);
        if (previous === undefined || previous.wrongCode !== undefined) {
          byName.set(
            name,
            code === undefined || code === name ? { path } : { path, wrongCode: code },
          );
        }
      }
    }
  }
  return byName;
}
