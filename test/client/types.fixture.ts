/**
 * Compile-time behaviour of the generated client. Proper use compiles; each deliberate misuse
 * is marked `@ts-expect-error` and must fail to compile. Checked by the project's `tsc` (an
 * unneeded directive is an error) and by test/client/types.test.ts, which also proves each
 * marked line fails on its own (not because of a neighbour). Never run, only compiled.
 */
import {
  fetchApiKey,
  isApiError,
  type ApiClient,
  type ApiData,
  type ApiErrorCodes,
  type ApiParams,
} from '../../generated/client.js';
import type { Message } from '../../generated/types.js';

declare const api: ApiClient;

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}

export async function properUse(): Promise<void> {
  const sent = await api.sendMessage({ type: 'channel', to: 'general', topic: 'x', content: 'hi' });
  if (sent.data) {
    const id: number = sent.data.id;
    void id;
  } else {
    const status: number = sent.error.status;
    void status;
    if (sent.error.kind === 'api') {
      const extra: unknown = sent.error.stream;
      void extra;
    }
    // The fields the contract declares for a code are typed once the error is narrowed to it.
    if (isApiError(sent.error, 'STREAM_DOES_NOT_EXIST')) {
      const stream: string = sent.error.stream;
      const msg: string = sent.error.msg;
      void [stream, msg];
    }
    // A code the operation does not document still narrows to an `api` error.
    if (isApiError(sent.error, 'RATE_LIMIT_HIT')) {
      const code: 'RATE_LIMIT_HIT' = sent.error.code;
      void code;
    }
  }
  await api.sendMessage({ type: 'direct', to: [12, 15], content: 'hi' });
  await api.sendMessage({ type: 'direct', to: ['iago@chat.example.com'], content: 'hi' });
  await api.sendMessage(
    { type: 'stream', to: 7, topic: 't', content: 'hi', read_by_sender: true },
    { timeoutMs: 1000 },
  );
  const page = await api.getMessages({
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: 'design' }],
  });
  const messages: Message[] | undefined = page.data?.messages;
  void messages;
  await api.getMessages({ message_ids: [1, 2], narrow: [['is', 'dm']] });
  await api.getMessage({ message_id: 5 });
  await api.getStreams();
  await api.updateUserGroup({
    user_group_id: 3,
    can_mention_group: { new: 14, old: { direct_members: [1], direct_subgroups: [] } },
  });
  const viaPath = await api.GET('/messages', {
    params: { query: { anchor: 'newest', narrow: [['is', 'dm']] } },
  });
  const pathMessages: Message[] | undefined = viaPath.data?.messages;
  void pathMessages;
  await api.POST('/messages', { body: { type: 'direct', to: [1], content: 'x' } });
  const level: number | undefined = api.featureLevel;
  void level;
  const login = await fetchApiKey('https://chat.example.com', 'iago', 'secret', {
    featureLevel: 300,
  });
  if (login.client) await login.client.getStreams();

  // The error code is the operation's documented codes, or any other string.
  assertType<
    Equal<
      ApiErrorCodes['sendMessage'],
      | 'STREAM_DOES_NOT_EXIST'
      | 'BAD_REQUEST'
      | 'STREAM_WILDCARD_MENTION_NOT_ALLOWED'
      | 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED'
    >
  >();
  assertType<
    Equal<
      ApiErrorCodes['unsubscribe'],
      'BAD_REQUEST' | 'UNAUTHORIZED_PRINCIPAL' | 'STREAM_DOES_NOT_EXIST'
    >
  >();
  if (sent.error?.kind === 'api') {
    const code: ApiErrorCodes['sendMessage'] | (string & {}) = sent.error.code;
    const unknownCode: string = sent.error.code;
    void code;
    void unknownCode;
  }
  // Parameters are typed by their schema, never as JSON text.
  assertType<Equal<ApiParams['sendMessage']['to'], string | number | string[] | number[]>>();
  assertType<Equal<ApiData['fetchApiKey']['api_key'], string>>();
}

/** Feature levels: the known level and `supports`, typed by operation and parameter name. */
export function featureLevels(): void {
  const level: number | undefined = api.featureLevel;
  const op: boolean = api.supports('updateUserTopic');
  const param: boolean = api.supports('getStreams', 'exclude_archived');
  const removed: boolean = api.supports('updateStream', 'stream_post_policy');
  void [level, op, param, removed];
}

export async function misuse(): Promise<void> {
  // @ts-expect-error wrong enum value for `type`
  await api.sendMessage({ type: 'email', to: 'general', content: 'x' });
  // @ts-expect-error wrong type for `to` (an object)
  await api.sendMessage({ type: 'direct', to: { id: 1 }, content: 'x' });
  // @ts-expect-error wrong type for `to` (a list of booleans)
  await api.sendMessage({ type: 'direct', to: [true], content: 'x' });
  // @ts-expect-error missing required parameter `content`
  await api.sendMessage({ type: 'direct', to: [1] });
  // @ts-expect-error missing required path parameter `message_id`
  await api.getMessage({});
  // @ts-expect-error no parameters at all for an operation that requires some
  await api.sendMessage();
  // @ts-expect-error unknown operation
  await api.sendMessages({ type: 'direct', to: [1], content: 'x' });
  // @ts-expect-error unknown parameter (a typo of `topic`)
  await api.sendMessage({ type: 'channel', to: 'general', topc: 'x', content: 'x' });
  // @ts-expect-error `narrow` is the value, not JSON text: the client encodes it
  await api.getMessages({ narrow: '[]' });
  // @ts-expect-error wrong type for a path parameter
  await api.getMessage({ message_id: 'five' });
  // @ts-expect-error path-style: unknown path
  await api.GET('/message');
  // @ts-expect-error path-style: wrong enum value in the body
  await api.POST('/messages', { body: { type: 'email', to: [1], content: 'x' } });
  const sent = await api.sendMessage({ type: 'direct', to: [1], content: 'x' });
  // @ts-expect-error the answer has no such field
  void sent.data?.no_such_field;
  // @ts-expect-error the error must be narrowed to `api` before reading extra fields
  void sent.error?.stream;
  if (isApiError(sent.error, 'BAD_REQUEST')) {
    // @ts-expect-error BAD_REQUEST declares no `stream`: it stays unknown
    const stream: string = sent.error.stream;
    void stream;
  }
  if (isApiError(sent.error, 'STREAM_DOES_NOT_EXIST')) {
    // @ts-expect-error `stream` is a string, not a number
    const stream: number = sent.error.stream;
    void stream;
  }
  // @ts-expect-error supports: unknown operationId
  void api.supports('sendMessages');
  // @ts-expect-error supports: a parameter of another operation (`anchor` is getMessages')
  void api.supports('sendMessage', 'anchor');
  // @ts-expect-error supports: `featureLevel` is read-only
  api.featureLevel = 5;
}
