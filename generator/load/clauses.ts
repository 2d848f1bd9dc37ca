/**
 * Which clause each kind of refusal enforces, for the problems whose check does not name its
 * own: a reader who disagrees with a verdict can look the rule up. Clauses of the OpenAPI
 * specification carry their section number and address (`OpenAPI 3.1.0 §4.8.10 Operation
 * Object (https://...#operation-object): ...`). Limits and tms-gen's own rules are not the
 * specification's, and say so.
 */
import type { ContractProblem } from '../common/contract-error.js';

/**
 * Section numbers of the objects and definitions we cite: §4.8.n in 3.1.0, §4.7.n in 3.0.3
 * (the objects are in the same order in both), and the definitions of §3.
 */
const SECTIONS: Record<string, { n: string; title: string; definition?: true }> = {
  'path-templating': { n: '3.2', title: 'Path Templating', definition: true },
  'openapi-object': { n: '1', title: 'OpenAPI Object' },
  'paths-object': { n: '8', title: 'Paths Object' },
  'path-item-object': { n: '9', title: 'Path Item Object' },
  'operation-object': { n: '10', title: 'Operation Object' },
  'parameter-object': { n: '12', title: 'Parameter Object' },
  'reference-object': { n: '23', title: 'Reference Object' },
  'schema-object': { n: '24', title: 'Schema Object' },
  'security-scheme-object': { n: '27', title: 'Security Scheme Object' },
  'security-requirement-object': { n: '30', title: 'Security Requirement Object' },
};

/** `OpenAPI 3.1.0 §4.8.10 Operation Object (https://spec.openapis.org/oas/v3.1.0#operation-object): words` */
export function specClause(openapiVersion: string, anchor: string, words: string): string {
  const section = SECTIONS[anchor];
  // Before the document's version is known (a file that did not bundle): both versions' sections.
  if (!/^3\.[01]/.test(openapiVersion) && section && !section.definition)
    return `OpenAPI 3.1.0 §4.8.${section.n} / 3.0.3 §4.7.${section.n} ${section.title} (https://spec.openapis.org/oas/v3.1.0#${anchor}): ${words}`;
  const v = openapiVersion.startsWith('3.1') ? '3.1.0' : '3.0.3';
  const number = section
    ? section.definition
      ? section.n
      : `${v === '3.1.0' ? '4.8' : '4.7'}.${section.n}`
    : undefined;
  const head = section ? `OpenAPI ${v} §${number} ${section.title}` : `OpenAPI ${v}`;
  return `${head} (https://spec.openapis.org/oas/v${v}#${anchor}): ${words}`;
}

/** The rule a `$ref` refusal enforces (the bundler runs before the version is known: both). */
export const REF_CLAUSE =
  "OpenAPI 3.1.0 §4.8.23 / 3.0.3 §4.7.23 Reference Object: $ref is a URI (RFC 3986 §4.1); tms-gen reads local files in the contract's folder only, never a network";

export function withClause(problem: ContractProblem, openapiVersion: string): ContractProblem {
  if (problem.clause) return problem;
  const v31 = openapiVersion.startsWith('3.1');
  const spec = v31 ? '3.1.0' : '3.0.3';
  const uniqueIds = specClause(
    openapiVersion,
    'operation-object',
    'operationId MUST be unique among all operations described in the API',
  );
  const clause = ((): string | undefined => {
    switch (problem.source) {
      case 'openapi':
        return /duplicate operationId/.test(problem.message)
          ? uniqueIds
          : /only OpenAPI 3\.0 and 3\.1/.test(problem.message)
            ? specClause(
                openapiVersion,
                'openapi-object',
                'openapi is REQUIRED and names the version of the specification the document uses (tms-gen reads 3.0.x and 3.1.x)',
              )
            : `OpenAPI ${spec}: the specification's schema of the document (https://spec.openapis.org/oas/${v31 ? '3.1/schema/2022-10-07' : '3.0/schema/2021-09-28'})`;
      case 'schema':
        return /unknown keyword/.test(problem.message)
          ? v31
            ? 'tms-gen strict schemas: JSON Schema 2020-12 Core §6.5 allows unknown keywords, tms-gen refuses them as typos (a tms-gen rule, not the specification)'
            : specClause(
                openapiVersion,
                'schema-object',
                'only the properties the object lists, and x- extensions',
              )
          : v31
            ? specClause(
                openapiVersion,
                'schema-object',
                'a Schema Object is a JSON Schema 2020-12 schema (its meta-schema)',
              )
            : specClause(
                openapiVersion,
                'schema-object',
                'the subset of JSON Schema Wright draft 00 the object defines',
              );
      case 'model':
        return /duplicate operationId/.test(problem.message)
          ? uniqueIds
          : /x-history|x-enum|x-replaced|x-removed|x-error|x-credential-names/.test(
                problem.pointer + problem.message,
              )
            ? "tms-gen's extensions, defined in openapi/README.md (not the specification)"
            : /Object\.prototype/.test(problem.message)
              ? 'a tms-gen rule, not the specification: generated JavaScript objects are keyed by these names, and a member of Object.prototype would be read instead'
              : undefined;
      case 'ref':
        return /points to nothing|is not a JSON pointer/.test(problem.message)
          ? `${specClause(openapiVersion, 'reference-object', '$ref identifies the value referenced')}; RFC 6901 §7: a pointer to a nonexistent value is an error`
          : /circular/.test(problem.message)
            ? `${specClause(openapiVersion, 'reference-object', 'the Reference Object is replaced by the value it references')}; a cycle through files has no value (tms-gen inlines other files)`
            : REF_CLAUSE;
      case 'types':
        return /TS2502/.test(problem.message)
          ? 'a tms-gen limit, not a rule of the specification: TypeScript cannot write this type (TS2502)'
          : undefined;
      case 'yaml':
        return 'YAML 1.2.2 (https://yaml.org/spec/1.2.2/) / JSON RFC 8259';
      case 'limit':
        return 'a tms-gen resource limit, not a rule of the specification';
      default:
        return undefined;
    }
  })();
  return clause ? { ...problem, clause } : problem;
}
