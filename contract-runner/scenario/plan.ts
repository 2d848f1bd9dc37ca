/**
 * Whether a scenario step runs (a skip with its reason, or blocked by a step it needs) and the
 * request it sends: its values resolved, checked against the server's feature level.
 */
import type { OperationInfo } from '../../runtime/operation-info.js';
import { absenceAt, valueSpan, type LevelSpan } from '../../runtime/feature-levels.js';
import { fieldText } from '../../runtime/wire.js';
import type { PlannedRequest } from '../request.js';
import { authOf, credentialsFor, neededFlags } from '../credentials.js';
import {
  condition,
  referencedInputs,
  resolveValue,
  type ExpressionContext,
  type Resolved,
} from './expressions.js';
import type { Step } from './format.js';
import type { ScenarioOptions } from './options.js';

export function skipReason(
  step: Step,
  op: OperationInfo,
  options: ScenarioOptions,
  level: number | undefined,
  ctx: ExpressionContext,
): { why: string; blocked?: boolean; legitimate?: boolean } | undefined {
  const why = legitimateSkip(step, op, options, level);
  if (why) return { why, legitimate: true };
  if (step.when) {
    const r = condition(step.when.condition, ctx);
    // Undecided (discovery failed: the role is unknown): a skip with its reason, not a failure
    // of this operation; the step that could not run fails on its own.
    if (!r.ok)
      return {
        why: `unknown whether it applies (${step.when.condition}: ${r.missing}); when not: ${step.when.otherwise}`,
        legitimate: true,
      };
    if (r.value !== true) return { why: step.when.otherwise };
  }
  return undefined;
}

function legitimateSkip(
  step: Step,
  op: OperationInfo,
  options: ScenarioOptions,
  level: number | undefined,
): string | undefined {
  if (options.skipped.has(step.operationId)) return `${step.operationId} skipped by --skip`;
  for (const [name, reason] of Object.entries(step.needs))
    if (options.inputs[name] === undefined) return reason;
  const inputs = referencedInputs([step.parameters, step.payload]);
  for (const name of inputs)
    if (options.inputs[name] === undefined) return `needs --input ${name}=VALUE`;
  if (step.as === 'other' && !options.other)
    // The second user's options are the first's with `--other-` (`--other-email`, ...).
    return `needs a second user's credentials (${neededFlags(op, options.schemes, options.basicNames, 'other-')})`;
  if (step.expect?.refusal === 'deleted' && options.stateless)
    return 'a stateless server keeps nothing that a delete could remove (--stateless)';
  if ((step.as === 'other' || step.expect) && options.stateless)
    return "a stateless server cannot keep one user's data from another (--stateless)";
  if (options.readOnly && op.method !== 'GET' && !step.changesNothing)
    return '--read-only: the step changes data';
  if (step.destructive && !options.allowDestructive)
    return `destructive: ${step.destructive} (--allow-destructive runs it)`;
  if (options.unauthenticatedOnly && op.auth === 'required')
    return '--unauthenticated-only: the operation needs credentials';
  if (!options.unauthenticatedOnly && op.auth === 'required') {
    const who = step.as === 'other' ? options.other : options.credentials;
    if (!credentialsFor(op, options.schemes, who))
      return `needs credentials (${neededFlags(op, options.schemes, options.basicNames)})`;
  }
  return absentWhy(op, level);
}

export function resolveRequest(
  step: Step,
  op: OperationInfo,
  ctx: ExpressionContext,
  level: number | undefined,
): { input: PlannedRequest['input'] } | { skip: string; blocked?: boolean } {
  const input: PlannedRequest['input'] = { path: {}, query: {}, body: {} };
  const fields = new Map(op.fields.map((f) => [f.name, f]));
  const put = (name: string, value: unknown): string | undefined => {
    const field = fields.get(name);
    if (!field) return `the step names '${name}', which ${op.operationId} does not have`;
    const absent = absentWhy(field, level);
    if (absent) return `'${name}' was ${absent}`;
    const text = fieldTextSafe(field, value);
    const valueAbsent = absentWhy(valueSpan(field, text), level);
    if (valueAbsent) return `${name}=${JSON.stringify(value)} was ${valueAbsent}`;
    const where = field.in === 'path' ? input.path : field.in === 'body' ? input.body : input.query;
    where[name] = value;
    return undefined;
  };
  for (const p of step.parameters) {
    const r: Resolved = resolveValue(p.value, ctx);
    if (!r.ok) return { skip: r.missing, blocked: r.blocked };
    const problem = put(p.name, r.value);
    if (problem) return { skip: problem };
  }
  // A JSON body is the payload as a whole (Arazzo's `payload`); a form body's fields go by name.
  const whole = op.body !== undefined && op.body.kind !== 'form';
  for (const [name, spec] of Object.entries(step.payload ?? {})) {
    const r = resolveValue(spec, ctx);
    if (!r.ok) return { skip: r.missing, blocked: r.blocked };
    if (whole) {
      input.body[name] = r.value;
      continue;
    }
    const problem = put(name, r.value);
    if (problem) return { skip: problem };
  }
  return { input };
}

/**
 * Why a server at `level` lacks an item (the level table's rule, runtime/feature-levels.ts, as
 * the servers apply it: they ignore such a parameter and refuse such a value), or undefined.
 * An unknown level is a server of today: it has every item added, none removed.
 */
function absentWhy(span: LevelSpan, level: number | undefined): string | undefined {
  const absence = absenceAt(span, level ?? Infinity);
  if (!absence) return undefined;
  const server = level === undefined ? 'a server of today' : `the server is at ${level}`;
  return 'until' in absence
    ? `removed (absent from feature level ${absence.until} on); ${server}`
    : `added at feature level ${absence.since}; ${server}`;
}

function fieldTextSafe(field: OperationInfo['fields'][number], value: unknown): string {
  try {
    return fieldText(field, value);
  } catch {
    return '';
  }
}

export function authFor(
  step: Step,
  op: OperationInfo,
  options: ScenarioOptions,
): PlannedRequest['auth'] {
  if (op.auth === 'none' || options.unauthenticatedOnly) return { kind: 'none' };
  const who = step.as === 'other' ? options.other : options.credentials;
  return authOf(op, options.schemes, who);
}
