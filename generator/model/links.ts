/**
 * Links between operations, for tools that chain them (the contract runner's create → read →
 * update → delete on a contract without scenarios): an operation whose answer gives a value
 * that another operation takes as a path parameter. Three sources, as Schemathesis infers them:
 *
 * - `openapi-link`: the contract's own `links` on a success response (`operationId` and
 *   `parameters` of `$response.body#/…` or `$response.header.…`);
 * - `location`: a success response that documents a `Location` header, for the operation on
 *   the item path under it (`POST /pets` → `GET /pets/{petId}`: the header's last segment);
 * - `id-in-answer`: a success body field, at the top or in one object (`data.id`), named as
 *   the consumer's parameter or `id`, where the consumer's path is the producer's plus
 *   `/{parameter}` (and more after it: `/pets/{petId}/photos`).
 */
import { getAt } from '../common/pointer.js';
import { openDocument } from './document.js';
import { collectProperties, deref } from './schema-facts.js';
import type { ApiModel, Operation } from './types.js';
import { isObject } from '../../runtime/is-object.js';

export interface OperationLink {
  from: string;
  to: string;
  /** the consumer's path parameter */
  parameter: string;
  /** where the value is in the producer's answer */
  value: { body: string } | { header: string };
  source: 'openapi-link' | 'location' | 'id-in-answer';
}

const successes = (op: Operation) => op.responses.filter((r) => /^2/.test(r.status));
const pathParams = (op: Operation) =>
  op.parameters.filter((p) => p.in === 'path').map((p) => p.name);

export function operationLinks(model: Pick<ApiModel, 'operations' | 'document'>): OperationLink[] {
  const document = openDocument(model.document);
  const out: OperationLink[] = [];
  const add = (link: OperationLink) => {
    if (
      !out.some((l) => l.from === link.from && l.to === link.to && l.parameter === link.parameter)
    )
      out.push(link);
  };
  for (const producer of model.operations) {
    for (const response of successes(producer)) {
      for (const link of declaredLinks(document, response.pointer, model, producer.id)) add(link);
      for (const consumer of model.operations) {
        const parameter = itemParameter(producer, consumer);
        if (!parameter) continue;
        if (response.headers.some((h) => h.toLowerCase() === 'location'))
          add({
            from: producer.id,
            to: consumer.id,
            parameter,
            value: { header: 'location' },
            source: 'location',
          });
        const pointer = idPointer(document, response.representative?.schema, parameter);
        if (pointer)
          add({
            from: producer.id,
            to: consumer.id,
            parameter,
            value: { body: pointer },
            source: 'id-in-answer',
          });
      }
    }
  }
  return out;
}

/**
 * Where a `Location` header would lead, documented or not: each create (POST) and the
 * operations on the item path under it. A runner follows the header when an answer has one
 * (most contracts never document it) and lists the link only then.
 */
export function locationCandidates(model: Pick<ApiModel, 'operations'>): OperationLink[] {
  const out: OperationLink[] = [];
  for (const producer of model.operations.filter((op) => op.method === 'post'))
    for (const consumer of model.operations) {
      const parameter = itemParameter(producer, consumer);
      if (parameter)
        out.push({
          from: producer.id,
          to: consumer.id,
          parameter,
          value: { header: 'location' },
          source: 'location',
        });
    }
  return out;
}

/** The consumer's path parameter right after the producer's path, when it is one. */
function itemParameter(producer: Operation, consumer: Operation): string | undefined {
  if (producer === consumer) return undefined;
  const m = /^\/\{([^}/]+)\}(\/|$)/.exec(consumer.path.slice(producer.path.length));
  if (!m || !consumer.path.startsWith(producer.path)) return undefined;
  // A producer that itself takes the parameter cannot be where it comes from.
  return pathParams(producer).includes(m[1]) ? undefined : m[1];
}

/** `/id`, `/<parameter>`, or one level down (`/data/id`), where the success schema has it. */
function idPointer(document: unknown, schema: unknown, parameter: string): string | undefined {
  const top = deref(document, schema);
  if (!top) return undefined;
  const names = [parameter, 'id'];
  const props = collectProperties(document, top).properties;
  for (const name of names) if (Object.hasOwn(props, name)) return `/${name}`;
  for (const [outer, inner] of Object.entries(props)) {
    const s = deref(document, inner);
    if (!s || s.type === 'array') continue;
    const innerProps = collectProperties(document, s).properties;
    for (const name of names) if (Object.hasOwn(innerProps, name)) return `/${outer}/${name}`;
  }
  return undefined;
}

/** The response's own `links` that name an operation by ID and fill its path parameters. */
function declaredLinks(
  document: unknown,
  responsePointer: string,
  model: Pick<ApiModel, 'operations'>,
  from: string,
): OperationLink[] {
  const response = deref(document, getAt(document, responsePointer));
  const links = isObject(response?.links) ? response.links : {};
  const out: OperationLink[] = [];
  for (const raw of Object.values(links)) {
    const link = deref(document, raw);
    if (!link || typeof link.operationId !== 'string' || !isObject(link.parameters)) continue;
    const consumer = model.operations.find((o) => o.id === link.operationId);
    if (!consumer) continue;
    for (const [name, expression] of Object.entries(link.parameters)) {
      const parameter = name.replace(/^path\./, '');
      if (typeof expression !== 'string' || !pathParams(consumer).includes(parameter)) continue;
      const body = /^\$response\.body#(\/.*)?$/.exec(expression);
      const header = /^\$response\.header\.(.+)$/.exec(expression);
      const value = body
        ? { body: body[1] ?? '' }
        : header
          ? { header: header[1].toLowerCase() }
          : undefined;
      if (value) out.push({ from, to: consumer.id, parameter, value, source: 'openapi-link' });
    }
  }
  return out;
}
