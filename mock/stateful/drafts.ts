/** PATCH /drafts/{draft_id} and POST /saved_snippets. */
import type { HandlerOf } from '../../generated/server.js';
import { ok } from './results.js';
import { canSeeChannel } from './access.js';
import { CAPS, capReached } from './caps.js';
import { bad } from './errors.js';
import { nowSeconds, snippetsOf, type MockState, type UserRecord } from './state.js';

export function createEditDraft(state: MockState): HandlerOf<'editDraft', UserRecord> {
  return (params, { user }) => {
    const existing = state.drafts.get(params.draft_id);
    if (!existing || existing.user_id !== user.user_id) return bad('Draft does not exist');
    const d = params.draft;
    if (d.content.includes('\u0000') || d.topic.includes('\u0000'))
      return bad('Content and topic must not contain null bytes');
    if (d.type === '' && d.to.length > 0)
      return bad('An unaddressed draft must have an empty "to" list');
    if (d.type === 'stream') {
      if (d.to.length !== 1) return bad('A channel draft is addressed to exactly one channel ID');
      const ch = state.channels.get(d.to[0]);
      if (!ch || !canSeeChannel(state, ch, user)) return bad('Invalid channel ID');
    }
    if (d.type === 'private' && d.to.some((id) => !state.users.get(id)?.is_active))
      return bad('Invalid user ID in "to"');
    Object.assign(existing, {
      type: d.type,
      to: [...d.to],
      topic: d.type === 'stream' ? d.topic : '',
      content: d.content,
      timestamp: d.timestamp ?? nowSeconds(state),
    });
    const { user_id: _owner, ...draft } = existing;
    state.events.push(user.user_id, { type: 'drafts', op: 'update', draft });
    return ok();
  };
}

export function createCreateSavedSnippet(
  state: MockState,
): HandlerOf<'createSavedSnippet', UserRecord> {
  return (params, { user }) => {
    if (params.title.trim() === '') return bad('Title cannot be empty.');
    if (params.content.trim() === '') return bad('Content cannot be empty.');
    if (snippetsOf(state, user.user_id) >= CAPS.savedSnippetsPerUser)
      return capReached('saved snippets', CAPS.savedSnippetsPerUser);
    const id = state.nextId.snippet++;
    const snippet = {
      id,
      user_id: user.user_id,
      title: params.title,
      content: params.content,
      date_created: nowSeconds(state),
    };
    state.snippets.set(id, snippet);
    const { user_id: _owner, ...saved_snippet } = snippet;
    state.events.push(user.user_id, { type: 'saved_snippets', op: 'add', saved_snippet });
    return ok({ saved_snippet_id: id });
  };
}
