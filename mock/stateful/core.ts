/**
 * The stateful mock's core: state, the 22 operations' handlers, authentication and reset, given
 * as the options of a server on handlers (runtime/server-handlers.ts). It imports no transport:
 * `createStatefulMock` (index.ts) serves it over node:http, `createStatefulHandlers` (msw.ts)
 * over web Request/Response inside MSW handlers, so every rule and pipeline step exists once.
 */
import { levels } from '../../generated/operations.js';
import type {
  createRequestListener,
  Credentials,
  Handlers,
  Logger,
} from '../../generated/server.js';
import { createGetStreams, createUnsubscribe, createUpdateStream } from './channels.js';
import { systemClock, type Clock } from './clock.js';
import { createEditDraft, createCreateSavedSnippet } from './drafts.js';
import { createEventQueues, type EventsRead } from './events.js';
import { createGetMessage, createGetMessages } from './fetch.js';
import { createRemoveReaction, createUpdateMessageFlags } from './flags.js';
import { createUpdateUserGroup } from './groups.js';
import { createAddPlatformDeviceToken, createTestE2eePushNotification } from './push.js';
import { createAddLinkifier, createUpdateRealmUserSettingsDefaults } from './realm.js';
import { createRegisterQueue } from './register.js';
import { seedDefault, type SeededCredential, type SeedOptions } from './seed.js';
import { createSendMessage } from './send.js';
import { emptyCaches, type MockState, type UserRecord } from './state.js';
import { createUpdateStatus } from './status.js';
import { createUpdateUserTopic } from './topics.js';
import {
  createDeactivateUser,
  createFetchApiKey,
  createGetUsers,
  createUpdateUser,
} from './users.js';

/**
 * CORS of the generated listener (allowed origins, preflights), named through the bindings'
 * public `server` module: the mock imports nothing else of them, so it installs beside them.
 */
export type CorsOptions = Exclude<
  NonNullable<Parameters<typeof createRequestListener>[0]['cors']>,
  boolean
>;

export interface StatefulMockOptions {
  clock?: Clock;
  /** fills a fresh state; default: the built-in organization (seed.ts) */
  seed?: (state: MockState) => SeededCredential[];
  /** options of the default seed (ignored with a custom `seed`) */
  seedOptions?: SeedOptions;
  /** replace some handlers (fault injection in tests); the rest stay the mock's */
  overrideHandlers?: (
    handlers: Handlers<UserRecord>,
    state: MockState,
  ) => Partial<Handlers<UserRecord>>;
  validateResponses?: boolean;
  logger?: Logger;
  /**
   * Serve as a server of this feature level (default: the newest the contract records): POST
   * /register reports it, operations newer than it are unknown paths (404), parameters that do
   * not exist at it are ignored and reported in `ignored_parameters_unsupported` (itself absent
   * below its own level, 167), enum values newer than it are refused (400 BAD_REQUEST), and
   * answers leave out fields newer than it. Behaviour the description ties to a level (e.g. the
   * empty topic from 334) is the newest level's: only the shape of requests and answers follows
   * the level (see runtime/feature-levels.ts).
   */
  featureLevel?: number;
  /** CORS; default any origin, `null` included (web apps and pages opened from disk call the mock) */
  cors?: CorsOptions | boolean;
  /** a request body that has not all arrived within this is answered 408; default 30 s */
  bodyTimeoutMs?: number;
}

/**
 * The longest string the mock accepts in any parameter, and so stores: the description bounds
 * message content (10,000), topics, names and statuses, but not e.g. snippet or draft titles.
 * Counted in Unicode code points, as every limit of the mock; above every limit the mock
 * advertises, so the rules' own errors still come first.
 */
export const MAX_STORED_STRING_LENGTH = 20_000;

/** What a transport face needs to serve the core (the options of a server on handlers). */
export interface StatefulServerOptions {
  handlers: Handlers<UserRecord>;
  authenticate: (credentials: Credentials) => UserRecord | null;
  validateResponses?: boolean;
  logger?: Logger;
  featureLevel: number;
  cors: CorsOptions | boolean;
  maxStringLength: number;
  bodyTimeoutMs?: number;
}

export interface StatefulCore {
  /** the live state (read it in tests; changing it directly is allowed for setup) */
  readonly state: MockState;
  readonly credentials: SeededCredential[];
  readonly handlers: Handlers<UserRecord>;
  /** the feature level the mock serves as */
  readonly featureLevel: number;
  /** back to a freshly seeded state (queues dropped); servers built on `server` keep working */
  reset(): void;
  /** the events queued for `queueId` after `lastEventId`, or BAD_EVENT_QUEUE_ID once it expired */
  events(queueId: string, lastEventId?: number): EventsRead;
  /** handlers and hooks that always reach the current state, for any transport */
  server: StatefulServerOptions;
}

/** A short random tag that keeps queue ids of two mock instances apart (no node:crypto). */
function instanceTag(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function emptyState(clock: Clock, featureLevel: number): MockState {
  return {
    clock,
    featureLevel,
    realm: {
      string_id: 'example',
      topics_policy: 'allow_empty_topic',
      empty_topic_display_name: 'general chat',
      can_mention_many_users_group: 0,
      can_create_web_public_channel_group: 0,
      web_public_streams_enabled: true,
      enable_spectator_access: true,
      password_auth_enabled: true,
      push_bouncer: 'ok',
      user_settings_defaults: {},
      custom_profile_fields: [
        { id: 1, name: 'Title', type: 'text' },
        { id: 2, name: 'Homepage', type: 'url' },
      ],
      folders: [1, 2],
      realm_emoji: {
        1: { name: 'party_parrot', deactivated: false },
        2: { name: 'old_logo', deactivated: true },
      },
    },
    users: new Map(),
    channels: new Map(),
    subscriptions: new Map(),
    messages: [],
    messageById: new Map(),
    flags: new Map(),
    userTopics: new Map(),
    topics: new Map(),
    groups: new Map(),
    drafts: new Map(),
    snippets: new Map(),
    linkifiers: new Map(),
    deviceTokens: new Map(),
    e2eeDevices: new Map(),
    dmRecipients: new Map(),
    sentBy: new Map(),
    caches: emptyCaches(),
    events: createEventQueues(clock, instanceTag()),
    nextId: {
      message: 1,
      channel: 1,
      recipient: 1,
      draft: 1,
      snippet: 1,
      linkifier: 1,
      group: 1,
      user: 1,
    },
  };
}

/** Every operation, bound to one state. */
function buildHandlers(state: MockState): Handlers<UserRecord> {
  return {
    sendMessage: createSendMessage(state),
    getMessages: createGetMessages(state),
    getMessage: createGetMessage(state),
    updateMessageFlags: createUpdateMessageFlags(state),
    removeReaction: createRemoveReaction(state),
    updateStream: createUpdateStream(state),
    getStreams: createGetStreams(state),
    unsubscribe: createUnsubscribe(state),
    updateRealmUserSettingsDefaults: createUpdateRealmUserSettingsDefaults(state),
    updateUserGroup: createUpdateUserGroup(state),
    updateUserTopic: createUpdateUserTopic(state),
    fetchApiKey: createFetchApiKey(state),
    updateStatus: createUpdateStatus(state),
    editDraft: createEditDraft(state),
    updateUser: createUpdateUser(state),
    getUsers: createGetUsers(state),
    deactivateUser: createDeactivateUser(state),
    addPlatformDeviceToken: createAddPlatformDeviceToken(state),
    createSavedSnippet: createCreateSavedSnippet(state),
    addLinkifier: createAddLinkifier(state),
    registerQueue: createRegisterQueue(state),
    testE2eePushNotification: createTestE2eePushNotification(state),
  };
}

export function createStatefulCore(options: StatefulMockOptions = {}): StatefulCore {
  const clock = options.clock ?? systemClock;
  const featureLevel = options.featureLevel ?? levels.newest;
  if (!Number.isInteger(featureLevel) || featureLevel < 0 || featureLevel > levels.newest)
    throw new RangeError(
      `featureLevel must be an integer from 0 to ${levels.newest} (the contract's newest), not ${String(featureLevel)}`,
    );
  const seed = options.seed ?? ((s: MockState) => seedDefault(s, options.seedOptions));
  let state = emptyState(clock, featureLevel);
  let credentials = seed(state);
  let handlers = bind(state);

  function bind(s: MockState): Handlers<UserRecord> {
    const base = buildHandlers(s);
    return { ...base, ...(options.overrideHandlers?.(base, s) ?? {}) };
  }

  // Every request authenticates: remember who has which address, and check the remembered user
  // on each hit (same state, same address still), since users change address and reset() drops all.
  const known = new Map<string, UserRecord>();
  function userByEmail(lower: string): UserRecord | undefined {
    const hit = known.get(lower);
    if (hit && state.users.get(hit.user_id) === hit && hit.email.toLowerCase() === lower)
      return hit;
    known.delete(lower);
    for (const u of state.users.values()) {
      if (u.email.toLowerCase() === lower) {
        known.set(lower, u);
        return u;
      }
    }
    return undefined;
  }

  // Servers read the current state through these indirections, so reset() needs no new server.
  const dispatch = Object.fromEntries(
    Object.keys(handlers).map((id) => [
      id,
      (params: never, context: never) =>
        (handlers[id as keyof Handlers<UserRecord>] as (p: never, c: never) => unknown)(
          params,
          context,
        ),
    ]),
  ) as unknown as Handlers<UserRecord>;

  return {
    get state() {
      return state;
    },
    get credentials() {
      return credentials;
    },
    get handlers() {
      return handlers;
    },
    featureLevel,
    reset() {
      state.events.clear();
      state = emptyState(clock, featureLevel);
      credentials = seed(state);
      handlers = bind(state);
    },
    events(queueId, lastEventId) {
      return state.events.read(queueId, lastEventId);
    },
    server: {
      handlers: dispatch,
      authenticate: (credentials) => {
        // The contract's one scheme is HTTP Basic: email address and API key.
        if (credentials.type !== 'basic') return null;
        const u = userByEmail(credentials.email.toLowerCase());
        return u && u.is_active && u.api_key === credentials.apiKey ? u : null;
      },
      validateResponses: options.validateResponses,
      logger: options.logger,
      featureLevel,
      cors: options.cors ?? true,
      maxStringLength: MAX_STORED_STRING_LENGTH,
      bodyTimeoutMs: options.bodyTimeoutMs,
    },
  };
}
