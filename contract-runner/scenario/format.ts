/**
 * The scenario format: Arazzo 1.0 documents (workflows of steps that call operations by
 * operationId and carry values between them with runtime expressions), with a few `x-`
 * extensions for what Arazzo leaves out: picking an item from a list, semantic checks, skip
 * conditions and safety. contract-runner/README.md documents every field.
 */

/** A value in a step: a literal, a runtime expression (`$steps.send.outputs.id`), a string with
 * `{$…}` parts, a selection, or an array/object of those. */
export type ValueSpec = unknown;

/** `{ x-from, x-where, x-where-not, x-select, x-pick, x-all }`: an item (or items) of a list. */
export interface Selection {
  from: ValueSpec;
  where: Record<string, ValueSpec>;
  whereNot: Record<string, ValueSpec>;
  /** JSON pointer into the chosen item; '' for the item itself */
  select: string;
  pick: 'first' | 'last';
  /** every matching item's selected value, as a list */
  all: boolean;
}

export interface Check {
  says: string;
  /** the operation whose promise this checks (default: the step's own) */
  about?: string;
  actual: ValueSpec;
  /** each item of `actual` (a list) must satisfy the comparison */
  each: boolean;
  equals?: ValueSpec;
  notEquals?: ValueSpec;
  contains?: ValueSpec;
  notContains?: ValueSpec;
  /** the selection finds nothing */
  absent?: boolean;
}

/**
 * `x-read-back`: the record this step read is compared, field by field, with what step `of`
 * sent: every body or query field of that request whose name the record has, plus `fields`
 * (record field → the value it must have, for names that differ: `subject` ← the sent `topic`).
 * A record that is not there, or a field that differs, is a `read-back` violation naming it.
 */
export interface ReadBack {
  /** the write step whose request is read back */
  of: string;
  says: string;
  /** the record as read (a value: an expression or a selection) */
  record: ValueSpec;
  fields: Record<string, ValueSpec>;
  /** no field in common is no violation (inferred from links, not declared by a scenario) */
  lenient?: boolean;
  /**
   * `unvaried`: parameters of an update not changed one by one (update-alone.ts), each with
   * why (a user's own role: changing it may take away the right to put it back)
   */
  unvaried?: Record<string, string>;
  /**
   * `sparse`: the record shows only what was ever set (organization defaults): a parameter it
   * does not show is varied too, and must show after it is written
   */
  sparse?: boolean;
}

export interface Step {
  stepId: string;
  operationId: string;
  description?: string;
  /** path, query (and header) parameters by name */
  parameters: { name: string; in?: string; value: ValueSpec }[];
  /** form fields by name */
  payload?: Record<string, ValueSpec>;
  successCriteria: { condition: string }[];
  outputs: Record<string, ValueSpec>;
  checks: Check[];
  readBack?: ReadBack;
  /** inputs the step needs, with the reason given when one is missing */
  needs: Record<string, string>;
  when?: { condition: string; otherwise: string };
  /** why the step is destructive (it writes to data that existed before the run) */
  destructive?: string;
  /** a POST that changes no data (POST /register): allowed under --read-only */
  changesNothing: boolean;
  /** runs at the end of its workflow even after a failure (puts back what the run changed) */
  cleanup: boolean;
  /** `other`: sent with the second credential */
  as: 'user' | 'other';
  /** the step must be refused: `privacy` when a success would show another's data */
  expect?: {
    refusal: 'privacy' | 'refusal' | 'deleted';
    says: string;
    /** the operation whose promise the refusal is (a delete's): default the step's */
    about?: string;
  };
  /** documented refusals that mean "this server cannot do it here", not a violation */
  skipOn: { code: string; reason: string }[];
  /** where it was written: file and workflow, for messages */
  where: string;
}

export interface Workflow {
  workflowId: string;
  summary?: string;
  steps: Step[];
  file: string;
}
