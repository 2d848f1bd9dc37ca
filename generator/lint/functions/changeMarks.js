// tms-change-marks: the two marks `tms-gen diff` reads to accept a change (openapi/README.md).
// A malformed mark would be silently ignored by the diff, which then reports the change as
// unrecorded far from its cause; the lint names the mark itself instead.
//   x-correction: one line of text, the reason the contract changed without the API changing
//   x-breaking:   {level: integer | null, reason: one line of text}, nothing else
const BREAKING_KEYS = ['level', 'reason'];

const isOneLine = (text) => typeof text === 'string' && text.trim() !== '' && !/[\r\n]/.test(text);

export default function changeMarks(value, _options, context) {
  const path = context.path;
  const mark = path[path.length - 1];
  if (mark === 'x-correction') {
    return isOneLine(value)
      ? []
      : [{ message: 'x-correction must be one non-empty line: why the contract changed', path }];
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return [{ message: 'x-breaking must be an object {level, reason}', path }];
  const problems = [];
  for (const key of Object.keys(value)) {
    if (!BREAKING_KEYS.includes(key))
      problems.push({
        message: `x-breaking has unknown key "${key}" (allowed: level, reason)`,
        path: [...path, key],
      });
  }
  if (!('level' in value) || !(value.level === null || Number.isInteger(value.level)))
    problems.push({
      message: 'x-breaking level must be an integer feature level or null',
      path: [...path, 'level'],
    });
  if (!isOneLine(value.reason))
    problems.push({
      message: 'x-breaking reason must be one non-empty line',
      path: [...path, 'reason'],
    });
  return problems;
}
