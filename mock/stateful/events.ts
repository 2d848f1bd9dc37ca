/**
 * Event queues. POST /register creates one; the events endpoint is not in the description (so
 * not in the contract), so queued events are read through this in-process API, never a route.
 *
 * A queue idle for 10 minutes (no register, no read) is discarded; reading it afterwards fails
 * with BAD_EVENT_QUEUE_ID, as the description says of the real events endpoint. So is a queue
 * that would hold more than CAPS.eventsPerQueue unread events (a client that stopped reading).
 */
import { CAPS } from './caps.js';
import type { Clock } from './clock.js';

export const QUEUE_IDLE_MS = 10 * 60 * 1000;

export interface QueuedEvent {
  id: number;
  type: string;
  [key: string]: unknown;
}

export interface QueueOptions {
  userId: number | null;
  /** event types to deliver (undefined: all) */
  eventTypes?: string[];
  capabilities: Record<string, boolean>;
  allPublicStreams: boolean;
  /** register `narrow` as pairs, e.g. [['is','dm']] */
  narrow: string[][];
}

interface Queue extends QueueOptions {
  id: string;
  events: QueuedEvent[];
  lastEventId: number;
  lastActivity: number;
}

export type EventsRead =
  | { ok: true; queueId: string; events: QueuedEvent[] }
  | { ok: false; code: 'BAD_EVENT_QUEUE_ID'; msg: string };

export interface EventQueues {
  create(options: QueueOptions): { queueId: string; lastEventId: number };
  /** Events after `lastEventId` (default: all kept); reading counts as activity. */
  read(queueId: string, lastEventId?: number): EventsRead;
  /** Queue `event` for every live queue of `userId` that wants its type; `extra` adds fields per queue. */
  push(
    userId: number,
    event: { type: string; [key: string]: unknown },
    extra?: (queueId: string, options: QueueOptions) => Record<string, unknown> | null | undefined,
  ): void;
  /** the live queues (after discarding idle ones) */
  live(): { queueId: string; userId: number | null; options: QueueOptions }[];
  has(queueId: string): boolean;
  /** live queues of `userId` */
  countOf(userId: number): number;
  ownerOf(queueId: string): number | null | undefined;
  clear(): void;
}

export function createEventQueues(clock: Clock, instance: string): EventQueues {
  const queues = new Map<string, Queue>();
  let counter = 0;
  const sweep = () => {
    const now = clock.now();
    for (const [id, q] of queues) if (now - q.lastActivity >= QUEUE_IDLE_MS) queues.delete(id);
  };
  return {
    create(options) {
      sweep();
      const id = `${instance}:${++counter}`;
      queues.set(id, { ...options, id, events: [], lastEventId: -1, lastActivity: clock.now() });
      return { queueId: id, lastEventId: -1 };
    },
    read(queueId, lastEventId) {
      sweep();
      const q = queues.get(queueId);
      if (!q)
        return { ok: false, code: 'BAD_EVENT_QUEUE_ID', msg: `Bad event queue ID: ${queueId}` };
      q.lastActivity = clock.now();
      if (lastEventId !== undefined) q.events = q.events.filter((e) => e.id > lastEventId);
      return { ok: true, queueId, events: q.events.map((e) => structuredClone(e)) };
    },
    push(userId, event, extra) {
      sweep();
      for (const q of queues.values()) {
        if (q.userId !== userId) continue;
        if (q.eventTypes && !q.eventTypes.includes(event.type)) continue;
        const more = extra ? extra(q.id, q) : {};
        if (more === null) continue;
        if (q.events.length >= CAPS.eventsPerQueue) {
          queues.delete(q.id);
          continue;
        }
        q.lastEventId += 1;
        q.events.push({ ...structuredClone(event), ...more, id: q.lastEventId } as QueuedEvent);
      }
    },
    live() {
      sweep();
      return [...queues.values()].map((q) => ({ queueId: q.id, userId: q.userId, options: q }));
    },
    countOf(userId) {
      sweep();
      let n = 0;
      for (const q of queues.values()) if (q.userId === userId) n++;
      return n;
    },
    has(queueId) {
      sweep();
      return queues.has(queueId);
    },
    ownerOf(queueId) {
      sweep();
      return queues.get(queueId)?.userId;
    },
    clear() {
      queues.clear();
    },
  };
}
