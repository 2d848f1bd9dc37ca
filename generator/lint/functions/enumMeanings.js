// tms-enum-meanings: x-enum-meanings gives one meaning to each enum member, and to nothing else.
import { enumKeys, parentOf } from './shared/enum.js';

export default function enumMeanings(value, _options, context) {
  const at = context.path;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{ message: 'x-enum-meanings must map enum values to their meanings', path: at }];
  }
  const members = enumKeys(parentOf(context));
  if (members === undefined)
    return [{ message: 'x-enum-meanings is on a schema without enum', path: at }];
  const problems = [];
  for (const [key, meaning] of Object.entries(value)) {
    if (!members.includes(key))
      problems.push({
        message: `x-enum-meanings key "${key}" is not a member of the enum (${members.join(', ')})`,
        path: [...at, key],
      });
    else if (typeof meaning !== 'string' || meaning.trim() === '')
      problems.push({
        message: `x-enum-meanings.${key} must be a non-empty string`,
        path: [...at, key],
      });
  }
  for (const member of members) {
    if (!Object.prototype.hasOwnProperty.call(value, member))
      problems.push({
        message: `x-enum-meanings has no meaning for enum member "${member}"`,
        path: at,
      });
  }
  return problems;
}
