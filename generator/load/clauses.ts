/**
 * Which clause each kind of refusal enforces, for the problems whose check does not name its
 * own: a reader who disagrees with a verdict can look the rule up. Limits are tms-gen's own
 * rules, not the specification's, and say so.
 */
import type { ContractProblem } from '../contract-error.js';

export function withClause(problem: ContractProblem, openapiVersion: string): ContractProblem {
  if (problem.clause) return problem;
  const v31 = openapiVersion.startsWith('3.1');
  const spec = v31 ? '3.1.0' : '3.0.3';
  const clause = ((): string | undefined => {
    switch (problem.source) {
      case 'openapi':
        return /duplicate operationId/.test(problem.message)
          ? `OpenAPI ${spec} https://spec.openapis.org/oas/v${spec}#operation-object: operationId MUST be unique among all operations`
          : `OpenAPI ${spec}: the specification's schema of the document (https://spec.openapis.org/oas/${v31 ? '3.1/schema/2022-10-07' : '3.0/schema/2021-09-28'})`;
      case 'schema':
        return /unknown keyword/.test(problem.message)
          ? v31
            ? 'tms-gen strict schemas: JSON Schema 2020-12 Core §6.5 allows unknown keywords, tms-gen refuses them as typos'
            : `OpenAPI ${spec} https://spec.openapis.org/oas/v${spec}#schema-object: only the listed properties and x- extensions`
          : v31
            ? 'OpenAPI 3.1.0 Schema Object: the JSON Schema 2020-12 meta-schema'
            : `OpenAPI ${spec} https://spec.openapis.org/oas/v${spec}#schema-object (JSON Schema Wright draft 00)`;
      case 'model':
        return /duplicate operationId/.test(problem.message)
          ? `OpenAPI ${spec} https://spec.openapis.org/oas/v${spec}#operation-object: operationId MUST be unique among all operations`
          : /x-history|x-enum|x-replaced|x-removed|x-error/.test(problem.pointer + problem.message)
            ? "tms-gen's extensions, defined in openapi/README.md"
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
