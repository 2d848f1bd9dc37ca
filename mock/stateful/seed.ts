/**
 * The default world of the stateful mock: an organization with users of every role (owner,
 * administrator, moderator, members, a guest, a bot and a deactivated user, plus twenty
 * teammates so that "large channel" rules apply), public, private, web-public and archived
 * channels, messages with reactions and edit history, direct and group direct messages,
 * user groups (one deactivated), drafts, saved snippets, a linkifier and an E2EE device.
 * Deterministic: the same seed gives the same IDs and keys every time.
 */
import { nowSeconds, type MockState } from './state.js';
import {
  createPoster,
  seedExtraMessages,
  seedMessages,
  seedPersonalData,
  type SeedOptions,
} from './seed-messages.js';
import {
  DAY,
  seedChannels,
  seedGroups,
  seedUsers,
  type SeededCredential,
  type Seeding,
} from './seed-people.js';

export type { SeededCredential } from './seed-people.js';
export type { SeedOptions } from './seed-messages.js';

export function seedDefault(state: MockState, options: SeedOptions = {}): SeededCredential[] {
  const seeding: Seeding = { state, now: nowSeconds(state), credentials: [] };
  // The order is the IDs' order: users, groups, channels, messages, personal data.
  const people = seedUsers(seeding);
  const backend = seedGroups(state, people);
  const channels = seedChannels(seeding, people, backend);
  const post = createPoster(state, seeding.now - 30 * DAY);
  seedMessages(state, people, channels, post);
  seedExtraMessages(people, channels, post, options);
  seedPersonalData(seeding, people, channels);
  return seeding.credentials;
}
