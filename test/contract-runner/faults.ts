/**
 * Faulty servers: each is the stateful mock with one fault planted, by overriding a handler
 * (`overrideHandlers`) or by wrapping its request listener (rewriting the request before the
 * mock sees it, or the answer after). Each declares the operation it breaks and the finding the
 * runner must report for it. Together they cover the misses of issue 14 (wrong API key, unknown
 * email, text/plain, 418, 401→403, a refusal with a documented code, wrong bodies of operations
 * that never succeeded, narrow ignored, another user's data, a write that drops fields) plus
 * shapes, statuses, content types, 500s, hangs, non-envelope errors and auth bypass.
 */
import type { IncomingMessage, RequestListener } from 'node:http';
import type { ViolationKind } from '../../contract-runner/findings.js';
import type { Handlers } from '../../generated/server.js';
import { error, ok } from '../../generated/server.js';
import type { StatefulMock, StatefulMockOptions } from '../../mock/stateful/index.js';
import type { MockState, UserRecord } from '../../mock/stateful/state.js';

export interface Fault {
  name: string;
  operation: string;
  violation: ViolationKind;
  /** the planted finding's message, exactly (run-specific parts as patterns) */
  message: RegExp;
  handlers?: (base: Handlers<UserRecord>, state: MockState) => Partial<Handlers<UserRecord>>;
  wrap?: (listener: RequestListener, mock: StatefulMock) => RequestListener;
  /** the run needs these (e.g. --allow-destructive, a second user, --auth-status 401) */
  allowDestructive?: boolean;
  other?: boolean;
  authStatus?: number;
  options?: StatefulMockOptions;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Match = (req: IncomingMessage) => boolean;

const route =
  (method: string, pattern: RegExp): Match =>
  (req) =>
    req.method === method && pattern.test((req.url ?? '').split('?')[0]);

/** Rewrites the answers to matching requests ('hang': never answer). */
function answers(
  match: Match,
  change: (answer: Answer, req: IncomingMessage) => Answer | 'hang',
): (listener: RequestListener) => RequestListener {
  return (listener) => (req, res) => {
    if (!match(req)) return listener(req, res);
    let status = 200;
    let headers: Record<string, string> = {};
    const writeHead = res.writeHead.bind(res) as (s: number, h: Record<string, string>) => void;
    const end = res.end.bind(res) as (chunk?: string) => void;
    (res as { writeHead: unknown }).writeHead = (s: number, h?: Record<string, string>) => {
      status = s;
      headers = { ...(h ?? {}) };
      return res;
    };
    (res as { end: unknown }).end = (chunk?: unknown) => {
      const out = change({ status, headers, body: chunk === undefined ? '' : String(chunk) }, req);
      if (out === 'hang') return res;
      const { 'content-length': _length, ...rest } = out.headers;
      writeHead(out.status, { ...rest, 'content-length': String(Buffer.byteLength(out.body)) });
      end(out.body);
      return res;
    };
    listener(req, res);
  };
}

/** Rewrites the Authorization header of matching requests before the mock sees it. */
function credentials(
  match: Match,
  change: (header: string | undefined, mock: StatefulMock) => string | undefined,
): (listener: RequestListener, mock: StatefulMock) => RequestListener {
  return (listener, mock) => (req, res) => {
    if (match(req)) {
      const next = change(req.headers.authorization, mock);
      if (next === undefined) delete req.headers.authorization;
      else req.headers.authorization = next;
    }
    listener(req, res);
  };
}

function basicOf(header: string | undefined): { email: string; key: string } | null | undefined {
  if (!header) return undefined;
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon > 0 ? { email: text.slice(0, colon), key: text.slice(colon + 1) } : null;
}

const basic = (u: UserRecord) =>
  `Basic ${Buffer.from(`${u.email}:${u.api_key}`).toString('base64')}`;
const owner = (mock: StatefulMock) => [...mock.state.users.values()].find((u) => u.role === 100)!;
const userByEmail = (mock: StatefulMock, email: string) =>
  [...mock.state.users.values()].find((u) => u.email === email);

const json = (answer: Answer, change: (body: Record<string, unknown>) => unknown): Answer => ({
  ...answer,
  body: JSON.stringify(change(JSON.parse(answer.body))),
});
const isError = (a: Answer) => a.status >= 400;

export const FAULTS: Fault[] = [
  // --- authentication -------------------------------------------------------------------
  {
    name: 'any non-empty API key is accepted',
    operation: 'getStreams',
    violation: 'auth-bypass',
    message: /^answered 200 without valid credentials$/,
    wrap: credentials(route('GET', /\/streams$/), (h, mock) => {
      const c = basicOf(h);
      const u = c ? userByEmail(mock, c.email) : undefined;
      return u && c && c.key !== '' ? basic(u) : h;
    }),
  },
  {
    name: 'an unknown email is accepted',
    operation: 'getMessages',
    violation: 'auth-bypass',
    message: /^answered 200 without valid credentials$/,
    wrap: credentials(route('GET', /\/messages$/), (h, mock) => {
      const c = basicOf(h);
      return c && !userByEmail(mock, c.email) ? basic(owner(mock)) : h;
    }),
  },
  {
    name: 'a malformed Authorization header is accepted',
    operation: 'sendMessage',
    violation: 'auth-bypass',
    message: /^answered 200 without valid credentials$/,
    wrap: credentials(route('POST', /\/messages$/), (h, mock) =>
      h !== undefined && basicOf(h) === null ? basic(owner(mock)) : h,
    ),
  },
  {
    name: 'no credentials are accepted',
    operation: 'updateMessageFlags',
    violation: 'auth-bypass',
    message: /^answered 200 without valid credentials$/,
    wrap: credentials(route('POST', /\/messages\/flags$/), (h, mock) => h ?? basic(owner(mock))),
  },
  {
    name: 'wrong credentials fall back to anonymous access',
    operation: 'registerQueue',
    violation: 'auth-bypass',
    message: /^answered 200 without valid credentials$/,
    wrap: credentials(route('POST', /\/register$/), (h, mock) => {
      const c = basicOf(h);
      const u = c ? userByEmail(mock, c.email) : undefined;
      return c === null || (c && (!u || u.api_key !== c.key)) ? undefined : h;
    }),
  },
  {
    name: 'authentication failures answered 403 instead of 401',
    operation: 'getMessages',
    violation: 'error-status',
    message: /^an authentication failure answered 403; expected 401$/,
    authStatus: 401,
    wrap: answers(route('GET', /\/messages$/), (a) =>
      a.status === 401 ? { ...a, status: 403 } : a,
    ),
  },
  // --- content types, statuses, envelopes ------------------------------------------------
  {
    name: 'every answer labelled text/plain',
    operation: 'getUsers',
    violation: 'content-type',
    message: /^a JSON answer labelled 'text\/plain; charset=utf-8', not application\/json$/,
    wrap: answers(
      () => true,
      (a) => ({ ...a, headers: { ...a.headers, 'content-type': 'text/plain; charset=utf-8' } }),
    ),
  },
  {
    name: 'a success answer labelled application/xml',
    operation: 'createSavedSnippet',
    violation: 'content-type',
    message: /^a JSON answer labelled 'application\/xml', not application\/json$/,
    wrap: answers(route('POST', /\/saved_snippets$/), (a) =>
      a.status === 200 ? { ...a, headers: { ...a.headers, 'content-type': 'application/xml' } } : a,
    ),
  },
  {
    name: 'validation errors answered 418',
    operation: 'sendMessage',
    violation: 'error-status',
    message:
      /^an invalid request answered 418; a client error here is one of 400, 404, 409, 413, 422$/,
    wrap: answers(route('POST', /\/messages$/), (a) =>
      a.status === 400 ? { ...a, status: 418 } : a,
    ),
  },
  {
    name: 'success answered 201, which is not documented',
    operation: 'getStreams',
    violation: 'undocumented-status',
    message: /^status 201 is not documented \(documented: 200, default\)$/,
    wrap: answers(route('GET', /\/streams$/), (a) =>
      a.status === 200 ? { ...a, status: 201 } : a,
    ),
  },
  {
    name: 'a valid request answered 500',
    operation: 'getMessage',
    violation: 'server-error',
    message: /^answered 500 BAD_REQUEST: boom$/,
    wrap: answers(route('GET', /\/messages\/[0-9]+$/), (a) =>
      a.status === 200
        ? {
            ...a,
            status: 500,
            body: JSON.stringify({ result: 'error', msg: 'boom', code: 'BAD_REQUEST' }),
          }
        : a,
    ),
  },
  {
    name: 'invalid requests answered 500',
    operation: 'updateUserTopic',
    violation: 'server-error',
    message: /^answered 500 BAD_REQUEST: Invalid request: .*stream_id/,
    wrap: answers(route('POST', /\/user_topics$/), (a) =>
      a.status === 400 ? { ...a, status: 500 } : a,
    ),
  },
  {
    name: 'errors without the envelope',
    operation: 'createSavedSnippet',
    violation: 'envelope',
    message: /^result is undefined, expected "error"$/,
    wrap: answers(route('POST', /\/saved_snippets$/), (a) =>
      isError(a) ? { ...a, body: JSON.stringify({ error: 'bad request' }) } : a,
    ),
  },
  {
    name: 'errors as an HTML page',
    operation: 'addLinkifier',
    violation: 'not-json',
    message: /^40[01] answer is not JSON \(text\/html\): <html><h1>Bad Request<\/h1><\/html>$/,
    wrap: answers(route('POST', /\/realm\/filters$/), (a) =>
      isError(a)
        ? {
            ...a,
            headers: { 'content-type': 'text/html' },
            body: '<html><h1>Bad Request</h1></html>',
          }
        : a,
    ),
  },
  {
    name: 'an error code the operation does not document',
    operation: 'registerQueue',
    violation: 'undocumented-code',
    message: /^error code INVALID_EVENT_TYPE is not one registerQueue documents \(BAD_REQUEST\)$/,
    wrap: answers(route('POST', /\/register$/), (a) =>
      a.status === 400 ? json(a, (b) => ({ ...b, code: 'INVALID_EVENT_TYPE' })) : a,
    ),
  },
  {
    name: 'a success envelope saying result "error"',
    operation: 'testE2eePushNotification',
    violation: 'envelope',
    message: /^result is "error", expected "success"$/,
    wrap: answers(route('POST', /\/mobile_push\/e2ee\/test_notification$/), (a) =>
      a.status === 200 ? json(a, (b) => ({ ...b, result: 'error' })) : a,
    ),
  },
  {
    name: 'invalid requests accepted',
    operation: 'addPlatformDeviceToken',
    violation: 'accepted-invalid',
    message: /^invalid request accepted \(200\)$/,
    wrap: answers(route('POST', /\/users\/me\/platform_device_token$/), (a) =>
      a.status === 400
        ? { ...a, status: 200, body: JSON.stringify({ result: 'success', msg: '' }) }
        : a,
    ),
  },
  // --- hangs ------------------------------------------------------------------------------
  {
    name: 'GET /users never answers',
    operation: 'getUsers',
    violation: 'no-answer',
    message: /^no answer within \d+ ms$/,
    wrap: answers(route('GET', /\/users$/), () => 'hang'),
  },
  {
    name: 'requests without credentials hang',
    operation: 'getStreams',
    violation: 'no-answer',
    message: /^no answer within \d+ ms$/,
    wrap: answers(
      (req) => route('GET', /\/streams$/)(req) && req.headers.authorization === undefined,
      () => 'hang',
    ),
  },
  // --- bodies of operations that never succeeded against the old runner --------------------
  {
    name: 'message flags of the wrong type',
    operation: 'getMessage',
    violation: 'body-shape',
    message: /^body: \/message\/flags must be array$/,
    wrap: answers(route('GET', /\/messages\/[0-9]+$/), (a) =>
      a.status === 200
        ? json(a, (b) => ({ ...b, message: { ...(b.message as object), flags: 'starred' } }))
        : a,
    ),
  },
  {
    name: 'removeReaction success with a malformed ignored_parameters_unsupported',
    operation: 'removeReaction',
    violation: 'body-shape',
    message: /^body: \/ignored_parameters_unsupported must be array$/,
    allowDestructive: true,
    wrap: answers(route('DELETE', /\/reactions$/), (a) =>
      a.status === 200
        ? json(a, (b) => ({ ...b, ignored_parameters_unsupported: 'emoji_code' }))
        : a,
    ),
  },
  {
    name: 'editDraft success without msg',
    operation: 'editDraft',
    violation: 'envelope',
    message: /^msg is missing or not a string$/,
    allowDestructive: true,
    wrap: answers(route('PATCH', /\/drafts\/[0-9]+$/), (a) =>
      a.status === 200 ? json(a, () => ({ result: 'success' })) : a,
    ),
  },
  {
    name: 'unsubscribe success without removed',
    operation: 'unsubscribe',
    violation: 'body-shape',
    message: /^body: \/removed is required$/,
    allowDestructive: true,
    options: { validateResponses: false },
    handlers: (base) => ({
      unsubscribe: async (params, context) => {
        await base.unsubscribe(params, context);
        return ok({ not_removed: [] }) as never;
      },
    }),
  },
  {
    name: 'getUsers members as a string',
    operation: 'getUsers',
    violation: 'body-shape',
    message: /^body: \/members must be array$/,
    wrap: answers(route('GET', /\/users$/), (a) =>
      a.status === 200 ? json(a, (b) => ({ ...b, members: 'everyone' })) : a,
    ),
  },
  // --- refusals and semantics ---------------------------------------------------------------
  {
    name: 'every message refused with a documented code',
    operation: 'sendMessage',
    violation: 'success-not-reached',
    message: /^a valid request was refused: 400 STREAM_DOES_NOT_EXIST: Channel does not exist$/,
    handlers: () => ({
      sendMessage: () =>
        error(400, 'STREAM_DOES_NOT_EXIST', 'Channel does not exist', { stream: 'x' }),
    }),
  },
  {
    name: 'narrow ignored',
    operation: 'getMessages',
    violation: 'semantic',
    message: /^a channel narrow returns only that channel: got \d+, expected 1$/,
    handlers: (base) => ({
      getMessages: (params, context) => base.getMessages({ ...params, narrow: undefined }, context),
    }),
  },
  {
    name: "another user's direct message returned",
    operation: 'getMessage',
    violation: 'privacy',
    message: /^another user cannot read the user's direct message to themselves: answered 200$/,
    other: true,
    handlers: (base, state) => ({
      getMessage: (params, context) => {
        const m = state.messageById.get(params.message_id);
        const sender = m ? state.users.get(m.sender_id) : undefined;
        return base.getMessage(params, { ...context, user: sender ?? context.user });
      },
    }),
  },
  {
    name: 'a sent message stored with other content',
    operation: 'sendMessage',
    violation: 'semantic',
    message:
      /^a sent message comes back by ID with its content: got "Contract check \w+: hello \(edited\)", expected "Contract check \w+: hello"$/,
    handlers: (base) => ({
      sendMessage: (params, context) =>
        base.sendMessage({ ...params, content: `${params.content} (edited)` }, context),
    }),
  },
  {
    name: 'a saved snippet stored without its content',
    operation: 'createSavedSnippet',
    violation: 'semantic',
    message:
      /^a created snippet is there with its content: got "-", expected "Checklist of the contract run \w+"$/,
    handlers: (base) => ({
      createSavedSnippet: (params, context) =>
        base.createSavedSnippet({ ...params, content: '-' }, context),
    }),
  },
  {
    name: 'flag updates do nothing',
    operation: 'updateMessageFlags',
    violation: 'semantic',
    message: /^an added flag is in the message's flags: \[\] does not contain "starred"$/,
    handlers: () => ({
      updateMessageFlags: (params) => ok({ messages: params.messages }) as never,
    }),
  },
  {
    name: 'channel updates drop the description',
    operation: 'updateStream',
    violation: 'semantic',
    message:
      /^an update is visible on the next read: got "Everything that concerns \*\*everyone\*\*\.", expected "Described by the contract run \w+"$/,
    allowDestructive: true,
    handlers: (base) => ({
      updateStream: (params, context) =>
        base.updateStream(
          { ...params, description: undefined, is_private: params.is_private },
          context,
        ),
    }),
  },
  {
    name: 'user updates drop the name',
    operation: 'updateUser',
    violation: 'semantic',
    message:
      /^an update is visible on the next read: got "Olivia Owner", expected "Contract Run \w+"$/,
    allowDestructive: true,
    handlers: () => ({ updateUser: () => ok() as never }),
  },
  {
    name: 'deactivation does nothing',
    operation: 'deactivateUser',
    violation: 'semantic',
    message: /^a deactivated user is no longer active: got true, expected false$/,
    allowDestructive: true,
    handlers: () => ({ deactivateUser: () => ok() as never }),
  },
  {
    name: 'organization defaults not stored',
    operation: 'updateRealmUserSettingsDefaults',
    violation: 'semantic',
    message:
      /^an updated default is visible on the next read: \$response\.body#\/realm_user_settings_defaults\/enter_sends has no value$/,
    allowDestructive: true,
    handlers: () => ({ updateRealmUserSettingsDefaults: () => ok() as never }),
  },
  {
    name: 'user group updates do nothing',
    operation: 'updateUserGroup',
    violation: 'semantic',
    message:
      /^an update is visible on the next read: got "The backend team", expected "Described by the contract run \w+"$/,
    allowDestructive: true,
    handlers: () => ({ updateUserGroup: () => ok() as never }),
  },
  {
    name: 'removing a reaction does nothing',
    operation: 'removeReaction',
    violation: 'semantic',
    message: /^a removed reaction is gone: found "party_parrot"$/,
    allowDestructive: true,
    handlers: () => ({ removeReaction: () => ok() as never }),
  },
  {
    name: 'the password gives back another API key',
    operation: 'fetchApiKey',
    violation: 'semantic',
    message:
      /^the password gives back the user's API key: got "someone-elses-key", expected <API_KEY>$/,
    handlers: (base) => ({
      fetchApiKey: async (params, context) => {
        const answer = (await base.fetchApiKey(params, context)) as {
          status: number;
          body: Record<string, unknown>;
        };
        return (
          answer.status === 200
            ? { ...answer, body: { ...answer.body, api_key: 'someone-elses-key' } }
            : answer
        ) as never;
      },
    }),
  },
  // --- what a write did, read back (issue 31) -------------------------------------------------
  {
    name: 'a saved snippet stored with another title',
    operation: 'createSavedSnippet',
    violation: 'read-back',
    message:
      /^a created snippet reads back as sent: field 'title' reads back "Untitled", sent "Contract run \w+"$/,
    handlers: (base) => ({
      createSavedSnippet: (params, context) =>
        base.createSavedSnippet({ ...params, title: 'Untitled' }, context),
    }),
  },
  {
    name: 'a linkifier stored without its URL template',
    operation: 'addLinkifier',
    violation: 'read-back',
    message:
      /^an added linkifier reads back as sent: field 'url_template' reads back "https:\/\/example\.com\/\{id\}", sent "https:\/\/tracker\.example\.com\/tms\/\{id\}"$/,
    handlers: (base) => ({
      addLinkifier: (params, context) =>
        base.addLinkifier({ ...params, url_template: 'https://example.com/{id}' }, context),
    }),
  },
  {
    name: 'a created snippet never appears in reads',
    operation: 'createSavedSnippet',
    violation: 'read-back',
    message:
      /^a created snippet reads back as sent: the record is not there \(no item of \$response\.body#\/saved_snippets matches \/id = 424242\)$/,
    handlers: () => ({
      createSavedSnippet: () => ok({ saved_snippet_id: 424242 }) as never,
    }),
  },
  {
    name: 'unsubscribing reports the channel removed but keeps the subscription',
    operation: 'unsubscribe',
    violation: 'semantic',
    allowDestructive: true,
    message: /^a channel left is no longer among the user's subscriptions: found "[^"]+"$/,
    handlers: () => ({
      unsubscribe: (params) =>
        ok({ removed: params.subscriptions as string[], not_removed: [] }) as never,
    }),
  },
  {
    name: 'GET /messages/{id} ignores apply_markdown=false',
    operation: 'sendMessage',
    violation: 'read-back',
    message:
      /^a sent message reads back as sent: field 'content' reads back "<p>Contract check \w+: hello<\/p>", sent "Contract check \w+: hello"$/,
    handlers: (base) => ({
      getMessage: (params, context) =>
        base.getMessage({ ...params, apply_markdown: true }, context),
    }),
  },
  {
    name: 'POST /register takes fetch_event_types only beside event_types',
    operation: 'registerQueue',
    violation: 'refused-alone',
    message:
      /^optional 'fetch_event_types' sent alone with the required parameters was refused: 400 BAD_REQUEST: fetch_event_types needs event_types$/,
    handlers: (base) => ({
      registerQueue: (params, context) =>
        params.fetch_event_types !== undefined && params.event_types === undefined
          ? error(400, 'BAD_REQUEST', 'fetch_event_types needs event_types')
          : base.registerQueue(params, context),
    }),
  },
  // --- an update's optional parameters, each alone, read back (issue 31) ----------------------
  {
    name: 'channel updates ignore is_web_public',
    operation: 'updateStream',
    violation: 'read-back',
    allowDestructive: true,
    message: /^optional 'is_web_public' sent alone does not read back: sent true, reads false$/,
    handlers: (base) => ({
      updateStream: (params, context) =>
        base.updateStream({ ...params, is_web_public: undefined }, context),
    }),
  },
  {
    name: 'organization defaults drop emojiset, then answer "No new values"',
    operation: 'updateRealmUserSettingsDefaults',
    violation: 'refused-alone',
    allowDestructive: true,
    message:
      /^optional 'emojiset' sent alone to change it from not shown to "google" was refused: 400 BAD_REQUEST: No new values$/,
    handlers: (base) => ({
      updateRealmUserSettingsDefaults: (params, context) => {
        const { emojiset: _dropped, ...rest } = params;
        return Object.keys(rest).length === 0
          ? error(400, 'BAD_REQUEST', 'No new values')
          : base.updateRealmUserSettingsDefaults(rest, context);
      },
    }),
  },
  // --- statuses as the contract says them (issue 31) ----------------------------------------
  {
    name: 'BAD_REQUEST on unsubscribe answered 422, where the contract says 400',
    operation: 'unsubscribe',
    violation: 'error-status',
    allowDestructive: true,
    message: /^error code BAD_REQUEST answered 422; unsubscribe documents it with 400$/,
    wrap: answers(route('DELETE', /\/users\/me\/subscriptions$/), (a) =>
      a.status === 400 ? { ...a, status: 422 } : a,
    ),
  },
];

/** Every handler answers 400 BAD_REQUEST "I refuse everything". */
export function refuseEverything(base: Handlers<UserRecord>): Partial<Handlers<UserRecord>> {
  return Object.fromEntries(
    Object.keys(base).map((id) => [id, () => error(400, 'BAD_REQUEST', 'I refuse everything')]),
  ) as Partial<Handlers<UserRecord>>;
}
