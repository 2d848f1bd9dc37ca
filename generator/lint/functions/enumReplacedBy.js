// tms-enum-replaced-by: x-enum-replaced-by maps deprecated or removed members of the schema's
// enum (by their x-enum-history) to what replaces them, as text.
import { enumKeys, parentOf } from './shared/enum.js';

export default function enumReplacedBy(value, _options, context) {
  const at = context.path;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{ message: 'x-enum-replaced-by must map enum values to text', path: at }];
  }
  const schema = parentOf(context);
  const members = enumKeys(schema);
  if (members === undefined)
    return [{ message: 'x-enum-replaced-by is on a schema without enum', path: at }];
  const history = (schema && schema['x-enum-history']) || {};
  const problems = [];
  for (const [key, replacement] of Object.entries(value)) {
    if (!members.includes(key))
      problems.push({
        message: `x-enum-replaced-by key "${key}" is not a member of the enum (${members.join(', ')})`,
        path: [...at, key],
      });
    if (typeof replacement !== 'string' || replacement.trim() === '')
      problems.push({
        message: `x-enum-replaced-by "${key}" must be non-empty text`,
        path: [...at, key],
      });
    const entries = Array.isArray(history[key]) ? history[key] : [];
    if (!entries.some((e) => e && (e.change === 'deprecated' || e.change === 'removed'))) {
      problems.push({
        message: `x-enum-replaced-by "${key}": the value has no deprecated or removed entry in x-enum-history`,
        path: [...at, key],
      });
    }
  }
  return problems;
}
