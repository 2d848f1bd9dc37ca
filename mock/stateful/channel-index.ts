/**
 * Channel messages by channel, so a narrow to one channel walks that channel's messages instead
 * of every message of the organization (direct messages included). Built lazily from
 * `state.messages` and brought up to date on each use: messages are only ever appended (see
 * storeMessage) and never change channel, so catching up on the new tail is enough. A list that
 * shrank (a test replacing the store) is indexed again from scratch.
 */
import type { MessageRecord } from './state.js';

interface Index {
  /** how many of the list's messages are indexed */
  indexed: number;
  /** the last message indexed, to notice a list rewritten in place */
  last: MessageRecord | undefined;
  byChannel: Map<number, MessageRecord[]>;
}

const indexes = new WeakMap<MessageRecord[], Index>();

/** The messages of channel `streamId`, in the order of `all` (sorted by ID, like `all`). */
export function channelMessages(all: MessageRecord[], streamId: number): MessageRecord[] {
  let index = indexes.get(all);
  if (
    !index ||
    all.length < index.indexed ||
    (index.indexed > 0 && all[index.indexed - 1] !== index.last)
  ) {
    index = { indexed: 0, last: undefined, byChannel: new Map() };
    indexes.set(all, index);
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
