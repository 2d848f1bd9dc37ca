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
import { operationLinks, type OperationLink } from '../../generator/model/links.js';
import { requestSamples } from '../../generator/model/lookup.js';
import type { ApiModel } from '../../generator/model/types.js';
import type { Step, Workflow } from './format.js';

const SAFE = new Set(['get', 'head', 'options']);

/**
 * The generated workflow (see above); `file` names where it came from, for messages. With the
 * model's links between operations (generator/model/links.ts), a path parameter another
 * operation's answer gives comes from that answer: the steps run as chains, producers first,
 * reads, then updates, then deletes, each delete followed by a read that must be refused; a
 * read after a create reads back what the create sent.
 */
export function sampleWorkflow(
  model: ApiModel,
  links: OperationLink[] = operationLinks(model),
): Workflow {
  const file = `${model.sourceFile} (sample requests)`;
  const used = bodyLinks(links);
  const steps: Step[] = model.operations.map((op) => {
    const sample = requestSamples(model, op, { max: 1 })[0];
    const parameters: Step['parameters'] = [];
    for (const [where, values] of [
      ['path', sample?.path ?? {}],
      ['query', sample?.query ?? {}],
      ['header', sample?.headers ?? {}],
    ] as const)
      for (const [name, value] of Object.entries(values)) {
        const link = where === 'path' ? used.get(`${op.id} ${name}`) : undefined;
        parameters.push({
          name,
          in: where,
          value: link ? { 'x-link': linkedValue(link), 'x-else': value } : value,
        });
      }
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
  return {
    workflowId: 'samples',
    summary: 'Each operation’s sample request, chained by links',
    steps: chained(model, steps, used, file),
    file,
  };
}

/** The first body link into each consumer parameter (`op param` → link). */
export function bodyLinks(links: OperationLink[]): Map<string, OperationLink> {
  const out = new Map<string, OperationLink>();
  for (const link of links)
    if ('body' in link.value && !out.has(`${link.to} ${link.parameter}`))
      out.set(`${link.to} ${link.parameter}`, link);
  return out;
}

const linkedValue = (link: OperationLink) =>
  `$steps.${link.from}.response.body#${'body' in link.value ? link.value.body : ''}`;

/** Where a step fed by a link goes: creates, reads, updates, deletes (unfed steps first). */
const RANK: Record<string, number> = { post: 1, get: 2, head: 2, put: 3, patch: 3, delete: 4 };

/**
 * Producers first, then reads, updates and deletes; after each delete, a read of what it
 * deleted (the first GET fed by the same link) that must be refused; a read fed by a create
 * reads back what the create sent.
 */
function chained(
  model: ApiModel,
  steps: Step[],
  used: Map<string, OperationLink>,
  file: string,
): Step[] {
  const byId = new Map(model.operations.map((op) => [op.id, op]));
  const rank = (step: Step) => {
    const op = byId.get(step.operationId)!;
    const linked = [...used.values()].some((l) => l.to === op.id);
    return linked ? (RANK[op.method] ?? 3) : 0;
  };
  const ordered = [...steps].sort((a, b) => rank(a) - rank(b));
  const out: Step[] = [];
  for (const step of ordered) {
    const op = byId.get(step.operationId)!;
    const incoming = [...used.values()].filter((l) => l.to === op.id);
    const create = incoming.find((l) => byId.get(l.from)?.method === 'post');
    if (op.method === 'get' && create)
      step.readBack = {
        of: create.from,
        says: `what ${create.from} created reads back as sent`,
        record: '$response.body',
        fields: {},
        lenient: true,
      };
    out.push(step);
    if (op.method !== 'delete' || incoming.length === 0) continue;
    const read = ordered.find(
      (s) =>
        byId.get(s.operationId)?.method === 'get' &&
        incoming.some((l) => used.get(`${s.operationId} ${l.parameter}`)?.from === l.from),
    );
    if (read)
      out.push({
        ...read,
        stepId: `${read.stepId}_after_${op.id}`,
        readBack: undefined,
        destructive: undefined,
        expect: {
          refusal: 'deleted',
          says: `what ${op.id} deleted is no longer readable`,
          about: op.id,
        },
        where: `${file}, step ${read.stepId} after ${op.id}`,
      });
  }
  return out;
}
