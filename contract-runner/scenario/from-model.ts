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
import {
  locationCandidates,
  operationLinks,
  type OperationLink,
} from '../../generator/model/links.js';
import { requestSamples } from '../../generator/model/lookup.js';
import type { ApiModel } from '../../generator/model/types.js';
import type { Step, Workflow } from './format.js';
import { isObject } from '../../runtime/is-object.js';

const SAFE = new Set(['get', 'head', 'options']);
const UPDATES = new Set(['put', 'patch']);

/**
 * The generated workflow (see above); `file` names where it came from, for messages. With the
 * model's links between operations (generator/model/links.ts), a path parameter another
 * operation's answer gives comes from that answer: the steps run as chains, producers first,
 * reads, then updates, then deletes, each delete followed by a read that must be refused; a
 * read after a create reads back what the create sent.
 */
export function sampleWorkflow(model: ApiModel, plan: LinkPlan = linkPlan(model)): Workflow {
  const file = `${model.sourceFile} (sample requests)`;
  const { feeds } = plan;
  const steps: Step[] = model.operations.map((op) => {
    // An update sends other free text than the create did: its read-back tells them apart.
    const variant = UPDATES.has(op.method) ? 'updated' : undefined;
    const sample = requestSamples(model, op, { max: 1, variant })[0];
    const parameters: Step['parameters'] = [];
    for (const [where, values] of [
      ['path', sample?.path ?? {}],
      ['query', sample?.query ?? {}],
      ['header', sample?.headers ?? {}],
    ] as const)
      for (const [name, value] of Object.entries(values)) {
        const fed = where === 'path' ? (feeds.get(`${op.id} ${name}`) ?? []) : [];
        parameters.push({ name, in: where, value: fed.reduceRight(linkedValue, value) });
      }
    const body = sample?.body;
    // Body fields by name, as the runner's steps give them (a body that is not an object of
    // fields, a list or a text, has no such names: the step goes without it and says so).
    const payload = isObject(body) ? body : undefined;
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
    steps: chained(model, steps, feeds, file),
    file,
  };
}

/**
 * The links a run without scenarios chains its steps by, worked out once per run: the workflow
 * is built from them and the links report says which of them ran.
 */
export interface LinkPlan {
  /** the links between operations the model found */
  links: OperationLink[];
  /** each create's `Location` header, documented or not, as a link to every operation it may feed */
  candidates: OperationLink[];
  /** what feeds each consumer parameter (`linkFeeds`) */
  feeds: Map<string, OperationLink[]>;
}

export function linkPlan(
  model: ApiModel,
  links: OperationLink[] = operationLinks(model),
): LinkPlan {
  const candidates = locationCandidates(model);
  return { links, candidates, feeds: linkFeeds(links, candidates) };
}

/** The first body link into each consumer parameter (`op param` → link). */
function bodyLinks(links: OperationLink[]): Map<string, OperationLink> {
  const out = new Map<string, OperationLink>();
  for (const link of links)
    if ('body' in link.value && !out.has(`${link.to} ${link.parameter}`))
      out.set(`${link.to} ${link.parameter}`, link);
  return out;
}

/**
 * What feeds each consumer parameter (`op param` → links, first tried first): a create's
 * `Location` header when its answer has one (documented or not: `candidates`), then the first
 * body link.
 */
function linkFeeds(
  links: OperationLink[],
  candidates: OperationLink[],
): Map<string, OperationLink[]> {
  const out = new Map<string, OperationLink[]>();
  const add = (link: OperationLink) => {
    const key = `${link.to} ${link.parameter}`;
    const list = out.get(key) ?? [];
    const twice =
      'header' in link.value && list.some((l) => l.from === link.from && 'header' in l.value);
    if (!twice) list.push(link);
    out.set(key, list);
  };
  const located = (l: OperationLink) => 'header' in l.value && l.value.header === 'location';
  for (const link of [...links.filter(located), ...candidates]) add(link);
  for (const link of bodyLinks(links).values()) add(link);
  return out;
}

/** A linked value, else `fallback` (the next link, or the sample value). */
const linkedValue = (fallback: unknown, link: OperationLink): unknown => ({
  'x-link':
    'body' in link.value
      ? `$steps.${link.from}.response.body#${link.value.body}`
      : { 'x-last-segment': `$steps.${link.from}.response.header.${link.value.header}` },
  'x-else': fallback,
});

/** Where a step fed by a link goes: creates, reads, updates, deletes (unfed steps first). */
const RANK: Record<string, number> = { post: 1, get: 2, head: 2, put: 3, patch: 3, delete: 4 };

/**
 * Producers first, then reads, updates and deletes; after each update, a read of what it
 * updated that must read back what it sent; after each delete, a read of what it deleted (the
 * first GET fed by the same link) that must be refused; a read fed by a create reads back what
 * the create sent.
 */
function chained(
  model: ApiModel,
  steps: Step[],
  feeds: Map<string, OperationLink[]>,
  file: string,
): Step[] {
  const byId = new Map(model.operations.map((op) => [op.id, op]));
  const all = [...feeds.values()].flat();
  const incomingOf = (id: string) => all.filter((l) => l.to === id);
  const rank = (step: Step) => {
    const op = byId.get(step.operationId)!;
    return incomingOf(op.id).length > 0 ? (RANK[op.method] ?? 3) : 0;
  };
  const ordered = [...steps].sort((a, b) => rank(a) - rank(b));
  const out: Step[] = [];
  for (const step of ordered) {
    const op = byId.get(step.operationId)!;
    const incoming = incomingOf(op.id);
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
    if (incoming.length === 0 || !['put', 'patch', 'delete'].includes(op.method)) continue;
    const read = ordered.find(
      (s) =>
        byId.get(s.operationId)?.method === 'get' &&
        incoming.some((l) =>
          (feeds.get(`${s.operationId} ${l.parameter}`) ?? []).some((f) => f.from === l.from),
        ),
    );
    if (!read) continue;
    const again = {
      ...read,
      stepId: `${read.stepId}_after_${op.id}`,
      readBack: undefined,
      destructive: undefined,
      where: `${file}, step ${read.stepId} after ${op.id}`,
    };
    out.push(
      op.method === 'delete'
        ? {
            ...again,
            expect: {
              refusal: 'deleted',
              says: `what ${op.id} deleted is no longer readable`,
              about: op.id,
            },
          }
        : {
            ...again,
            readBack: {
              of: step.stepId,
              says: `what ${op.id} updated reads back as sent`,
              record: '$response.body',
              fields: {},
              lenient: true,
            },
          },
    );
  }
  return out;
}
