// tms-enum-history: x-enum-history maps members of the schema's enum to well-formed x-history lists.
import { historyProblems } from './shared/history.js';
import { enumKeys, parentOf } from './shared/enum.js';

export default function enumHistory(value, _options, context) {
  const at = context.path;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{ message: 'x-enum-history must map enum values to x-history lists', path: at }];
  }
  const members = enumKeys(parentOf(context));
  if (members === undefined)
    return [{ message: 'x-enum-history is on a schema without enum', path: at }];
  const problems = [];
  for (const [key, history] of Object.entries(value)) {
    if (!members.includes(key))
      problems.push({
        message: `x-enum-history key "${key}" is not a member of the enum (${members.join(', ')})`,
        path: [...at, key],
      });
    problems.push(...historyProblems(history, [...at, key]));
  }
  return problems;
}
