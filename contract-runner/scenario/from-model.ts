/**
 * Scenarios for a contract that has none written for it: one workflow, one step per operation,
 * each sending the operation's first sample request (generator/model/samples.ts: the contract's
 * own examples first, values made from the schema only where it gives none), the same samples
 * the docs show. Our contract's scenarios (contract-runner/scenarios/) know its data and
 * promises; these know only the document, so they carry no checks and no outputs: each step
 * passes when the answer is a documented success with a valid body.
 *
 * Safety: a step whose method writes (anything but GET, HEAD, OPTIONS) is marked destructive,
 * so it runs only with `--allow-destructive` (a mock: `--stateless --allow-destructive`) and is
 * skipped, saying why, otherwise.
 */
import { requestSamples } from '../../generator/model/lookup.js';
import type { ApiModel } from '../../generator/model/types.js';
import type { Step, Workflow } from './format.js';

const SAFE = new Set(['get', 'head', 'options']);

/** The generated workflow (see above); `file` names where it came from, for messages. */
export function sampleWorkflow(model: ApiModel): Workflow {
  const file = `${model.sourceFile} (sample requests)`;
  const steps: Step[] = model.operations.map((op) => {
    const sample = requestSamples(model, op, { max: 1 })[0];
    const parameters: Step['parameters'] = [];
    for (const [where, values] of [
      ['path', sample?.path ?? {}],
      ['query', sample?.query ?? {}],
      ['header', sample?.headers ?? {}],
    ] as const)
      for (const [name, value] of Object.entries(values))
        parameters.push({ name, in: where, value });
    const body = sample?.body;
    // Body fields by name, as the runner's steps give them (a body that is not an object of
    // fields, a list or a text, has no such names: the step goes without it and says so).
    const payload =
      body !== undefined && typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : undefined;
    return {
      stepId: op.id,
      operationId: op.id,
      description:
        body !== undefined && payload === undefined
          ? `${op.id}: its sample body is not an object of fields, sent without it`
          : undefined,
      parameters,
      ...(payload ? { payload } : {}),
      successCriteria: [],
      outputs: {},
      checks: [],
      needs: {},
      ...(SAFE.has(op.method)
        ? {}
        : {
            destructive: `a sample ${op.method.toUpperCase()} request: it may change the server's data`,
          }),
      changesNothing: false,
      cleanup: false,
      as: 'user',
      skipOn: [],
      where: `${file}, step ${op.id}`,
    };
  });
  return { workflowId: 'samples', summary: 'Each operation’s sample request', steps, file };
}
