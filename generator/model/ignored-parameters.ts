/**
 * Where an operation's success answers list the request parameters the server ignored, when the
 * document says they do: our contract's success envelope declares `ignored_parameters_unsupported`
 * (an array of names, "present only when such parameters were sent"), so its servers add the
 * parameters they did not know there (runtime/pipeline-answers.ts `withIgnored`). Another
 * document's success bodies declare no such field, and its servers add nothing to them: a field
 * the document does not have would make the answer invalid against its own schema.
 *
 * Decided per operation, from the schemas of its JSON success (2xx) answers: every one must
 * declare the field as an array (of text, or untyped items), else the server could write it
 * into an answer whose schema has no room for it.
 */
import { deref, successBodyProperties } from './schema-facts.js';
import type { Operation } from './types.js';

/** The field names that mean "parameters the server ignored", as documents spell it. */
const IGNORED_FIELDS = ['ignored_parameters_unsupported'];

/** The success-body field this operation reports ignored parameters in, if the document has one. */
export function ignoredParametersField(
  document: unknown,
  op: Pick<Operation, 'responses'>,
): string | undefined {
  const bodies = successBodyProperties(document, op);
  // A body whose schema does not resolve may have no room for the field.
  if (bodies.length === 0 || bodies.includes(undefined)) return undefined;
  return IGNORED_FIELDS.find((name) =>
    bodies.every((properties) => isNameList(document, properties![name])),
  );
}

function isNameList(document: unknown, property: unknown): boolean {
  const s = deref(document, property);
  if (!s || ![s.type].flat().includes('array')) return false;
  const items = deref(document, s.items);
  return items === undefined || items.type === undefined || [items.type].flat().includes('string');
}
