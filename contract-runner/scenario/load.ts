/**
 * Reading scenario files (YAML, Arazzo-shaped; see format.ts) into workflows. Problems are
 * values with the file and a JSON pointer, every one reported at once; nothing is thrown.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Check, Step, Workflow } from './format.js';
import { isObject } from '../../runtime/is-object.js';

export interface ScenarioProblem {
  file: string;
  pointer: string;
  message: string;
}

export type LoadedScenarios =
  { ok: true; workflows: Workflow[] } | { ok: false; problems: ScenarioProblem[] };

type Obj = Record<string, unknown>;

const STEP_KEYS = new Set([
  'stepId',
  'operationId',
  'description',
  'parameters',
  'requestBody',
  'successCriteria',
  'outputs',
  'x-checks',
  'x-read-back',
  'x-needs',
  'x-when',
  'x-destructive',
  'x-changes-nothing',
  'x-cleanup',
  'x-as',
  'x-expect',
  'x-skip-on',
]);
const COMPARISONS = ['equals', 'notEquals', 'contains', 'notContains', 'absent'] as const;

/** Every `*.yaml` file of `dir`, in name order, checked against the operations that exist. */
export function loadScenarios(dir: string, operationIds: readonly string[]): LoadedScenarios {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort();
  } catch (error) {
    return {
      ok: false,
      problems: [{ file: dir, pointer: '', message: (error as Error).message }],
    };
  }
  const problems: ScenarioProblem[] = [];
  const workflows: Workflow[] = [];
  const stepIds = new Set<string>();
  for (const name of files) {
    const file = join(dir, name);
    let doc: unknown;
    try {
      doc = parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push({ file, pointer: '', message: `not YAML: ${(error as Error).message}` });
      continue;
    }
    const problem = (pointer: string, message: string) => problems.push({ file, pointer, message });
    if (!isObject(doc) || typeof doc.arazzo !== 'string') {
      problem('', 'not an Arazzo document (no `arazzo` version)');
      continue;
    }
    if (!Array.isArray(doc.workflows)) {
      problem('/workflows', 'workflows must be a list');
      continue;
    }
    doc.workflows.forEach((raw, w) => {
      const at = `/workflows/${w}`;
      if (!isObject(raw) || typeof raw.workflowId !== 'string' || !Array.isArray(raw.steps)) {
        problem(at, 'a workflow needs a workflowId and a list of steps');
        return;
      }
      const steps: Step[] = [];
      raw.steps.forEach((s, i) => {
        const step = readStep(s, `${at}/steps/${i}`, problem, operationIds);
        if (!step) return;
        if (step.readBack && !stepIds.has(step.readBack.of))
          problem(
            `${at}/steps/${i}/x-read-back/of`,
            `'${step.readBack.of}' is not an earlier step`,
          );
        if (stepIds.has(step.stepId))
          problem(`${at}/steps/${i}/stepId`, `step '${step.stepId}' is defined twice`);
        stepIds.add(step.stepId);
        step.where = `${name} ${raw.workflowId as string}/${step.stepId}`;
        steps.push(step);
      });
      workflows.push({
        workflowId: raw.workflowId,
        summary: typeof raw.summary === 'string' ? raw.summary : undefined,
        steps,
        file,
      });
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, workflows };
}

function readStep(
  raw: unknown,
  at: string,
  problem: (pointer: string, message: string) => void,
  operationIds: readonly string[],
): Step | undefined {
  if (!isObject(raw)) return void problem(at, 'a step is an object');
  let failures = 0;
  const fail = (pointer: string, message: string) => {
    failures++;
    problem(`${at}${pointer}`, message);
  };
  for (const key of Object.keys(raw))
    if (!STEP_KEYS.has(key)) fail(`/${key}`, `unknown step field '${key}'`);
  if (typeof raw.stepId !== 'string' || !/^[A-Za-z0-9_-]+$/.test(raw.stepId))
    fail('/stepId', 'stepId must be letters, digits, _ or -');
  if (typeof raw.operationId !== 'string' || !operationIds.includes(raw.operationId))
    fail(
      '/operationId',
      `operationId '${String(raw.operationId)}' is not an operation of the contract`,
    );
  const parameters = Array.isArray(raw.parameters) ? raw.parameters : [];
  parameters.forEach((p, i) => {
    if (!isObject(p) || typeof p.name !== 'string' || !('value' in p))
      fail(`/parameters/${i}`, 'a parameter needs a name and a value');
  });
  const body = raw.requestBody;
  if (body !== undefined && !(isObject(body) && isObject(body.payload)))
    fail('/requestBody', 'requestBody needs a payload object (form fields by name)');
  const checks = readChecks(raw['x-checks'], operationIds, fail);
  const readBack = raw['x-read-back'];
  if (
    readBack !== undefined &&
    !(
      isObject(readBack) &&
      typeof readBack.of === 'string' &&
      typeof readBack.says === 'string' &&
      'record' in readBack &&
      (readBack.fields === undefined || isObject(readBack.fields)) &&
      (readBack.unvaried === undefined || isObject(readBack.unvaried)) &&
      (readBack.sparse === undefined || typeof readBack.sparse === 'boolean')
    )
  )
    fail(
      '/x-read-back',
      'x-read-back needs of (a step), says, record and optionally fields, unvaried and sparse',
    );
  const when = raw['x-when'];
  if (when !== undefined && !(isObject(when) && typeof when.condition === 'string'))
    fail('/x-when', 'x-when needs a condition and the reason given otherwise');
  const expect = raw['x-expect'];
  if (expect !== undefined && !(isObject(expect) && typeof expect.says === 'string'))
    fail('/x-expect', 'x-expect needs `refusal` and `says`');
  const skipOn = Array.isArray(raw['x-skip-on']) ? raw['x-skip-on'] : [];
  skipOn.forEach((s, i) => {
    if (!isObject(s) || typeof s.code !== 'string' || typeof s.reason !== 'string')
      fail(`/x-skip-on/${i}`, 'x-skip-on entries need a code and a reason');
  });
  if (raw['x-as'] !== undefined && raw['x-as'] !== 'other')
    fail('/x-as', "x-as is 'other' (the second credential) or absent");
  if (failures > 0) return undefined;
  return {
    stepId: raw.stepId as string,
    operationId: raw.operationId as string,
    description: typeof raw.description === 'string' ? raw.description : undefined,
    parameters: parameters as Step['parameters'],
    payload: isObject(body) ? (body.payload as Obj) : undefined,
    successCriteria: (Array.isArray(raw.successCriteria) ? raw.successCriteria : []).filter(
      (c): c is { condition: string } => isObject(c) && typeof c.condition === 'string',
    ),
    outputs: isObject(raw.outputs) ? raw.outputs : {},
    checks,
    readBack: isObject(readBack)
      ? {
          of: String(readBack.of),
          says: String(readBack.says),
          record: readBack.record,
          fields: isObject(readBack.fields) ? readBack.fields : {},
          ...(isObject(readBack.unvaried)
            ? {
                unvaried: Object.fromEntries(
                  Object.entries(readBack.unvaried).map(([k, v]) => [k, String(v)]),
                ),
              }
            : {}),
          ...(readBack.sparse === true ? { sparse: true } : {}),
        }
      : undefined,
    needs: isObject(raw['x-needs'])
      ? Object.fromEntries(Object.entries(raw['x-needs']).map(([k, v]) => [k, String(v)]))
      : {},
    when: isObject(when)
      ? {
          condition: String(when.condition),
          otherwise: String(when.otherwise ?? 'condition not met'),
        }
      : undefined,
    destructive: typeof raw['x-destructive'] === 'string' ? raw['x-destructive'] : undefined,
    changesNothing: raw['x-changes-nothing'] === true,
    cleanup: raw['x-cleanup'] === true,
    as: raw['x-as'] === 'other' ? 'other' : 'user',
    expect: isObject(expect)
      ? {
          refusal: expect.refusal === 'privacy' ? 'privacy' : 'refusal',
          says: String(expect.says),
        }
      : undefined,
    skipOn: skipOn as Step['skipOn'],
    where: '',
  };
}

/** A step's semantic checks (`x-checks`); each malformed one is a problem, left out. */
function readChecks(
  raw: unknown,
  operationIds: readonly string[],
  fail: (pointer: string, message: string) => void,
): Check[] {
  const checks: Check[] = [];
  (Array.isArray(raw) ? raw : []).forEach((c, i) => {
    const compared = isObject(c) ? COMPARISONS.filter((k) => k in c) : [];
    if (!isObject(c) || typeof c.says !== 'string' || !('actual' in c) || compared.length !== 1) {
      fail(`/x-checks/${i}`, `a check needs says, actual and one of ${COMPARISONS.join(', ')}`);
      return;
    }
    if (c.about !== undefined && !operationIds.includes(String(c.about)))
      fail(`/x-checks/${i}/about`, `'${String(c.about)}' is not an operation of the contract`);
    checks.push({
      says: c.says,
      about: c.about as string | undefined,
      actual: c.actual,
      each: c.each === true,
      equals: c.equals,
      notEquals: c.notEquals,
      contains: c.contains,
      notContains: c.notContains,
      absent: c.absent === true ? true : undefined,
      ...Object.fromEntries(compared.map((k) => [k, c[k]])),
    });
  });
  return checks;
}
