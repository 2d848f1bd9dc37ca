/**
 * Narrows of GET /messages. The description does not list the operators; the mock supports
 * this subset (each term may be negated with `negated: true` in the object form):
 *
 * | operator | operand |
 * |---|---|
 * | `channel` (legacy `stream`) | channel name or ID; searches the channel's full history where readable |
 * | `channels` | `public`: all public channels, full history |
 * | `topic` (legacy `subject`) | topic name, case-insensitive (`(no topic)` is the empty topic) |
 * | `dm` (legacy `pm-with`) | user IDs or emails (array, or comma-separated text): that exact conversation |
 * | `dm-including` | one user ID or email: direct messages including that user |
 * | `is` | `dm` (legacy `private`), `starred`, `mentioned`, `unread`, `alerted`, `resolved` |
 * | `sender` | user ID, email or `me` |
 * | `search` | words that must all appear in the content or topic (case-insensitive) |
 * | `id` | one message ID |
 *
 * Any other operator is a 400 BAD_REQUEST naming it.
 */
import { findChannel, findUser, canReadChannel } from './access.js';
import { normalizeTopic } from './limits.js';
import { messageFlags } from './render.js';
import type { MessageRecord, MockState, UserRecord } from './state.js';

export type MessageTest = (m: MessageRecord) => boolean;
export type CompiledNarrow =
  /** `channelId`: a (non-negated) channel term, so only that channel's messages can match */
  | { ok: true; test: MessageTest; fullHistory: boolean; channelId?: number }
  | { ok: false; msg: string };

interface Term {
  operator: string;
  operand: unknown;
  negated: boolean;
}

function terms(narrow: unknown): Term[] | string {
  if (narrow === undefined) return [];
  if (!Array.isArray(narrow)) return 'narrow must be an array';
  const out: Term[] = [];
  for (const t of narrow) {
    if (Array.isArray(t) && t.length === 2 && typeof t[0] === 'string')
      out.push({ operator: t[0], operand: t[1], negated: false });
    else if (t && typeof t === 'object' && typeof (t as Term).operator === 'string') {
      const o = t as Term & { negated?: unknown };
      out.push({ operator: o.operator, operand: o.operand, negated: o.negated === true });
    } else return 'each narrow term is {operator, operand} or [operator, operand]';
  }
  return out;
}

const userRef = (x: unknown) =>
  (typeof x === 'string' && /^[0-9]+$/.test(x) ? Number(x) : x) as string | number;

export function compileNarrow(
  state: MockState,
  viewer: UserRecord,
  narrow: unknown,
): CompiledNarrow {
  const parsed = terms(narrow);
  if (typeof parsed === 'string') return { ok: false, msg: `Invalid narrow: ${parsed}` };
  const tests: MessageTest[] = [];
  let fullHistory = false;
  let channelId: number | undefined;
  for (const term of parsed) {
    const test = compileTerm(state, viewer, term);
    if (typeof test === 'string') return { ok: false, msg: test };
    if (
      (term.operator === 'channel' || term.operator === 'stream' || term.operator === 'channels') &&
      !term.negated
    )
      fullHistory = true;
    if ((term.operator === 'channel' || term.operator === 'stream') && !term.negated)
      channelId = findChannel(state, userRef(term.operand as string | number))?.stream_id;
    tests.push(term.negated ? (m) => !test(m) : test);
  }
  if (tests.length === 0) return { ok: true, fullHistory, test: () => true };
  const only = tests.length === 1 ? tests[0] : undefined;
  return { ok: true, fullHistory, channelId, test: only ?? ((m) => tests.every((t) => t(m))) };
}

function compileTerm(
  state: MockState,
  viewer: UserRecord,
  { operator, operand }: Term,
): MessageTest | string {
  switch (operator) {
    case 'channel':
    case 'stream': {
      if (typeof operand !== 'string' && typeof operand !== 'number')
        return `Invalid narrow operand for '${operator}'`;
      const ch = findChannel(state, userRef(operand));
      if (!ch || !canReadChannel(state, ch, viewer))
        return `Invalid narrow operand: unknown channel '${operand}'`;
      return (m) => m.stream_id === ch.stream_id;
    }
    case 'channels':
      if (operand !== 'public')
        return `Invalid narrow operand for 'channels': only 'public' is supported`;
      return (m) => m.kind === 'stream' && !state.channels.get(m.stream_id!)!.invite_only;
    case 'topic':
    case 'subject': {
      if (typeof operand !== 'string') return `Invalid narrow operand for '${operator}'`;
      const topic = normalizeTopic(state, operand).toLowerCase();
      return (m) => m.kind === 'stream' && m.topic.toLowerCase() === topic;
    }
    case 'dm':
    case 'pm-with': {
      const refs = Array.isArray(operand)
        ? operand
        : typeof operand === 'string'
          ? operand.split(',').map((s) => s.trim())
          : [operand];
      const ids = new Set<number>([viewer.user_id]);
      for (const r of refs) {
        const u = findUser(state, userRef(r));
        if (!u) return `Invalid narrow operand: unknown user '${String(r)}'`;
        ids.add(u.user_id);
      }
      const key = [...ids].sort((a, b) => a - b).join(',');
      return (m) => m.kind === 'private' && m.participants!.join(',') === key;
    }
    case 'dm-including': {
      const u = findUser(state, userRef(operand));
      if (!u) return `Invalid narrow operand: unknown user '${String(operand)}'`;
      return (m) => m.kind === 'private' && m.participants!.includes(u.user_id);
    }
    case 'is': {
      const has = (flag: string) => (m: MessageRecord) =>
        messageFlags(state, m, viewer.user_id).includes(flag);
      switch (operand) {
        case 'dm':
        case 'private':
          return (m) => m.kind === 'private';
        case 'starred':
          return has('starred');
        case 'mentioned':
          return (m) => {
            const f = messageFlags(state, m, viewer.user_id);
            return f.includes('mentioned') || f.includes('wildcard_mentioned');
          };
        case 'unread':
          return (m) => !messageFlags(state, m, viewer.user_id).includes('read');
        case 'alerted':
          return has('has_alert_word');
        case 'resolved':
          return (m) => m.kind === 'stream' && m.topic.startsWith('✔ ');
        default:
          return `Invalid narrow operand for 'is': '${String(operand)}'`;
      }
    }
    case 'sender': {
      const u = operand === 'me' ? viewer : findUser(state, userRef(operand));
      if (!u) return `Invalid narrow operand: unknown user '${String(operand)}'`;
      return (m) => m.sender_id === u.user_id;
    }
    case 'search': {
      if (typeof operand !== 'string') return `Invalid narrow operand for 'search'`;
      const words = operand.toLowerCase().split(/\s+/).filter(Boolean);
      return (m) => {
        const text = `${m.topic}\n${m.content}`.toLowerCase();
        return words.every((w) => text.includes(w));
      };
    }
    case 'id': {
      const id = Number(operand);
      if (!Number.isInteger(id)) return `Invalid narrow operand for 'id'`;
      return (m) => m.id === id;
    }
    default:
      return `Invalid narrow operator: '${operator}' (supported: channel, channels, topic, dm, dm-including, is, sender, search, id)`;
  }
}
