/**
 * PATCH /realm/user_settings_defaults and POST /realm/filters (linkifiers). Defaults affect
 * only users created later: existing users' settings never change here.
 */
import type { HandlerOf } from '../../generated/server.js';
import { ok } from './results.js';
import { isAdmin } from './access.js';
import { CAPS } from './caps.js';
import { bad } from './errors.js';
import type { MockState, UserRecord } from './state.js';

export function createUpdateRealmUserSettingsDefaults(
  state: MockState,
): HandlerOf<'updateRealmUserSettingsDefaults', UserRecord> {
  return (params, { user }) => {
    if (!isAdmin(user)) return bad('Must be an organization administrator');
    // `dense_mode` was removed (feature level 364): accepted by the contract for old clients, reported as ignored.
    const { dense_mode, ...settings } = params as Record<string, unknown>;
    if (
      typeof settings.web_font_size_px === 'number' &&
      (settings.web_font_size_px < 12 || settings.web_font_size_px > 24)
    )
      return bad('Invalid web_font_size_px');
    if (
      typeof settings.web_line_height_percent === 'number' &&
      (settings.web_line_height_percent < 122 || settings.web_line_height_percent > 158)
    )
      return bad('Invalid web_line_height_percent');
    Object.assign(state.realm.user_settings_defaults, settings);
    return dense_mode === undefined ? ok() : ok({ ignored_parameters_unsupported: ['dense_mode'] });
  };
}

/** A Python-style pattern (`(?P<name>...)`) as a JS RegExp, or null if it does not compile. */
export function compileLinkifierPattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern.replace(/\(\?P</g, '(?<'));
  } catch {
    return null;
  }
}

export function createAddLinkifier(state: MockState): HandlerOf<'addLinkifier', UserRecord> {
  return (params, { user }) => {
    if (!isAdmin(user)) return bad('Must be an organization administrator');
    const re = compileLinkifierPattern(params.pattern);
    if (!re || params.pattern.trim() === '') return bad('Invalid linkifier pattern.');
    // RFC 6570 level 1: literal text and {name} expressions; every variable must be a named group.
    if (
      !/^(?:[^{}\s]|\{[A-Za-z0-9_]+\})+$/.test(params.url_template) ||
      !/^https?:\/\//.test(params.url_template)
    )
      return bad('Invalid URL template.');
    const groups = new Set(
      [...params.pattern.matchAll(/\(\?P?<([A-Za-z0-9_]+)>/g)].map((m) => m[1]),
    );
    for (const [, name] of params.url_template.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
      if (!groups.has(name))
        return bad(`Group '${name}' in the URL template is not in the pattern.`);
    }
    if ([...state.linkifiers.values()].some((l) => l.pattern === params.pattern))
      return bad('Linkifier with this pattern already exists.');
    if (state.linkifiers.size >= CAPS.linkifiersPerRealm)
      return bad(
        `Too many linkifiers: the mock stores at most ${CAPS.linkifiersPerRealm} for the organization`,
      );
    const id = state.nextId.linkifier++;
    state.linkifiers.set(id, { id, pattern: params.pattern, url_template: params.url_template });
    const realm_linkifiers = [...state.linkifiers.values()];
    // Clients without the linkifier_url_template capability get no linkifier events.
    for (const u of state.users.values()) {
      if (u.is_active)
        state.events.push(u.user_id, { type: 'realm_linkifiers', realm_linkifiers }, (_q, o) =>
          o.capabilities.linkifier_url_template ? {} : null,
        );
    }
    return ok({ id });
  };
}
