// tms-history-shape: every x-history is a list of {level: integer|null, change, note}, nothing else.
import { historyProblems } from './shared/history.js';

export default function historyEntries(value, _options, context) {
  return historyProblems(value, context.path);
}
