/** Operations shaped like the contract's, for the wire tests (the real table comes from generated/). */
import type { WireField, WireOperation } from '../../runtime/wire.js';

const FORM = {
  kind: 'form',
  mediaTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  required: true,
} as const;

function field(
  name: string,
  location: WireField['in'],
  encoding: WireField['encoding'],
  types: WireField['types'],
  required = false,
): WireField {
  return { name, in: location, required, encoding, types };
}

export const sendMessage: WireOperation = {
  operationId: 'sendMessage',
  method: 'POST',
  path: '/messages',
  fields: [
    field('type', 'body', 'plain', ['string'], true),
    field('to', 'body', 'json', ['string', 'integer', 'array'], true),
    field('content', 'body', 'plain', ['string'], true),
    field('topic', 'body', 'plain', ['string']),
    field('read_by_sender', 'body', 'plain', ['boolean']),
  ],
  body: { ...FORM, mediaTypes: [...FORM.mediaTypes] },
};

export const getMessages: WireOperation = {
  operationId: 'getMessages',
  method: 'GET',
  path: '/messages',
  fields: [
    field('anchor', 'query', 'plain', ['string', 'integer']),
    field('include_anchor', 'query', 'plain', ['boolean']),
    field('num_before', 'query', 'plain', ['integer']),
    field('num_after', 'query', 'plain', ['integer']),
    field('narrow', 'query', 'json', ['array']),
    field('message_ids', 'query', 'json', ['array']),
  ],
};

export const updateStream: WireOperation = {
  operationId: 'updateStream',
  method: 'PATCH',
  path: '/streams/{stream_id}',
  fields: [
    field('stream_id', 'path', 'plain', ['integer'], true),
    field('description', 'body', 'plain', ['string']),
    field('is_private', 'body', 'plain', ['boolean']),
    field('message_retention_days', 'body', 'json', ['string', 'integer']),
    field('folder_id', 'body', 'plain', ['integer', 'null']),
    field('can_add_subscribers_group', 'body', 'json', ['object']),
  ],
  body: { ...FORM, mediaTypes: [...FORM.mediaTypes], required: false },
};

export const unsubscribe: WireOperation = {
  operationId: 'unsubscribe',
  method: 'DELETE',
  path: '/users/me/subscriptions',
  fields: [
    field('subscriptions', 'query', 'json', ['array'], true),
    field('principals', 'query', 'json', ['array']),
  ],
};

export const removeReaction: WireOperation = {
  operationId: 'removeReaction',
  method: 'DELETE',
  path: '/messages/{message_id}/reactions',
  fields: [
    field('message_id', 'path', 'plain', ['integer'], true),
    field('emoji_name', 'query', 'plain', ['string']),
    field('reaction_type', 'query', 'plain', ['string']),
  ],
};

/** OpenAPI styles our contract does not use, for other documents. */
export const styles: WireOperation = {
  operationId: 'styles',
  method: 'GET',
  path: '/styles/{ids}',
  fields: [
    { name: 'ids', in: 'path', required: true, encoding: 'plain', types: ['string'] },
    {
      name: 'tag',
      in: 'query',
      required: false,
      encoding: 'explode',
      types: ['array'],
      itemTypes: ['integer'],
    },
    {
      name: 'color',
      in: 'query',
      required: false,
      encoding: 'comma',
      types: ['array'],
      itemTypes: ['string'],
    },
    {
      name: 'point',
      in: 'query',
      required: false,
      encoding: 'comma',
      types: ['object'],
      itemTypes: ['integer'],
    },
    {
      name: 'filter',
      in: 'query',
      required: false,
      encoding: 'deepObject',
      types: ['object'],
      itemTypes: ['string', 'boolean'],
    },
    { name: 'X-Trace', in: 'header', required: false, encoding: 'plain', types: ['integer'] },
  ],
};

export const createWithJson: WireOperation = {
  operationId: 'createWithJson',
  method: 'PUT',
  path: '/things',
  fields: [],
  body: { kind: 'json', mediaTypes: ['application/json'], required: true },
};

/** Decodes an encoded request the way a server receives it. */
export function rawOf(
  encoded: {
    path: string;
    query: string;
    headers?: Record<string, string>;
    body?: { contentType: string; text?: string; bytes?: Uint8Array };
  },
  pathParams: Record<string, string> = {},
) {
  return {
    pathParams,
    query: encoded.query,
    headers: encoded.headers,
    contentType: encoded.body?.contentType,
    body: encoded.body?.text ?? encoded.body?.bytes,
  };
}
