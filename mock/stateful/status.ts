/**
 * POST /users/me/status: only passed parameters change; status_text at most 60 characters
 * (empty clears); emoji_code/reaction_type need emoji_name; the emoji must exist.
 */
import type { HandlerOf } from '../../generated/server.js';
import { ok } from './results.js';
import { bad } from './errors.js';
import { limitText, longerThan, STATUS_TEXT_MAX } from './limits.js';
import type { MockState, UserRecord } from './state.js';

/** The unicode emoji the mock knows (name → code); a real server has thousands. */
export const UNICODE_EMOJI: Record<string, string> = {
  smile: '1f642',
  octopus: '1f419',
  tada: '1f389',
  thumbs_up: '1f44d',
  heart: '2764',
  rocket: '1f680',
  car: '1f697',
  palm_tree: '1f334',
  calendar: '1f4c6',
  house: '1f3e0',
  coffee: '2615',
  eyes: '1f440',
};
export const SERVICE_EXTRA_EMOJI = new Set(['zulip']);

export function createUpdateStatus(state: MockState): HandlerOf<'updateStatus', UserRecord> {
  return (params, { user }) => {
    const given = (
      ['status_text', 'emoji_name', 'emoji_code', 'reaction_type', 'away'] as const
    ).filter((k) => params[k] !== undefined);
    if (given.length === 0) return bad('Client did not pass any new values.');
    if (params.status_text !== undefined && longerThan(params.status_text, STATUS_TEXT_MAX))
      return bad(`status_text is too long (limit: ${limitText(STATUS_TEXT_MAX)})`);
    if (
      (params.emoji_code !== undefined || params.reaction_type !== undefined) &&
      params.emoji_name === undefined
    ) {
      return bad('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
    }
    const status = user.status;
    if (params.emoji_name !== undefined && params.emoji_name !== '') {
      const name = params.emoji_name;
      if (!/^[a-z0-9_+-]+$/.test(name)) return bad(`Invalid emoji name '${name}'`);
      const type = params.reaction_type ?? 'unicode_emoji';
      let code: string;
      if (type === 'realm_emoji') {
        const entry =
          params.emoji_code !== undefined
            ? state.realm.realm_emoji[params.emoji_code]
            : Object.entries(state.realm.realm_emoji).find(([, e]) => e.name === name)?.[1];
        if (!entry || entry.name !== name || entry.deactivated) return bad('Invalid custom emoji.');
        code =
          params.emoji_code ??
          Object.entries(state.realm.realm_emoji).find(([, e]) => e.name === name)![0];
      } else if (type === 'service_extra_emoji') {
        if (!SERVICE_EXTRA_EMOJI.has(name)) return bad(`Emoji '${name}' does not exist`);
        code = name;
      } else {
        if (!(name in UNICODE_EMOJI)) return bad(`Emoji '${name}' does not exist`);
        if (params.emoji_code !== undefined && params.emoji_code !== UNICODE_EMOJI[name])
          return bad('Invalid emoji code.');
        code = UNICODE_EMOJI[name];
      }
      status.emoji_name = name;
      status.emoji_code = code;
      status.reaction_type = type;
    } else if (params.emoji_name === '') {
      status.emoji_name = status.emoji_code = status.reaction_type = '';
    }
    if (params.status_text !== undefined) status.status_text = params.status_text;
    if (params.away !== undefined) status.away = params.away;
    for (const u of state.users.values())
      if (u.is_active)
        state.events.push(u.user_id, { type: 'user_status', user_id: user.user_id, ...status });
    return ok();
  };
}
