/**
 * Channel messages by channel, so a narrow to one channel walks that channel's messages instead
 * of every message of the organization (direct messages included). Built lazily from
 * `state.messages` and brought up to date on each use: messages are only ever appended (see
 * storeMessage) and never change channel, so catching up on the new tail is enough. A list that
 * was replaced or shrank (a test replacing the store) is indexed again from scratch. The index
 * lives in the mock instance's state (`state.caches`), not in this module.
 */
import type { MessageRecord, MockState } from './state.js';

/** The messages of channel `streamId`, in the order of `state.messages` (sorted by ID). */
export function channelMessages(state: MockState, streamId: number): MessageRecord[] {
  const all = state.messages;
  let index = state.caches.channelIndex;
  if (
    index.list !== all ||
    all.length < index.indexed ||
    (index.indexed > 0 && all[index.indexed - 1] !== index.last)
  ) {
    index = { list: all, indexed: 0, last: undefined, byChannel: new Map() };
    state.caches.channelIndex = index;
  }
  for (let i = index.indexed; i < all.length; i++) {
    const m = all[i];
    if (m.stream_id === undefined) continue;
    let list = index.byChannel.get(m.stream_id);
    if (!list) index.byChannel.set(m.stream_id, (list = []));
    list.push(m);
  }
  index.indexed = all.length;
  index.last = all[all.length - 1];
  return index.byChannel.get(streamId) ?? [];
}
