/**
 * POST /register: a new event queue plus the initial state the client asked for. Of the
 * initial-state keys the description names, the mock serves `subscription` (as
 * `subscriptions`), `recent_private_conversations`, `navigation_views`, `saved_snippets`,
 * `realm_user_groups` and `realm_linkifiers`; unsupported types are ignored, as the
 * description says of the real server.
 */
import type { HandlerOf } from '../../generated/server.js';
import type { RegisterQueueResponse } from '../../generated/types.js';
import { ok } from './results.js';
import { isAdmin } from './access.js';
import { CAPS, capReached } from './caps.js';
import { bad } from './errors.js';
import { LIMITS, VERSION } from './limits.js';
import { renderSubscription } from './render.js';
import type { MockState, UserRecord } from './state.js';

const NAVIGATION_VIEWS = [
  { fragment: 'inbox', is_pinned: true, name: null },
  { fragment: 'recent', is_pinned: true, name: null },
  { fragment: 'narrow/is/starred', is_pinned: false, name: null },
];

export function createRegisterQueue(state: MockState): HandlerOf<'registerQueue', UserRecord> {
  return (params, { user }) => {
    const capabilities = (params.client_capabilities ?? {}) as Record<string, boolean>;
    const includeSubscribers = params.include_subscribers ?? 'false';
    if (!user) {
      if (!state.realm.enable_spectator_access)
        return bad('Not logged in: API authentication or user session required');
      if (params.client_extavatar === true)
        return bad('Invalid client_extavatar: not allowed without authentication');
      if (includeSubscribers === 'true')
        return bad('Invalid include_subscribers: not allowed without authentication');
    }
    const wanted = params.fetch_event_types ?? params.event_types;
    const wants = (...types: string[]) => !wanted || types.some((t) => wanted.includes(t));

    if (user && state.events.countOf(user.user_id) >= CAPS.eventQueuesPerUser)
      return capReached('event queues', CAPS.eventQueuesPerUser);
    const queue = user
      ? state.events.create({
          userId: user.user_id,
          eventTypes: params.event_types,
          capabilities,
          allPublicStreams: params.all_public_streams ?? false,
          narrow: params.narrow ?? [],
        })
      : { queueId: null, lastEventId: -1 };
    const body: Record<string, unknown> = {
      queue_id: queue.queueId,
      last_event_id: queue.lastEventId,
      service_feature_level: state.featureLevel,
      service_version: VERSION,
      ...LIMITS,
      realm_empty_topic_display_name: state.realm.empty_topic_display_name,
    };
    if (wants('subscription')) {
      const list: Record<string, unknown>[] = [];
      for (const ch of [...state.channels.values()].sort((a, b) => a.stream_id - b.stream_id)) {
        const sub = user ? state.subscriptions.get(ch.stream_id)?.get(user.user_id) : undefined;
        if (!sub?.active) continue;
        if (ch.is_archived && !capabilities.archived_channels) continue;
        list.push(renderSubscription(state, ch, sub, includeSubscribers));
      }
      body.subscriptions = list;
    }
    if (wants('recent_private_conversations') && user) {
      const byPeers = new Map<string, { max_message_id: number; user_ids: number[] }>();
      for (const m of state.messages) {
        if (m.kind !== 'private' || !m.participants!.includes(user.user_id)) continue;
        const peers = m.participants!.filter((id) => id !== user.user_id);
        byPeers.set(peers.join(','), { max_message_id: m.id, user_ids: peers });
      }
      body.recent_private_conversations = [...byPeers.values()].sort(
        (a, b) => b.max_message_id - a.max_message_id,
      );
    }
    if (wants('navigation_views')) body.navigation_views = NAVIGATION_VIEWS.map((v) => ({ ...v }));
    if (wants('saved_snippets')) {
      body.saved_snippets = user
        ? [...state.snippets.values()]
            .filter((s) => s.user_id === user.user_id)
            .map(({ user_id: _u, ...s }) => s)
        : [];
    }
    if (wants('realm_user_groups')) {
      body.realm_user_groups = [...state.groups.values()]
        .filter((g) => capabilities.include_deactivated_groups || !g.deactivated)
        .map((g) => ({
          id: g.id,
          name: g.name,
          description: g.description,
          members: [...g.members],
          direct_subgroup_ids: [...g.subgroups],
          is_system_group: g.is_system_group,
          deactivated: g.deactivated,
          can_add_members_group: g.can_add_members_group,
          can_join_group: g.can_join_group,
          can_leave_group: g.can_leave_group,
          can_manage_group: g.can_manage_group,
          can_mention_group: g.can_mention_group,
          can_remove_members_group: g.can_remove_members_group,
        }));
    }
    if (wants('realm_linkifiers')) {
      // Without the linkifier_url_template capability the list is empty (the description's rule).
      body.realm_linkifiers = capabilities.linkifier_url_template
        ? [...state.linkifiers.values()].map((l) => ({ ...l }))
        : [];
    }
    if (user && isAdmin(user) && wants('realm_user_settings_defaults'))
      body.realm_user_settings_defaults = { ...state.realm.user_settings_defaults };
    return ok(body as Omit<RegisterQueueResponse, 'result' | 'msg'>);
  };
}
