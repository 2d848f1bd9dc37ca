/**
 * GET /messages and GET /messages/{message_id}: anchors (`newest`, `oldest`, `first_unread`,
 * an ID), `num_before`/`num_after`, `message_ids`, narrows, the 5000-message limit, and the
 * rule that a user's history excludes channel messages sent before they subscribed.
 */
import type { HandlerOf } from '../../generated/server.js';
import { ok } from './results.js';
import { canReadMessage } from './access.js';
import { channelMessages } from './channel-index.js';
import { bad } from './errors.js';
import { MAX_MESSAGES_PER_FETCH } from './limits.js';
import { compileNarrow } from './narrow.js';
import { messageFlags, renderMessage } from './render.js';
import type { MessageRecord, MockState } from './state.js';

/** What `anchor=newest` resolves to: larger than any message ID (the real server's constant). */
export const LARGER_THAN_MAX_MESSAGE_ID = 10000000000000000;

export function createGetMessages(
  state: MockState,
): HandlerOf<'getMessages', import('./state.js').UserRecord> {
  return (params, { user }) => {
    const listForm = params.message_ids !== undefined;
    if (listForm) {
      const clash = (
        ['anchor', 'include_anchor', 'use_first_unread_anchor', 'num_before', 'num_after'] as const
      ).filter((k) => params[k] !== undefined);
      if (clash.length > 0) return bad(`message_ids may not be combined with ${clash.join(', ')}`);
    } else {
      if (params.anchor !== undefined && params.use_first_unread_anchor !== undefined)
        return bad('use_first_unread_anchor may not be combined with anchor');
      if (params.num_before === undefined) return bad("Missing 'num_before' argument");
      if (params.num_after === undefined) return bad("Missing 'num_after' argument");
      if (params.num_before < 0 || params.num_after < 0)
        return bad('num_before and num_after must not be negative');
      if (params.num_before + params.num_after > MAX_MESSAGES_PER_FETCH) {
        return bad(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
      }
      if (params.anchor === undefined && params.use_first_unread_anchor !== true)
        return bad("Missing 'anchor' argument");
    }
    const narrow = compileNarrow(state, user, params.narrow);
    if (!narrow.ok) return bad(narrow.msg);
    const visible = (m: MessageRecord) =>
      canReadMessage(state, m, user, narrow.fullHistory) && narrow.test(m);
    const render = (m: MessageRecord) =>
      renderMessage(state, m, user, {
        applyMarkdown: params.apply_markdown ?? true,
        allowEmptyTopicName: params.allow_empty_topic_name ?? false,
        clientExtavatar: params.client_extavatar ?? true,
      });

    if (listForm) {
      const ids = [...new Set(params.message_ids!)].sort((a, b) => a - b);
      const found = ids
        .map((id) => state.messageById.get(id))
        .filter((m): m is MessageRecord => !!m && visible(m));
      return ok({
        found_anchor: false,
        found_newest: false,
        found_oldest: false,
        history_limited: false,
        messages: found.map(render),
      });
    }

    // A channel narrow only ever matches that channel's messages: walk those alone.
    const all =
      narrow.channelId === undefined ? state.messages : channelMessages(state, narrow.channelId);
    let anchor: number;
    const anchorParam = params.use_first_unread_anchor ? 'first_unread' : params.anchor!;
    if (anchorParam === 'newest') anchor = LARGER_THAN_MAX_MESSAGE_ID;
    else if (anchorParam === 'oldest') anchor = 0;
    else if (anchorParam === 'first_unread') {
      const first = all.find(
        (m) => visible(m) && !messageFlags(state, m, user.user_id).includes('read'),
      );
      anchor = first ? first.id : LARGER_THAN_MAX_MESSAGE_ID;
    } else anchor = anchorParam;

    const includeAnchor = params.include_anchor ?? true;
    const start = lowerBound(all, anchor);
    // Walk outwards from the anchor, one extra each way to learn whether the ends were reached.
    const before: MessageRecord[] = [];
    for (let i = start - 1; i >= 0 && before.length <= params.num_before!; i--)
      if (visible(all[i])) before.push(all[i]);
    const after: MessageRecord[] = [];
    let anchorMessage: MessageRecord | undefined;
    for (let i = start; i < all.length && after.length <= params.num_after!; i++) {
      const m = all[i];
      if (!visible(m)) continue;
      if (m.id === anchor) anchorMessage = m;
      else after.push(m);
    }
    const foundOldest = before.length <= params.num_before!;
    const foundNewest = after.length <= params.num_after!;
    const picked = [
      ...before.slice(0, params.num_before!).reverse(),
      ...(anchorMessage && includeAnchor ? [anchorMessage] : []),
      ...after.slice(0, params.num_after!),
    ];
    return ok({
      anchor,
      found_anchor: !!anchorMessage && includeAnchor,
      found_oldest: foundOldest,
      found_newest: foundNewest,
      history_limited: false,
      messages: picked.map(render),
    });
  };
}

/** Index of the first message with id >= `id` (messages are sorted by id). */
function lowerBound(list: MessageRecord[], id: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createGetMessage(
  state: MockState,
): HandlerOf<'getMessage', import('./state.js').UserRecord> {
  return (params, { user }) => {
    const m = state.messageById.get(params.message_id);
    if (!m || !canReadMessage(state, m, user, true)) return bad('Invalid message(s)');
    const applyMarkdown = params.apply_markdown ?? true;
    const message = renderMessage(state, m, user, {
      applyMarkdown,
      allowEmptyTopicName: params.allow_empty_topic_name ?? false,
      clientExtavatar: true,
    });
    // The description lists raw_content in this answer with no condition (deprecated, but sent).
    return ok({ message, raw_content: m.content });
  };
}
