/**
 * `--lenient`: tms-gen's own rules, the ones stricter than the OpenAPI specification, become
 * warnings, so any document the specification accepts generates. Each is relaxed by a change to
 * the loaded document (never the file) that keeps what the specification says it means:
 * - an unknown keyword in a 3.1 schema (JSON Schema 2020-12 Core §6.5 lets it be, as an
 *   annotation that validates nothing; tms-gen refuses it as a likely typo): removed;
 * - component schemas that refer to themselves through array items or unions only, which
 *   TypeScript cannot write (TS2502): the first schema's references back into the loop are
 *   typed `unknown` (an empty schema), so types and validators accept any value there.
 * Violations of the specification stay refusals, each citing its clause (load/clauses.ts).
 */
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer, escapeSegment, getAt, parsePointer, pointer } from '../common/pointer.js';
import { checkSchemas } from './check-schemas.js';
import { findTypeLoops } from './document-limits.js';
import { isObject } from '../../runtime/is-object.js';

type Json = Record<string, unknown>;

const EAGER = new Set(['allOf', 'anyOf', 'oneOf', 'items', 'prefixItems', 'not']);
const SCHEMAS = '#/components/schemas/';

/** Relaxes `document` in place; returns one warning per rule relaxed, with its place. */
export function relaxDocument(document: Json): ContractProblem[] {
  return [...removeUnknownKeywords(document), ...breakTypeLoops(document)];
}

function removeUnknownKeywords(document: Json): ContractProblem[] {
  if (!String(document.openapi).startsWith('3.1')) return [];
  const unknown = checkSchemas(document, '3.1').problems.filter((p) =>
    /^unknown keyword/.test(p.message),
  );
  const warnings: ContractProblem[] = [];
  for (const problem of unknown) {
    const path = parsePointer(problem.pointer);
    const key = path.pop();
    const parent = getAt(document, pointer(...path));
    if (key === undefined || !isObject(parent) || !Object.hasOwn(parent, key)) continue;
    delete parent[key];
    warnings.push({
      ...problem,
      message: `${problem.message} ignored (--lenient): JSON Schema treats it as an annotation`,
      hint: undefined,
    });
  }
  return warnings;
}

function breakTypeLoops(document: Json): ContractProblem[] {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const warnings: ContractProblem[] = [];
  for (const loop of findTypeLoops(schemas)) {
    const members = new Set(loop.map((name) => SCHEMAS + escapeSegment(name)));
    const at = pointer('components', 'schemas', loop[0]);
    const cut = cutEagerRefs(schemas[loop[0]], members, at);
    if (cut.length === 0) continue;
    warnings.push({
      pointer: at,
      message: `schema '${loop[0]}' refers to itself through array items or a union (TS2502): typed unknown at ${cut.join(', ')} (--lenient)`,
      source: 'types',
    });
  }
  return warnings;
}

/** Replaces the `$ref`s into `members` at eager positions below `node`; their pointers. */
function cutEagerRefs(node: unknown, members: Set<string>, at: string): string[] {
  const cut: string[] = [];
  const visit = (value: unknown, where: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, childPointer(where, String(i))));
      return;
    }
    if (!isObject(value)) return;
    if (typeof value.$ref === 'string' && members.has(value.$ref)) {
      delete value.$ref;
      cut.push(where);
      return;
    }
    for (const [key, inner] of Object.entries(value))
      if (EAGER.has(key)) visit(inner, childPointer(where, key));
  };
  if (isObject(node))
    for (const [key, inner] of Object.entries(node))
      if (EAGER.has(key)) visit(inner, childPointer(at, key));
  return cut;
}
