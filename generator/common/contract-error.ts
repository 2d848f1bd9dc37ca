/**
 * The one error style of the generator: a problem in the contract, with the place it is at.
 * The loader collects all problems of a run in one pass and returns them as values; the CLI
 * prints them and exits 1.
 */
export interface ContractProblem {
  /** JSON pointer into the bundled document (`#/paths/~1messages/get`), or `#` for the whole file */
  pointer: string;
  message: string;
  /** source file the pointer lands in, when known */
  file?: string;
  /** 1-based line in that file, when known */
  line?: number;
  column?: number;
  /** which check found it: `yaml`, `ref`, `openapi`, `schema`, `model` */
  source: string;
  hint?: string;
  /** the clause of the specification (or the tms-gen rule) the refusal enforces */
  clause?: string;
}

export function formatProblem(p: ContractProblem): string {
  const where = p.file
    ? `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}`
    : '';
  const head = [where, p.pointer].filter(Boolean).join(' ');
  const text = `${head}: ${p.message}${p.hint ? ` (${p.hint})` : ''} [${p.source}]${p.clause ? ` — ${p.clause}` : ''}`;
  return printable(text);
}

/**
 * Contract text in a message (a key, a `$ref`) is untrusted: control characters are shown
 * escaped so that a message cannot move the cursor, recolour the terminal or fake a new line,
 * and very long values are cut.
 */
export function printable(text: string, max = 2000): string {
  // eslint-disable-next-line no-control-regex
  const safe = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === '\t' ? ' ' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // Lone surrogates would print as U+FFFD: shown as their code instead.
  const whole = safe.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16)}`,
  );
  return whole.length > max
    ? `${whole.slice(0, max)}… (${whole.length - max} more characters)`
    : whole;
}

/**
 * The same problem, thrown: what an emitter (or any step past the loader) raises when it cannot
 * express the contract. It carries a ContractProblem, so the CLI places it (`file:line`) and
 * prints it exactly as it prints the loader's problems.
 */
export class ContractError extends Error {
  readonly problem: ContractProblem;
  constructor(problem: ContractProblem) {
    super(problem.message);
    this.name = 'ContractError';
    this.problem = problem;
  }

  get pointer(): string {
    return this.problem.pointer;
  }
}

/**
 * The problem behind anything an emitter threw: a ContractError's own, or the message of an
 * unexpected error placed at the document's root, found by the emitter named `source`.
 */
export function problemOf(error: unknown, source: string): ContractProblem {
  if (error instanceof ContractError) return error.problem;
  const message = error instanceof Error ? error.message : String(error);
  return { pointer: '#', message, source };
}
