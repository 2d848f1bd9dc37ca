/**
 * PATCH /user_groups/{user_group_id} and the group-setting checks shared with channels.
 *
 * Deactivated groups keep their permission settings (which still govern who may modify them)
 * but cannot be used in a permission value until reactivated; `deactivated=false` reactivates,
 * `deactivated=true` does nothing (deactivation has its own endpoint, not in the description).
 */
import type { HandlerOf } from '../../generated/server.js';
import { ok } from './results.js';
import { inSetting, isAdmin } from './access.js';
import { bad } from './errors.js';
import type { GroupSetting, MockState, UserRecord } from './state.js';

function sameSetting(a: GroupSetting, b: GroupSetting): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const norm = (xs: number[]) => [...xs].sort((x, y) => x - y).join(',');
  return (
    norm(a.direct_members) === norm(b.direct_members) &&
    norm(a.direct_subgroups) === norm(b.direct_subgroups)
  );
}

/** The problem with `{new, old}` for a setting whose current value is `current`, or undefined. */
export function checkGroupSettingUpdate(
  state: MockState,
  current: GroupSetting,
  update: { new: GroupSetting; old?: GroupSetting },
  field: string,
  forbidden: string[] = [],
): string | undefined {
  if (update.old !== undefined && !sameSetting(update.old, current))
    return `'old' value of ${field} does not match the current value`;
  const groups = typeof update.new === 'number' ? [update.new] : update.new.direct_subgroups;
  for (const id of groups) {
    const g = state.groups.get(id);
    if (!g) return `Invalid user group ID ${id} in ${field}`;
    if (g.deactivated) return `User group ${id} is deactivated and cannot be used in ${field}`;
    if (g.is_system_group && forbidden.includes(g.name))
      return `${field} cannot be set to the system group ${g.name}`;
  }
  if (typeof update.new !== 'number') {
    for (const id of update.new.direct_members)
      if (!state.users.get(id)?.is_active) return `Invalid user ID ${id} in ${field}`;
  }
  return undefined;
}

const SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
/** System groups a setting may not take (the description's rules). */
const FORBIDDEN: Partial<Record<(typeof SETTINGS)[number], string[]>> = {
  can_manage_group: ['role:internet', 'role:everyone'],
  can_mention_group: ['role:internet', 'role:owners'],
};

export function createUpdateUserGroup(state: MockState): HandlerOf<'updateUserGroup', UserRecord> {
  return (params, { user }) => {
    const group = state.groups.get(params.user_group_id);
    if (!group) return bad('Invalid user group');
    if (group.is_system_group)
      return bad('Insufficient permission: system groups cannot be modified');
    if (!isAdmin(user) && !inSetting(state, group.can_manage_group, user.user_id))
      return bad('Insufficient permission');
    if (params.name !== undefined) {
      const name = params.name.trim();
      if (name === '' || name.startsWith('role:')) return bad('Invalid user group name');
      if ([...state.groups.values()].some((g) => g.id !== group.id && g.name === name))
        return bad(`User group '${name}' already exists.`);
    }
    for (const field of SETTINGS) {
      const update = params[field];
      if (update === undefined) continue;
      const problem = checkGroupSettingUpdate(state, group[field], update, field, FORBIDDEN[field]);
      if (problem) return bad(problem);
    }
    if (params.name !== undefined) group.name = params.name.trim();
    if (params.description !== undefined) group.description = params.description;
    for (const field of SETTINGS)
      if (params[field] !== undefined) group[field] = params[field]!.new;
    if (params.deactivated === false) group.deactivated = false;
    for (const u of state.users.values()) {
      if (u.is_active)
        state.events.push(u.user_id, {
          type: 'user_group',
          op: 'update',
          group_id: group.id,
          data: {
            name: group.name,
            description: group.description,
            deactivated: group.deactivated,
          },
        });
    }
    return ok();
  };
}
