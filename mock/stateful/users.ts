/**
 * GET /users, PATCH /users/{user_id}, DELETE /users/{user_id}, POST /fetch_api_key.
 *
 * Role rules: administrators only; only owners may add or remove the owner role; the only
 * owner can neither lose it nor be deactivated; a guest cannot be made an administrator
 * directly (the description's example of a forbidden role change).
 */
import type { HandlerOf } from '../../generated/server.js';
import { error, ok } from './results.js';
import { isAdmin, isOwner, ROLE } from './access.js';
import { bad } from './errors.js';
import { FULL_NAME_MAX, FULL_NAME_MIN, lengthOf, limitText, longerThan } from './limits.js';
import { renderUser } from './render.js';
import type { MockState, UserRecord } from './state.js';

const activeOwners = (state: MockState) =>
  [...state.users.values()].filter((u) => u.is_active && u.role === ROLE.owner);

function broadcastUser(state: MockState, person: Record<string, unknown>): void {
  for (const u of state.users.values())
    if (u.is_active) state.events.push(u.user_id, { type: 'realm_user', op: 'update', person });
}

export function createGetUsers(state: MockState): HandlerOf<'getUsers', UserRecord> {
  return (params) => {
    const wanted = params.user_ids ? new Set(params.user_ids) : undefined;
    const members = [...state.users.values()]
      .filter((u) => !wanted || wanted.has(u.user_id))
      .map((u) =>
        renderUser(u, {
          clientExtavatar: params.client_extavatar ?? true,
          profileData: params.include_custom_profile_fields ?? false,
        }),
      );
    return ok({ members });
  };
}

export function createUpdateUser(state: MockState): HandlerOf<'updateUser', UserRecord> {
  return (params, { user }) => {
    if (!isAdmin(user)) return bad('Must be an organization administrator');
    const target = state.users.get(params.user_id);
    if (!target) return bad('No such user');
    if (params.role !== undefined && params.role !== target.role) {
      if ((params.role === ROLE.owner || target.role === ROLE.owner) && !isOwner(user))
        return bad('Only organization owners can add or remove the owner role.');
      if (target.role === ROLE.owner && activeOwners(state).length === 1)
        return bad('The only organization owner cannot be demoted.');
      if (target.role === ROLE.guest && params.role <= ROLE.admin)
        return bad('A guest cannot be made an administrator directly.');
    }
    if (
      params.full_name !== undefined &&
      (lengthOf(params.full_name.trim()) < FULL_NAME_MIN ||
        longerThan(params.full_name, FULL_NAME_MAX))
    )
      return bad(`Name must be ${FULL_NAME_MIN} to ${limitText(FULL_NAME_MAX)}`);
    if (params.new_email !== undefined) {
      if (!isOwner(user) || !user.can_change_user_emails)
        return bad(
          "Changing a user's email needs an owner with the permission to change user emails.",
        );
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(params.new_email)) return bad('Invalid email address');
      if (
        [...state.users.values()].some(
          (u) =>
            u.user_id !== target.user_id &&
            u.email.toLowerCase() === params.new_email!.toLowerCase(),
        )
      )
        return bad('Email address already in use');
    }
    for (const item of params.profile_data ?? []) {
      if (!state.realm.custom_profile_fields.some((f) => f.id === item.id))
        return bad(`Invalid custom profile field ID ${item.id}`);
    }
    if (params.role !== undefined) target.role = params.role;
    if (params.full_name !== undefined) target.full_name = params.full_name.trim();
    if (params.new_email !== undefined) target.email = target.delivery_email = params.new_email;
    for (const item of params.profile_data ?? []) {
      if (item.value === '') delete target.profile_data[item.id];
      else
        target.profile_data[item.id] = {
          value: item.value,
          rendered_value: `<p>${item.value}</p>`,
        };
    }
    broadcastUser(state, {
      user_id: target.user_id,
      full_name: target.full_name,
      role: target.role,
      email: target.email,
    });
    return ok();
  };
}

export function createDeactivateUser(state: MockState): HandlerOf<'deactivateUser', UserRecord> {
  return (params, { user }) => {
    if (!isAdmin(user)) return bad('Must be an organization administrator');
    const target = state.users.get(params.user_id);
    if (!target || !target.is_active) return bad('No such user');
    if (target.role === ROLE.owner && activeOwners(state).length === 1)
      return bad('Cannot deactivate the only organization owner');
    target.is_active = false;
    broadcastUser(state, { user_id: target.user_id, is_active: false });
    return ok();
  };
}

export function createFetchApiKey(state: MockState): HandlerOf<'fetchApiKey', UserRecord> {
  return (params) => {
    if (!state.realm.password_auth_enabled)
      return bad('Password authentication is disabled in this organization.');
    const u = [...state.users.values()].find(
      (x) =>
        x.email.toLowerCase() === params.username.toLowerCase() ||
        x.delivery_email?.toLowerCase() === params.username.toLowerCase(),
    );
    // Same answer for an unknown user and a wrong password: no account probing.
    if (!u || u.is_bot || u.password !== params.password)
      return error(401, 'BAD_REQUEST', 'Your username or password is incorrect.');
    if (!u.is_active) return error(401, 'BAD_REQUEST', 'Your account has been deactivated.');
    return ok({ api_key: u.api_key, email: u.email, user_id: u.user_id });
  };
}
