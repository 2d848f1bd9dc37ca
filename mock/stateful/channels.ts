/**
 * GET /streams, PATCH /streams/{stream_id}, DELETE /users/me/subscriptions.
 *
 * Archived channels: PATCH may only unarchive them (`is_archived: true` never archives: only
 * unarchiving takes effect); any other change to an archived channel, and any subscription
 * change in one, is refused.
 */
import type { HandlerOf } from '../../generated/server.js';
import { error, ok } from './results.js';
import {
  canReadChannel,
  canSeeChannel,
  findChannel,
  findUser,
  inSetting,
  isAdmin,
  isSubscribed,
  ROLE,
  subscribers,
} from './access.js';
import { bad } from './errors.js';
import { checkGroupSettingUpdate } from './groups.js';
import { LIMITS, limitText, longerThan } from './limits.js';
import { renderChannel } from './render.js';
import type { ChannelRecord, MockState, UserRecord } from './state.js';

export function createGetStreams(state: MockState): HandlerOf<'getStreams', UserRecord> {
  return (params, { user }) => {
    if (params.include_all_active && !isAdmin(user))
      return bad('User not authorized for this query');
    const includeAll = params.include_all === true || params.include_all_active === true;
    const owner =
      user.is_bot && user.bot_owner_id !== undefined
        ? state.users.get(user.bot_owner_id)
        : undefined;
    const chosen = [...state.channels.values()].filter((ch) => {
      if ((params.exclude_archived ?? true) && ch.is_archived) return false;
      if (includeAll && canSeeChannel(state, ch, user)) return true;
      if ((params.include_public ?? true) && !ch.invite_only && user.role !== ROLE.guest)
        return true;
      if (params.include_web_public && ch.is_web_public) return true;
      if ((params.include_subscribed ?? true) && isSubscribed(state, ch.stream_id, user.user_id))
        return true;
      if (params.include_default && ch.is_default) return true;
      if (
        params.include_owner_subscribed &&
        owner &&
        isSubscribed(state, ch.stream_id, owner.user_id)
      )
        return true;
      if (params.include_can_access_content && canReadChannel(state, ch, user)) return true;
      return false;
    });
    return ok({
      streams: chosen
        .sort((a, b) => a.stream_id - b.stream_id)
        .map((ch) => renderChannel(state, ch)),
    });
  };
}

const PERMISSION_FIELDS = [
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
] as const;

export function createUpdateStream(state: MockState): HandlerOf<'updateStream', UserRecord> {
  return (params, { user, ignoredParameters }) => {
    const ch = state.channels.get(params.stream_id);
    if (!ch || !canSeeChannel(state, ch, user)) return bad('Invalid channel ID');
    const channelAdmin = inSetting(state, ch.can_administer_channel_group, user.user_id);
    if (!isAdmin(user) && !channelAdmin)
      return bad('You do not have permission to administer this channel.');

    const changes = Object.keys(params).filter(
      (k) => k !== 'stream_id' && k !== 'is_archived' && !ignoredParameters.includes(k),
    );
    if (ch.is_archived && params.is_archived !== false) {
      if (changes.length > 0)
        return bad(`Channel '${ch.name}' is archived; only unarchiving it is possible`);
      return ok(); // is_archived=true on an archived channel: nothing to do
    }
    const touchesPermissions = PERMISSION_FIELDS.some((f) => params[f] !== undefined);
    if (touchesPermissions && ch.invite_only && !isSubscribed(state, ch.stream_id, user.user_id)) {
      return bad('Changing the permissions of a private channel needs a subscription to it');
    }

    // Validate everything before changing anything.
    const isPrivate = params.is_private ?? ch.invite_only;
    const webPublic = params.is_web_public ?? (isPrivate ? false : ch.is_web_public);
    if (params.new_name !== undefined) {
      const name = params.new_name.trim();
      if (name === '' || longerThan(name, LIMITS.max_stream_name_length))
        return bad(`Channel name must be 1 to ${limitText(LIMITS.max_stream_name_length)}`);
      const other = findChannel(state, name);
      if (other && other.stream_id !== ch.stream_id)
        return bad(`Channel name '${name}' is already taken`);
    }
    if (
      params.description !== undefined &&
      longerThan(params.description, LIMITS.max_stream_description_length)
    ) {
      return bad(
        `Channel description must not exceed ${limitText(LIMITS.max_stream_description_length)}`,
      );
    }
    if (params.is_web_public === true) {
      if (!state.realm.web_public_streams_enabled || !state.realm.enable_spectator_access)
        return bad('Web-public channels are not enabled.');
      if (!inSetting(state, state.realm.can_create_web_public_channel_group, user.user_id))
        return bad('Insufficient permission');
      if (isPrivate) return bad('A web-public channel cannot be private');
    }
    if (params.history_public_to_subscribers === false && !isPrivate) {
      return bad(
        'Invalid parameters: history_public_to_subscribers must be true for a public or web-public channel',
      );
    }
    if (
      params.folder_id !== undefined &&
      params.folder_id !== null &&
      !state.realm.folders.includes(params.folder_id)
    )
      return bad('Invalid channel folder ID');
    if (
      params.topics_policy === 'empty_topic_only' &&
      state.messages.some((m) => m.stream_id === ch.stream_id && m.topic !== '')
    ) {
      return bad("'empty_topic_only' needs every message of the channel to be in the empty topic");
    }
    let retention: number | null | undefined;
    if (params.message_retention_days !== undefined) {
      const v = params.message_retention_days;
      retention = v === 'realm_default' ? null : v === 'unlimited' ? -1 : v;
      if (typeof retention === 'number' && retention !== -1 && retention < 1)
        return bad('Bad value for message_retention_days');
    }
    for (const field of PERMISSION_FIELDS) {
      const update = params[field];
      if (update === undefined) continue;
      const problem = checkGroupSettingUpdate(state, ch[field], update, field);
      if (problem) return bad(problem);
    }

    // Apply.
    if (params.is_archived === false) ch.is_archived = false;
    if (params.new_name !== undefined) ch.name = params.new_name.trim();
    if (params.description !== undefined) ch.description = params.description;
    ch.invite_only = isPrivate;
    ch.is_web_public = webPublic;
    if (params.history_public_to_subscribers !== undefined)
      ch.history_public_to_subscribers = params.history_public_to_subscribers;
    else if (!isPrivate) ch.history_public_to_subscribers = true;
    if (params.is_default_stream !== undefined) ch.is_default = params.is_default_stream;
    if (retention !== undefined) ch.message_retention_days = retention;
    if (params.folder_id !== undefined) ch.folder_id = params.folder_id;
    if (params.topics_policy !== undefined) ch.topics_policy = params.topics_policy;
    for (const field of PERMISSION_FIELDS)
      if (params[field] !== undefined) ch[field] = params[field]!.new;
    for (const id of subscribers(state, ch.stream_id)) {
      state.events.push(id, {
        type: 'stream',
        op: 'update',
        stream_id: ch.stream_id,
        name: ch.name,
        value: renderChannel(state, ch),
      });
    }
    return ok();
  };
}

/**
 * Who may remove `target` from `ch`: the user themself; an administrator (anyone, anywhere);
 * the owner of a bot; a member of the channel's can_remove_subscribers_group with access to it.
 */
function mayRemove(
  state: MockState,
  actor: UserRecord,
  target: UserRecord,
  ch: ChannelRecord,
): boolean {
  if (actor.user_id === target.user_id || isAdmin(actor)) return true;
  if (target.is_bot && target.bot_owner_id === actor.user_id && canSeeChannel(state, ch, actor))
    return true;
  return (
    canReadChannel(state, ch, actor) &&
    inSetting(state, ch.can_remove_subscribers_group, actor.user_id)
  );
}

export function createUnsubscribe(state: MockState): HandlerOf<'unsubscribe', UserRecord> {
  return (params, { user }) => {
    const targets: UserRecord[] = [];
    for (const ref of params.principals ?? [user.user_id]) {
      const u = findUser(
        state,
        typeof ref === 'string' && /^[0-9]+$/.test(ref) ? Number(ref) : ref,
      );
      if (!u || !u.is_active) return error(400, 'BAD_REQUEST', `No such user: ${String(ref)}`);
      targets.push(u);
    }
    const channels: ChannelRecord[] = [];
    for (const name of params.subscriptions) {
      const ch = findChannel(state, name);
      if (!ch || !canSeeChannel(state, ch, user))
        return error(400, 'STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, {
          stream: name,
        });
      if (ch.is_archived)
        return error(
          400,
          'BAD_REQUEST',
          `Channel '${ch.name}' is archived; its subscriptions cannot be modified`,
        );
      for (const t of targets)
        if (!mayRemove(state, user, t, ch))
          return error(400, 'BAD_REQUEST', 'Insufficient permission');
      channels.push(ch);
    }
    const removed: string[] = [];
    const notRemoved: string[] = [];
    const next = state.nextId.message;
    for (const ch of channels) {
      for (const t of targets) {
        const sub = state.subscriptions.get(ch.stream_id)?.get(t.user_id);
        if (!sub?.active) {
          notRemoved.push(ch.name);
          continue;
        }
        sub.active = false;
        const last = sub.ranges[sub.ranges.length - 1];
        if (last && last[1] === Infinity) last[1] = next;
        removed.push(ch.name);
        state.events.push(t.user_id, {
          type: 'subscription',
          op: 'remove',
          subscriptions: [{ stream_id: ch.stream_id, name: ch.name }],
        });
      }
    }
    return ok({ removed, not_removed: notRemoved });
  };
}
