/**
 * What the API description (../shared/seed/000_90ca243b5e8b81b9.txt) says, written down from it
 * by hand and independently of the contract, so that test/contract/inventory.test.ts can check
 * the contract against it. Plain data; `check-inventory.ts` reads it.
 *
 * Reading rules used here:
 * - `default` is set only where the description gives a value; `required` is true only where it
 *   says "required"/"yes" (conditional requirements such as num_before are not required).
 * - `types` lists the JSON types the description names; an empty list means "type not given".
 * - `change` lists every kind the description's wording allows ("accepted from level 248" can be
 *   read as added or changed); `level: null` means "no level named, any entry of that kind".
 */

export type Where = 'path' | 'query' | 'body';
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
export type ChangeKind = 'added' | 'changed' | 'deprecated' | 'removed';
export type EnumMember = string | number;

/** A feature level the description names for an item, and the kinds of change its words allow. */
export interface LevelFact {
  level: number | null;
  change: ChangeKind[];
}

export interface EnumLevelFact extends LevelFact {
  value: EnumMember;
}

export interface Limits {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** What parameters, response fields and schema fields have in common. */
interface ItemFact {
  name: string;
  types: JsonType[];
  /** the complete list of allowed values (no more, no fewer) */
  enum?: EnumMember[];
  default?: unknown;
  limits?: Limits;
  deprecated?: true;
  /** the API no longer has it (kept in the contract with x-removed) */
  removed?: true;
  history?: LevelFact[];
  enumHistory?: EnumLevelFact[];
}

export interface ParamFact extends ItemFact {
  in: Where;
  required: boolean;
  /** x-legacy-alias-of */
  aliasOf?: string;
}

export interface FieldFact extends ItemFact {
  /** true: admits null; false: must not; absent: the description does not say */
  nullable?: boolean;
  /** only where the description says whether the field is required */
  required?: boolean;
}

export interface EndpointFact {
  operationId: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  params: ParamFact[];
  /** top-level fields of the success body that the endpoint section names (envelope added by the checker) */
  response: FieldFact[];
  /** API error codes the description names for this endpoint (exactly these) */
  errors: string[];
  history?: LevelFact[];
  deprecated?: true;
  /** administrators only: the operation carries x-permission */
  adminOnly?: true;
  /** `always`: no authentication at all; `public-realm`: optional where the realm allows public access */
  unauthenticated?: 'always' | 'public-realm';
  /** levels the description ties to this endpoint without naming the exact item */
  levelsWithin?: LevelFact[];
}

/** Where a resource schema is found when no component has one of its names. */
export type SchemaLocator =
  | { operationId: string; response: string[] }
  | { operationId: string; param: string; then?: string[] };

export interface SchemaFact {
  /** the resource, as the description names it */
  title: string;
  /** component names it may have in components.schemas */
  names: string[];
  locate: SchemaLocator;
  fields: FieldFact[];
}

export interface ErrorFact {
  code: string;
  statuses: number[];
  history?: LevelFact[];
  /** fields beyond result/msg/code that the error body carries */
  extraFields?: string[];
}

export interface FlagFact {
  name: string;
  userChangeable: boolean;
  history?: LevelFact[];
}

export interface RoleFact {
  value: number;
  name: string;
}

export interface Inventory {
  endpoints: EndpointFact[];
  /** fields every success body has */
  envelope: FieldFact[];
  schemas: SchemaFact[];
  errors: ErrorFact[];
  /** codes any endpoint may list besides the ones named for it (BAD_REQUEST is "generic invalid request") */
  genericErrors: string[];
  flags: FlagFact[];
  roles: RoleFact[];
}

// Short helpers so the tables below read like the description's tables.
const any = (...change: ChangeKind[]) => change;
const added = (level: number | null): LevelFact => ({ level, change: any('added') });
const addedOrChanged = (level: number | null): LevelFact => ({
  level,
  change: any('added', 'changed'),
});
const deprecatedAt = (level: number | null): LevelFact => ({ level, change: any('deprecated') });
const removedAt = (level: number | null): LevelFact => ({ level, change: any('removed') });

const pathParam = (name: string): ParamFact => ({
  name,
  in: 'path',
  types: ['integer'],
  required: true,
});
const q = (name: string, types: JsonType[], more: Partial<ParamFact> = {}): ParamFact => ({
  name,
  in: 'query',
  types,
  required: false,
  ...more,
});
const b = (name: string, types: JsonType[], more: Partial<ParamFact> = {}): ParamFact => ({
  name,
  in: 'body',
  types,
  required: false,
  ...more,
});
const f = (name: string, types: JsonType[], more: Partial<FieldFact> = {}): FieldFact => ({
  name,
  types,
  ...more,
});
/** a field that is never null according to the description */
const nn = (name: string, types: JsonType[], more: Partial<FieldFact> = {}): FieldFact =>
  f(name, types, { nullable: false, ...more });

const REACTION_TYPES = ['unicode_emoji', 'realm_emoji', 'service_extra_emoji'];
const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'];
const ROLE_VALUES = [100, 200, 300, 400, 600];
const GROUP_SETTING: JsonType[] = ['integer', 'object'];

export const FLAGS: FlagFact[] = [
  { name: 'read', userChangeable: true },
  { name: 'starred', userChangeable: true },
  { name: 'collapsed', userChangeable: true },
  { name: 'mentioned', userChangeable: false },
  { name: 'stream_wildcard_mentioned', userChangeable: false },
  { name: 'topic_wildcard_mentioned', userChangeable: false },
  { name: 'has_alert_word', userChangeable: false },
  { name: 'historical', userChangeable: false },
  { name: 'wildcard_mentioned', userChangeable: false, history: [deprecatedAt(224)] },
];

export const ROLES: RoleFact[] = [
  { value: 100, name: 'owner' },
  { value: 200, name: 'administrator' },
  { value: 300, name: 'moderator' },
  { value: 400, name: 'member' },
  { value: 600, name: 'guest' },
];

const SETTINGS_BOOLEANS = [
  'starred_message_counts',
  'receives_typing_notifications',
  'web_suggest_update_timezone',
  'fluid_layout_width',
  'high_contrast_mode',
  'enable_drafts_synchronization',
  'translate_emoticons',
  'display_emoji_reaction_users',
  'web_escape_navigates_to_home_view',
  'left_side_userlist',
  'hide_ai_features',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'enable_desktop_notifications',
  'enable_sounds',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_audible_notifications',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_digest_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'wildcard_mentions_notify',
  'enable_followed_topic_wildcard_mentions_notify',
  'automatically_follow_topics_where_mentioned',
  'presence_enabled',
  'enter_sends',
  'twenty_four_hour_time',
  'send_private_typing_notifications',
  'send_stream_typing_notifications',
  'send_read_receipts',
  'web_navigate_to_sent_message',
];

const SETTINGS_INTEGER_ENUMS: Array<[string, number[]]> = [
  ['web_channel_default_view', [1, 2, 3, 4]],
  ['color_scheme', [1, 2, 3]],
  ['demote_inactive_streams', [1, 2, 3]],
  ['user_list_style', [1, 2, 3]],
  ['web_stream_unreads_count_display_policy', [1, 2, 3]],
  ['desktop_icon_count_display', [1, 2, 3, 4]],
  ['automatically_follow_topics_policy', [1, 2, 3, 4]],
  ['automatically_unmute_topics_in_muted_streams_policy', [1, 2, 3, 4]],
  ['email_address_visibility', [1, 2, 3, 4, 5]],
];

const SETTINGS_STRING_ENUMS: Array<[string, string[]]> = [
  ['web_home_view', ['recent_topics', 'inbox', 'all_messages']],
  ['emojiset', ['google', 'twitter', 'text']],
  ['web_animate_image_previews', ['always', 'on_hover', 'never']],
  ['resolved_topic_notice_auto_read_policy', ['always', 'except_followed', 'never']],
];

const permissionParams = (
  names: string[],
  extra: Record<string, Partial<ParamFact>> = {},
): ParamFact[] => names.map((name) => b(name, ['object'], extra[name] ?? {}));

export const ENDPOINTS: EndpointFact[] = [
  {
    operationId: 'sendMessage',
    method: 'post',
    path: '/messages',
    params: [
      b('type', ['string'], {
        required: true,
        enum: ['direct', 'channel', 'stream', 'private'],
        enumHistory: [
          { value: 'channel', ...addedOrChanged(248) },
          { value: 'private', ...deprecatedAt(null) },
        ],
      }),
      b('to', ['string', 'integer', 'array'], { required: true }),
      b('content', ['string'], { required: true }),
      b('topic', ['string'], {
        history: [addedOrChanged(334), { level: 370, change: any('changed') }],
      }),
      // Listed under "Deprecated or renamed items" in Versioning.
      b('subject', ['string'], { aliasOf: 'topic', deprecated: true }),
      b('queue_id', ['string']),
      b('local_id', ['string']),
      b('read_by_sender', ['boolean'], { history: [added(236)] }),
    ],
    response: [
      nn('id', ['integer']),
      f('automatic_new_visibility_policy', ['integer'], { history: [added(218)] }),
    ],
    errors: [
      'STREAM_DOES_NOT_EXIST',
      'BAD_REQUEST',
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    ],
  },
  {
    operationId: 'getMessages',
    method: 'get',
    path: '/messages',
    params: [
      q('anchor', ['string'], { enum: ['newest', 'oldest', 'first_unread'] }),
      q('include_anchor', ['boolean'], { default: true }),
      q('num_before', ['integer']),
      q('num_after', ['integer']),
      q('narrow', ['array'], { default: [] }),
      q('client_extavatar', ['boolean'], { default: true }),
      q('apply_markdown', ['boolean'], { default: true }),
      q('message_ids', ['array'], { history: [added(300)] }),
      q('allow_empty_topic_name', ['boolean'], { default: false }),
      q('use_first_unread_anchor', ['boolean'], {
        default: false,
        deprecated: true,
        history: [deprecatedAt(1)],
      }),
    ],
    response: [
      f('anchor', ['integer']),
      nn('found_newest', ['boolean']),
      nn('found_oldest', ['boolean']),
      nn('found_anchor', ['boolean']),
      nn('history_limited', ['boolean']),
      nn('messages', ['array']),
    ],
    errors: [],
  },
  {
    operationId: 'getMessage',
    method: 'get',
    path: '/messages/{message_id}',
    params: [
      pathParam('message_id'),
      q('apply_markdown', ['boolean'], { default: true }),
      q('allow_empty_topic_name', ['boolean'], { default: false }),
    ],
    response: [nn('message', ['object']), f('raw_content', ['string'], { deprecated: true })],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'updateMessageFlags',
    method: 'post',
    path: '/messages/flags',
    params: [
      b('messages', ['array'], { required: true }),
      b('op', ['string'], { required: true, enum: ['add', 'remove'] }),
      b('flag', ['string'], {
        required: true,
        enum: FLAGS.map((flag) => flag.name),
        enumHistory: [{ value: 'wildcard_mentioned', ...deprecatedAt(224) }],
      }),
    ],
    response: [nn('messages', ['array']), f('ignored_because_not_subscribed_channels', ['array'])],
    errors: [],
  },
  {
    operationId: 'removeReaction',
    method: 'delete',
    path: '/messages/{message_id}/reactions',
    params: [
      pathParam('message_id'),
      q('emoji_name', ['string']),
      q('emoji_code', ['string']),
      q('reaction_type', ['string'], {
        enum: REACTION_TYPES,
        history: [{ level: 2, change: any('changed') }],
      }),
    ],
    response: [],
    errors: ['BAD_REQUEST', 'REACTION_DOES_NOT_EXIST'],
  },
  {
    operationId: 'updateStream',
    method: 'patch',
    path: '/streams/{stream_id}',
    params: [
      pathParam('stream_id'),
      b('description', ['string']),
      b('new_name', ['string']),
      b('is_private', ['boolean']),
      b('is_web_public', ['boolean']),
      b('history_public_to_subscribers', ['boolean']),
      b('is_default_stream', ['boolean']),
      b('message_retention_days', ['string', 'integer'], { enum: ['realm_default', 'unlimited'] }),
      b('is_archived', ['boolean']),
      b('folder_id', ['integer', 'null'], { history: [added(389)] }),
      b('topics_policy', ['string'], {
        enum: TOPICS_POLICIES,
        history: [added(392)],
        enumHistory: [{ value: 'empty_topic_only', ...added(404) }],
      }),
      ...permissionParams(
        [
          'can_add_subscribers_group',
          'can_remove_subscribers_group',
          'can_administer_channel_group',
          'can_delete_any_message_group',
          'can_delete_own_message_group',
        ],
        {
          can_delete_any_message_group: { history: [added(407)] },
          can_delete_own_message_group: { history: [added(407)] },
        },
      ),
      // "Removed parameters": kept as x-removed; the description names no level for the removal itself.
      b('stream_post_policy', ['integer'], {
        deprecated: true,
        removed: true,
        history: [removedAt(null)],
      }),
      b('is_announcement_only', ['boolean'], {
        deprecated: true,
        removed: true,
        history: [removedAt(null)],
      }),
    ],
    response: [],
    errors: [],
  },
  {
    operationId: 'getStreams',
    method: 'get',
    path: '/streams',
    params: [
      q('include_public', ['boolean'], { default: true }),
      q('include_web_public', ['boolean'], { default: false }),
      q('include_subscribed', ['boolean'], { default: true }),
      q('exclude_archived', ['boolean'], { default: true }),
      q('include_all', ['boolean'], { default: false }),
      q('include_default', ['boolean'], { default: false }),
      q('include_owner_subscribed', ['boolean'], { default: false }),
      q('include_can_access_content', ['boolean'], { default: false }),
      q('include_all_active', ['boolean'], {
        default: false,
        deprecated: true,
        history: [deprecatedAt(356)],
      }),
    ],
    response: [nn('streams', ['array'])],
    errors: [],
    // "archived channels listed (level 315)": the item (exclude_archived, is_archived, ...) is not named.
    levelsWithin: [addedOrChanged(315)],
  },
  {
    operationId: 'unsubscribe',
    method: 'delete',
    path: '/users/me/subscriptions',
    params: [q('subscriptions', ['array'], { required: true }), q('principals', ['array'])],
    response: [nn('removed', ['array']), nn('not_removed', ['array'])],
    errors: ['STREAM_DOES_NOT_EXIST', 'BAD_REQUEST', 'UNAUTHORIZED_PRINCIPAL'],
  },
  {
    operationId: 'updateRealmUserSettingsDefaults',
    method: 'patch',
    path: '/realm/user_settings_defaults',
    adminOnly: true,
    params: [
      ...SETTINGS_BOOLEANS.map((name) => b(name, ['boolean'])),
      ...SETTINGS_INTEGER_ENUMS.map(([name, values]) => b(name, ['integer'], { enum: values })),
      b('web_font_size_px', ['integer']),
      b('web_line_height_percent', ['integer']),
      b('email_notifications_batching_period_seconds', ['integer']),
      ...SETTINGS_STRING_ENUMS.map(([name, values]) => b(name, ['string'], { enum: values })),
      b('notification_sound', ['string']),
      b('realm_name_in_email_notifications_policy', []),
      b('dense_mode', ['boolean'], { deprecated: true, removed: true, history: [removedAt(364)] }),
    ],
    response: [],
    errors: [],
  },
  {
    operationId: 'updateUserGroup',
    method: 'patch',
    path: '/user_groups/{user_group_id}',
    params: [
      pathParam('user_group_id'),
      b('name', ['string']),
      b('description', ['string']),
      ...permissionParams(
        [
          'can_add_members_group',
          'can_join_group',
          'can_leave_group',
          'can_manage_group',
          'can_mention_group',
          'can_remove_members_group',
        ],
        { can_mention_group: { history: [{ level: 260, change: any('changed') }] } },
      ),
      b('deactivated', ['boolean'], { history: [addedOrChanged(386)] }),
    ],
    response: [],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'updateUserTopic',
    method: 'post',
    path: '/user_topics',
    params: [
      b('stream_id', ['integer'], { required: true }),
      b('topic', ['string'], { required: true }),
      b('visibility_policy', ['integer'], { required: true, enum: [0, 1, 2, 3] }),
    ],
    response: [],
    errors: [],
    history: [added(170)],
    // "topic visibility followed (level 219)": which of 2 and 3 is followed is not shown.
    levelsWithin: [addedOrChanged(219)],
  },
  {
    operationId: 'fetchApiKey',
    method: 'post',
    path: '/fetch_api_key',
    unauthenticated: 'always',
    params: [
      b('username', ['string'], { required: true }),
      b('password', ['string'], { required: true }),
    ],
    response: [nn('api_key', ['string']), nn('email', ['string']), nn('user_id', ['integer'])],
    errors: [],
  },
  {
    operationId: 'updateStatus',
    method: 'post',
    path: '/users/me/status',
    params: [
      b('status_text', ['string'], { limits: { maxLength: 60 } }),
      b('emoji_name', ['string']),
      b('emoji_code', ['string']),
      b('reaction_type', ['string'], { enum: REACTION_TYPES }),
      b('away', ['boolean'], { deprecated: true, history: [deprecatedAt(148)] }),
    ],
    response: [],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'editDraft',
    method: 'patch',
    path: '/drafts/{draft_id}',
    params: [pathParam('draft_id'), b('draft', ['object'], { required: true })],
    response: [],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'updateUser',
    method: 'patch',
    path: '/users/{user_id}',
    adminOnly: true,
    params: [
      pathParam('user_id'),
      b('full_name', ['string']),
      b('role', ['integer'], { enum: ROLE_VALUES }),
      b('profile_data', ['array']),
      b('new_email', ['string'], { history: [added(285)] }),
    ],
    response: [],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'getUsers',
    method: 'get',
    path: '/users',
    unauthenticated: 'public-realm',
    params: [
      q('client_extavatar', ['boolean'], { default: true }),
      q('include_custom_profile_fields', ['boolean'], { default: false }),
      q('user_ids', ['array'], { history: [added(384)] }),
    ],
    response: [nn('members', ['array'])],
    errors: [],
    history: [addedOrChanged(387)],
  },
  {
    operationId: 'deactivateUser',
    method: 'delete',
    path: '/users/{user_id}',
    adminOnly: true,
    params: [pathParam('user_id'), q('deactivation_notification_comment', ['string'])],
    response: [],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'addPlatformDeviceToken',
    method: 'post',
    path: '/users/me/platform_device_token',
    deprecated: true,
    history: [deprecatedAt(406)],
    params: [
      b('token', ['string'], { required: true }),
      b('appid', ['string'], { required: true, history: [addedOrChanged(223)] }),
    ],
    response: [],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'createSavedSnippet',
    method: 'post',
    path: '/saved_snippets',
    history: [added(297)],
    params: [
      b('title', ['string'], { required: true, limits: { minLength: 1 } }),
      b('content', ['string'], { required: true, limits: { minLength: 1 } }),
    ],
    response: [nn('saved_snippet_id', ['integer'])],
    errors: ['BAD_REQUEST'],
  },
  {
    operationId: 'addLinkifier',
    method: 'post',
    path: '/realm/filters',
    params: [
      b('pattern', ['string'], { required: true }),
      b('url_template', ['string'], { required: true, history: [addedOrChanged(176)] }),
    ],
    response: [nn('id', ['integer'])],
    errors: [],
  },
  {
    operationId: 'registerQueue',
    method: 'post',
    path: '/register',
    unauthenticated: 'public-realm',
    params: [
      b('apply_markdown', ['boolean'], { default: false }),
      b('client_extavatar', ['boolean']), // default depends on authentication
      b('include_subscribers', ['string'], {
        default: 'false',
        enum: ['true', 'false', 'partial'],
        enumHistory: [{ value: 'partial', ...added(412) }],
      }),
      b('slim_presence', ['boolean'], { default: false }),
      b('presence_history_limit_days', ['integer'], { default: 14 }),
      b('event_types', ['array']),
      b('all_public_streams', ['boolean'], { default: false }),
      b('client_capabilities', ['object']),
      b('fetch_event_types', ['array']),
      b('narrow', ['array'], { default: [] }),
    ],
    response: [
      f('queue_id', ['string'], { nullable: true }),
      nn('last_event_id', ['integer']),
      nn('service_feature_level', ['integer']),
      nn('service_version', ['string']),
      f('recent_private_conversations', ['array']),
      f('navigation_views', ['array']),
      f('saved_snippets', ['array']),
      f('subscriptions', ['array']),
      nn('max_message_length', ['integer']),
      nn('max_topic_length', ['integer']),
      nn('max_stream_name_length', ['integer']),
      nn('max_stream_description_length', ['integer']),
      nn('realm_empty_topic_display_name', ['string']),
    ],
    errors: [],
  },
  {
    operationId: 'testE2eePushNotification',
    method: 'post',
    path: '/mobile_push/e2ee/test_notification',
    history: [added(420)],
    params: [b('push_account_id', ['integer'])],
    response: [],
    errors: [
      'NO_ACTIVE_PUSH_DEVICE',
      'ADMIN_ACTION_REQUIRED',
      'FAILED_TO_CONNECT_BOUNCER',
      'INTERNAL_SERVER_ERROR_ON_BOUNCER',
    ],
  },
];

export const ENVELOPE: FieldFact[] = [
  f('result', ['string'], { enum: ['success'] }),
  f('msg', ['string']),
  // "from feature level 167" is said of every endpoint; the checker looks for it on the first one.
  f('ignored_parameters_unsupported', ['array'], { history: [addedOrChanged(167)] }),
];

const messages = { operationId: 'getMessages', response: ['messages', 'items'] };

export const SCHEMAS: SchemaFact[] = [
  {
    title: 'Message',
    names: ['Message'],
    locate: messages,
    fields: [
      nn('id', ['integer']),
      nn('type', ['string'], { enum: ['stream', 'private'] }),
      nn('sender_id', ['integer']),
      nn('sender_email', ['string']),
      nn('sender_full_name', ['string']),
      nn('sender_realm_str', ['string']),
      f('avatar_url', ['string'], { nullable: true }),
      nn('client', ['string']),
      nn('content', ['string']),
      nn('content_type', ['string'], { enum: ['text/html', 'text/x-markdown'] }),
      nn('display_recipient', ['string', 'array']),
      nn('recipient_id', ['integer']),
      nn('stream_id', ['integer']),
      nn('subject', ['string']),
      nn('topic_links', ['array']),
      nn('timestamp', ['integer']),
      nn('is_me_message', ['boolean']),
      nn('last_edit_timestamp', ['integer']),
      nn('last_moved_timestamp', ['integer']),
      nn('edit_history', ['array']),
      nn('reactions', ['array']),
      nn('submessages', ['array']),
      nn('flags', ['array']),
    ],
  },
  {
    title: 'Direct-message recipient',
    names: ['DisplayRecipientUser', 'DirectMessageRecipient', 'MessageRecipient'],
    locate: { ...messages, response: [...messages.response, 'display_recipient', 'items'] },
    fields: [
      f('id', ['integer']),
      f('email', ['string']),
      f('full_name', ['string']),
      f('is_mirror_dummy', ['boolean']),
    ],
  },
  {
    title: 'Edit-history entry',
    names: ['MessageEditHistoryEntry', 'EditHistoryEntry', 'MessageEditHistory'],
    locate: { ...messages, response: [...messages.response, 'edit_history', 'items'] },
    fields: [
      f('user_id', ['integer'], { nullable: true }),
      nn('timestamp', ['integer']),
      f('prev_content', ['string']),
      f('prev_rendered_content', ['string']),
      f('prev_stream', []),
      f('stream', []),
      f('prev_topic', ['string']),
      f('topic', ['string']),
    ],
  },
  {
    title: 'Reaction',
    names: ['Reaction', 'EmojiReaction'],
    locate: { ...messages, response: [...messages.response, 'reactions', 'items'] },
    fields: [
      nn('emoji_name', ['string']),
      nn('emoji_code', ['string']),
      nn('reaction_type', ['string'], { enum: REACTION_TYPES }),
      nn('user_id', ['integer']),
      f('user', ['object'], { deprecated: true, removed: true, history: [removedAt(328)] }),
    ],
  },
  {
    title: 'Submessage',
    names: ['Submessage'],
    locate: { ...messages, response: [...messages.response, 'submessages', 'items'] },
    fields: [
      nn('msg_type', ['string']),
      nn('content', ['string']),
      nn('message_id', ['integer']),
      nn('sender_id', ['integer']),
      nn('id', ['integer']),
    ],
  },
  {
    title: 'Channel',
    names: ['Channel', 'Stream'],
    locate: { operationId: 'getStreams', response: ['streams', 'items'] },
    fields: [
      nn('stream_id', ['integer']),
      nn('name', ['string']),
      nn('description', ['string']),
      nn('rendered_description', ['string']),
      nn('is_archived', ['boolean']),
      nn('date_created', ['integer']),
      f('creator_id', ['integer'], { nullable: true }),
      nn('invite_only', ['boolean']),
      nn('is_web_public', ['boolean']),
      nn('stream_post_policy', ['integer'], {
        enum: [1, 2, 3, 4],
        deprecated: true,
        history: [deprecatedAt(333)],
      }),
      nn('is_announcement_only', ['boolean'], { deprecated: true, history: [deprecatedAt(333)] }),
      f('message_retention_days', ['integer'], { nullable: true }),
      nn('history_public_to_subscribers', ['boolean']),
      nn('topics_policy', ['string'], {
        enum: TOPICS_POLICIES,
        history: [added(392)],
        enumHistory: [{ value: 'empty_topic_only', ...added(404) }],
      }),
      f('first_message_id', ['integer'], { nullable: true }),
      f('folder_id', ['integer'], { nullable: true, history: [added(389)] }),
      nn('is_recently_active', ['boolean']),
      f('can_add_subscribers_group', GROUP_SETTING),
      f('can_remove_subscribers_group', GROUP_SETTING),
      f('can_administer_channel_group', GROUP_SETTING),
      f('can_delete_any_message_group', GROUP_SETTING, { history: [added(407)] }),
      f('can_delete_own_message_group', GROUP_SETTING, { history: [added(407)] }),
    ],
  },
  {
    title: 'Group-setting value (object form)',
    names: ['GroupSettingValue', 'GroupSetting'],
    locate: {
      operationId: 'getStreams',
      response: ['streams', 'items', 'can_add_subscribers_group'],
    },
    fields: [f('direct_members', ['array']), f('direct_subgroups', ['array'])],
  },
  {
    title: 'Group-setting update',
    names: ['GroupSettingUpdate', 'GroupSettingChange'],
    locate: { operationId: 'updateUserGroup', param: 'can_mention_group' },
    fields: [
      f('new', GROUP_SETTING, { required: true }),
      f('old', GROUP_SETTING, { required: false }),
    ],
  },
  {
    title: 'Subscription',
    names: ['Subscription'],
    locate: { operationId: 'registerQueue', response: ['subscriptions', 'items'] },
    fields: [
      f('stream_id', ['integer']),
      f('name', ['string']),
      f('description', ['string']),
      f('rendered_description', ['string']),
      f('date_created', ['integer']),
      f('creator_id', ['integer']),
      f('invite_only', ['boolean']),
      f('subscribers', ['array']),
      f('partial_subscribers', ['array']),
      f('desktop_notifications', ['boolean'], { nullable: true }),
      f('email_notifications', ['boolean'], { nullable: true }),
      f('wildcard_mentions_notify', ['boolean'], { nullable: true }),
      f('push_notifications', ['boolean'], { nullable: true }),
      f('audible_notifications', ['boolean'], { nullable: true }),
      nn('pin_to_top', ['boolean']),
      nn('is_muted', ['boolean']),
      f('in_home_view', ['boolean'], { deprecated: true }),
      f('is_announcement_only', ['boolean'], { deprecated: true, history: [deprecatedAt(333)] }),
      f('is_web_public', ['boolean']),
      f('color', ['string']),
      f('stream_post_policy', ['integer'], { deprecated: true, history: [deprecatedAt(333)] }),
      f('message_retention_days', ['integer']),
      f('history_public_to_subscribers', ['boolean']),
      f('first_message_id', ['integer']),
      f('folder_id', ['integer']),
      f('topics_policy', ['string']),
      f('is_recently_active', ['boolean']),
      f('stream_weekly_traffic', ['integer'], { nullable: true }),
      f('can_add_subscribers_group', GROUP_SETTING),
      f('can_remove_subscribers_group', GROUP_SETTING),
      f('can_administer_channel_group', GROUP_SETTING),
      f('email_address', [], { deprecated: true, removed: true, history: [removedAt(226)] }),
      f('role', [], { deprecated: true, removed: true, history: [removedAt(133)] }),
    ],
  },
  {
    title: 'User',
    names: ['User'],
    locate: { operationId: 'getUsers', response: ['members', 'items'] },
    fields: [
      nn('user_id', ['integer']),
      nn('email', ['string']),
      f('delivery_email', ['string'], { nullable: true }),
      nn('full_name', ['string']),
      f('avatar_url', ['string'], { nullable: true }),
      nn('date_joined', ['string']),
      nn('timezone', ['string']),
      nn('is_active', ['boolean']),
      nn('is_admin', ['boolean']),
      nn('is_owner', ['boolean']),
      nn('is_guest', ['boolean']),
      nn('is_bot', ['boolean']),
      nn('role', ['integer'], { enum: ROLE_VALUES }),
      f('bot_type', ['integer'], { nullable: true }),
      nn('bot_owner_id', ['integer']),
      nn('profile_data', ['object']),
    ],
  },
  {
    title: 'Draft',
    names: ['Draft'],
    locate: { operationId: 'editDraft', param: 'draft' },
    fields: [
      nn('id', ['integer'], { required: false }),
      nn('type', ['string'], { required: true, enum: ['', 'stream', 'private'] }),
      nn('to', ['array'], { required: true }),
      nn('topic', ['string'], { required: true }),
      nn('content', ['string'], { required: true }),
      nn('timestamp', ['integer'], { required: false }),
    ],
  },
  {
    title: 'Saved snippet',
    names: ['SavedSnippet'],
    locate: { operationId: 'registerQueue', response: ['saved_snippets', 'items'] },
    fields: [
      nn('id', ['integer']),
      nn('title', ['string']),
      nn('content', ['string']),
      nn('date_created', ['integer']),
    ],
  },
  {
    title: 'Navigation view',
    names: ['NavigationView'],
    locate: { operationId: 'registerQueue', response: ['navigation_views', 'items'] },
    fields: [
      nn('fragment', ['string']),
      nn('is_pinned', ['boolean']),
      f('name', ['string'], { nullable: true }),
    ],
  },
  {
    title: 'Recent direct-message conversation',
    names: ['RecentDirectMessageConversation', 'RecentPrivateConversation', 'RecentConversation'],
    locate: { operationId: 'registerQueue', response: ['recent_private_conversations', 'items'] },
    fields: [nn('max_message_id', ['integer']), nn('user_ids', ['array'])],
  },
];

export const ERRORS: ErrorFact[] = [
  { code: 'BAD_REQUEST', statuses: [400] },
  { code: 'STREAM_DOES_NOT_EXIST', statuses: [], extraFields: ['stream'] },
  { code: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', statuses: [], history: [addedOrChanged(229)] },
  { code: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', statuses: [] },
  { code: 'REACTION_DOES_NOT_EXIST', statuses: [], history: [addedOrChanged(193)] },
  { code: 'BAD_EVENT_QUEUE_ID', statuses: [] },
  { code: 'NO_ACTIVE_PUSH_DEVICE', statuses: [] },
  { code: 'ADMIN_ACTION_REQUIRED', statuses: [] },
  { code: 'FAILED_TO_CONNECT_BOUNCER', statuses: [] },
  { code: 'INTERNAL_SERVER_ERROR_ON_BOUNCER', statuses: [] },
  // Legacy: used before level 208, when BAD_REQUEST (400) replaced it on unsubscribe.
  {
    code: 'UNAUTHORIZED_PRINCIPAL',
    statuses: [403],
    history: [{ level: 208, change: any('removed', 'changed', 'deprecated') }],
  },
];

export const INVENTORY: Inventory = {
  endpoints: ENDPOINTS,
  envelope: ENVELOPE,
  schemas: SCHEMAS,
  errors: ERRORS,
  genericErrors: ['BAD_REQUEST'],
  flags: FLAGS,
  roles: ROLES,
};
