/**
 * Named presets of seed data, for the MSW handlers (`seed: 'busy'`) and tests. Each starts from
 * the built-in organization (seed.ts), so the same users and credentials exist in every preset
 * and a test can switch presets without changing its logins.
 */
import { seedDefault, type SeededCredential } from './seed.js';
import type { MockState } from './state.js';

export const PRESETS = {
  /** the built-in organization: every role, a deactivated user, archived channels, messages */
  default: (state: MockState) => seedDefault(state),
  /** the same users and channels with no messages, drafts or saved snippets yet */
  empty: (state: MockState) => {
    const credentials = seedDefault(state);
    state.messages = [];
    state.messageById.clear();
    state.flags.clear();
    state.topics.clear();
    state.userTopics.clear();
    state.drafts.clear();
    state.snippets.clear();
    return credentials;
  },
  /** the built-in organization with 2,000 more channel messages (paging, long lists) */
  busy: (state: MockState) => seedDefault(state, { extraMessages: 2000 }),
  /**
   * the built-in organization, named for what it is used to show: archived channels and a
   * deactivated user (both are already part of `default`)
   */
  archived: (state: MockState) => seedDefault(state),
} satisfies Record<string, (state: MockState) => SeededCredential[]>;

export type PresetName = keyof typeof PRESETS;

export function presetSeed(name: PresetName): (state: MockState) => SeededCredential[] {
  const seed = PRESETS[name];
  if (!seed)
    throw new RangeError(
      `unknown seed preset '${name}' (one of ${Object.keys(PRESETS).join(', ')})`,
    );
  return seed;
}
