/**
 * Loading a contract: read and bundle its files, validate the document (the OpenAPI meta-schema
 * check swagger-parser makes, load/openapi-structure.ts), compile
 * every schema strictly (Ajv), build the model. All problems of all steps that can run are
 * collected and returned together, each with a pointer and, where known, `file:line`.
 */
import { bundleContract, type Bundle } from './bundle.js';
import { checkSchemas } from './check-schemas.js';
import { withClause } from './clauses.js';
import { checkDocumentLimits } from './document-limits.js';
import { checkDocumentRules } from './document-rules.js';
import { relaxDocument } from './lenient.js';
import { resolveLimits, type LoadLimits } from './limits.js';
import { checkOpenapiStructure } from './openapi-structure.js';
import { formatProblem, type ContractProblem } from '../common/contract-error.js';
import { buildModel } from '../model/build.js';
import type { OpenApiDocument } from '../model/document.js';
import type { ApiModel } from '../model/types.js';

// The limits are part of loading's interface (the CLI sets them); load/ itself stays private.
export {
  DEFAULT_LIMITS,
  LIMIT_OPTIONS,
  parseLimitValue,
  type LoadLimits,
  type NumericLimit,
} from './limits.js';
// The loader's bounded read of a document's bytes (the model snapshot reads the same way).
export { readBounded } from './source-files.js';

export interface LoadedContract {
  model: ApiModel;
  bundle: Bundle;
  /** not failures: e.g. formats the contract uses that nothing checks */
  warnings: string[];
}

export type LoadResult =
  { ok: true; contract: LoadedContract } | { ok: false; problems: ContractProblem[] };

export interface LoadOptions {
  cwd?: string;
  /** skip the strict schema compile (only for measuring; generate always runs it) */
  skipSchemaCheck?: boolean;
  /**
   * Build the model without validating the document; the caller runs `validateDocument` itself
   * (the CLI does it in its worker thread while the types emitter runs) and must not write
   * anything unless it passes.
   */
  deferValidation?: boolean;
  /**
   * With `deferValidation`: called with the document once it passed the loader's own checks
   * (version, limits, rules), before the model is built (the CLI may start the document checks
   * on another thread there).
   */
  beforeModel?: (document: Record<string, unknown>) => void;
  /** resource limits and extra `$ref` roots; unset fields keep DEFAULT_LIMITS */
  limits?: Partial<LoadLimits>;
  /** tms-gen's own rules (stricter than OpenAPI) become warnings (load/lenient.ts) */
  lenient?: boolean;
}

/** Problems keep the pointer into the bundled document; file and line say where to edit. */
export function placeProblems(bundle: Bundle, problems: ContractProblem[]): ContractProblem[] {
  const version = String(bundle.document.openapi ?? '');
  return problems.map((problem) => {
    const p = withClause(problem, version);
    if (p.file) return p;
    const at = bundle.locate(p.pointer);
    // Every problem names a file, the root document at least.
    return at
      ? { ...p, file: at.file, line: at.line, column: at.column }
      : { ...p, file: bundle.files[0]?.shownPath };
  });
}

/**
 * The document checks: the OpenAPI structure (the meta-schema, as swagger-parser checks it) then, if that passed, the strict
 * schema check. Problems carry pointers only (see placeProblems).
 */
export async function validateDocument(
  document: Record<string, unknown>,
  opts: { skipSchemaCheck?: boolean } = {},
): Promise<{ problems: ContractProblem[]; warnings: string[] }> {
  const problems: ContractProblem[] = [];
  const warnings: string[] = [];
  // The meta-schema check swagger-parser's validate() makes, without its dereferencing
  // (load/openapi-structure.ts).
  const structure = checkOpenapiStructure(document);
  if (structure) problems.push(...openapiProblems(structure));
  const dialect = String(document.openapi).startsWith('3.1') ? '3.1' : '3.0';
  if (!opts.skipSchemaCheck && problems.length === 0) {
    const check = checkSchemas(document, dialect);
    problems.push(...check.problems);
    for (const f of check.unknownFormats)
      warnings.push(`format '${f}' is not a known format: accepted without a check`);
  }
  return { problems, warnings };
}

export async function loadContract(file: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const limits = resolveLimits(opts.limits);
  const bundled = bundleContract(file, opts.cwd, limits);
  if (!bundled.ok) return { ok: false, problems: bundled.problems.map((p) => withClause(p, '')) };
  const { bundle } = bundled;
  const document = bundle.document;
  const place = (p: ContractProblem) => placeProblems(bundle, [p])[0];

  if (typeof document.openapi !== 'string' || !/^3\.[01]\.\d+/.test(document.openapi)) {
    return {
      ok: false,
      problems: [
        place({
          pointer: '#/openapi',
          message: `only OpenAPI 3.0 and 3.1 documents are supported (openapi: ${JSON.stringify(document.openapi)})`,
          source: 'openapi',
        }),
      ],
    };
  }
  // Before the limits: they refuse what leniency relaxes (TS2502 loops).
  const relaxed = opts.lenient ? relaxDocument(document) : [];
  const limitProblems = checkDocumentLimits(document, limits);
  if (limitProblems.length > 0)
    return { ok: false, problems: placeProblems(bundle, limitProblems) };
  const rules = checkDocumentRules(document);
  if (rules.problems.length > 0)
    return { ok: false, problems: placeProblems(bundle, rules.problems) };
  // Warnings carry their place too, printed as problems are (without failing the run).
  const ruleWarnings = placeProblems(bundle, [...relaxed, ...rules.warnings]).map(formatProblem);
  const sourceFile = bundle.files[0]?.shownPath ?? file;
  // From here on the document is an OpenAPI 3.0/3.1 document (the version was checked above;
  // validateDocument checks the rest before anything is written).
  const openapi = document as unknown as OpenApiDocument;
  const modelOpts = { levelKeys: bundle.files.some((f) => f.levelKeys) };
  if (opts.deferValidation) {
    opts.beforeModel?.(document);
    try {
      const { model, problems, warnings } = buildModel(openapi, sourceFile, modelOpts);
      if (problems.length > 0) return { ok: false, problems: placeProblems(bundle, problems) };
      const modelWarnings = placeProblems(bundle, warnings).map(formatProblem);
      return {
        ok: true,
        contract: { model, bundle, warnings: [...ruleWarnings, ...modelWarnings] },
      };
    } catch {
      // A document broken enough to trip the model builder: validate now, and say why.
    }
  }
  const { problems, warnings } = await validateDocument(document, opts);
  const built = buildModel(openapi, sourceFile, modelOpts);
  problems.push(...built.problems);
  if (problems.length > 0) return { ok: false, problems: placeProblems(bundle, problems) };
  const modelWarnings = placeProblems(bundle, built.warnings).map(formatProblem);
  return {
    ok: true,
    contract: {
      model: built.model,
      bundle,
      warnings: [...ruleWarnings, ...warnings, ...modelWarnings],
    },
  };
}

/** Meta-schema violations come in `details` (Ajv errors); anything else in a message. */
function openapiProblems(error: unknown): ContractProblem[] {
  const e = error as {
    message?: string;
    details?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[];
  };
  if (Array.isArray(e.details) && e.details.length > 0) {
    // Ajv's if/then/else and anyOf bookkeeping lines say nothing a reader can act on.
    const useful = e.details.filter(
      (d) =>
        !/must match "(else|then)" schema|must match a schema in anyOf|must match exactly one schema in oneOf/.test(
          d.message ?? '',
        ),
    );
    return (useful.length > 0 ? useful : e.details).map((d) => ({
      pointer: '#' + (d.instancePath ?? ''),
      message:
        d.message +
        (d.params?.unevaluatedProperty
          ? `: '${d.params.unevaluatedProperty}'`
          : d.params?.additionalProperty
            ? `: '${d.params.additionalProperty}'`
            : ''),
      source: 'openapi',
    }));
  }
  const message = String(e.message ?? error).trim();
  // Messages like "Validation failed. Duplicate operation id 'x'" or "... at #/paths/..."
  const ptr = /(#\/[^\s'"]+)/.exec(message)?.[1] ?? '#';
  return [
    { pointer: ptr, message: message.replace(/^Validation failed\.\s*/, ''), source: 'openapi' },
  ];
}
