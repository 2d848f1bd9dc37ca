/**
 * POST /messages/flags and DELETE /messages/{message_id}/reactions.
 *
 * Flags: only `read`, `starred`, `collapsed` change (the others follow content or history);
 * `messages` in the response lists the IDs whose flag actually changed; removing `read` skips
 * messages in channels the user is not subscribed to and returns those channel IDs.
 */
import type { HandlerOf } from '../../generated/server.js';
import { error, ok } from './results.js';
import { canReadMessage, isSubscribed, received } from './access.js';
import { bad } from './errors.js';
import { flagsOf, type MockState, type UserRecord } from './state.js';

const CHANGEABLE = new Set(['read', 'starred', 'collapsed']);

export function createUpdateMessageFlags(
  state: MockState,
): HandlerOf<'updateMessageFlags', UserRecord> {
  return (params, { user }) => {
    if (!CHANGEABLE.has(params.flag)) return bad(`Flag not editable: '${params.flag}'`);
    const messages = [...new Set(params.messages)].map((id) => state.messageById.get(id));
    if (messages.some((m) => !m || !canReadMessage(state, m, user, true)))
      return bad('Invalid message(s)');
    const flags = flagsOf(state, user.user_id);
    const changed: number[] = [];
    const skippedChannels = new Set<number>();
    for (const m of messages) {
      const id = m!.id;
      if (params.flag === 'read') {
        const got = received(state, m!, user.user_id);
        if (
          params.op === 'remove' &&
          m!.kind === 'stream' &&
          !isSubscribed(state, m!.stream_id!, user.user_id)
        ) {
          skippedChannels.add(m!.stream_id!);
          continue;
        }
        // Historical messages (not received) count as read unless marked unread.
        const isRead = got ? flags.read.has(id) : !flags.unreadHistorical.has(id);
        if (params.op === 'add' && !isRead) {
          if (got) flags.read.add(id);
          else flags.unreadHistorical.delete(id);
          changed.push(id);
        } else if (params.op === 'remove' && isRead) {
          if (got) flags.read.delete(id);
          else flags.unreadHistorical.add(id);
          changed.push(id);
        }
        continue;
      }
      const set = params.flag === 'starred' ? flags.starred : flags.collapsed;
      if (params.op === 'add' && !set.has(id)) {
        set.add(id);
        changed.push(id);
      } else if (params.op === 'remove' && set.has(id)) {
        set.delete(id);
        changed.push(id);
      }
    }
    changed.sort((a, b) => a - b);
    if (changed.length > 0) {
      state.events.push(user.user_id, {
        type: 'update_message_flags',
        op: params.op,
        operation: params.op,
        flag: params.flag,
        messages: changed,
        all: false,
      });
    }
    if (params.flag === 'read' && params.op === 'remove') {
      return ok({
        messages: changed,
        ignored_because_not_subscribed_channels: [...skippedChannels].sort((a, b) => a - b),
      });
    }
    return ok({ messages: changed });
  };
}

const UNICODE_CODE = /^[0-9a-f]{4,6}(-[0-9a-f]{4,6})*$/;

export function createRemoveReaction(state: MockState): HandlerOf<'removeReaction', UserRecord> {
  return (params, { user }) => {
    const m = state.messageById.get(params.message_id);
    if (!m || !canReadMessage(state, m, user, true)) return bad('Invalid message(s)');
    if (params.emoji_name === undefined && params.emoji_code === undefined)
      return bad('At least one of emoji_name and emoji_code must be specified');
    const type = params.reaction_type ?? 'unicode_emoji';
    if (params.emoji_code !== undefined) {
      const validCode =
        type === 'unicode_emoji'
          ? UNICODE_CODE.test(params.emoji_code)
          : type === 'realm_emoji'
            ? params.emoji_code in state.realm.realm_emoji
            : /^[a-z0-9_+-]+$/.test(params.emoji_code);
      if (!validCode) return bad('Invalid emoji code');
    }
    const index = m.reactions.findIndex(
      (r) =>
        r.user_id === user.user_id &&
        r.reaction_type === type &&
        (params.emoji_code === undefined || r.emoji_code === params.emoji_code) &&
        (params.emoji_name === undefined ||
          params.emoji_code !== undefined ||
          r.emoji_name === params.emoji_name),
    );
    if (index < 0) return error(400, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
    const [removed] = m.reactions.splice(index, 1);
    state.events.push(user.user_id, {
      type: 'reaction',
      op: 'remove',
      message_id: m.id,
      ...removed,
    });
    return ok();
  };
}
