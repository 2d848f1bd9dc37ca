/**
 * POST /users/me/platform_device_token and POST /mobile_push/e2ee/test_notification.
 *
 * E2EE devices are registered through an endpoint the description does not show, so they are
 * seeded (and tests may add some through `state.e2eeDevices`). The push relay's health is
 * `state.realm.push_bouncer`, settable by tests, which drives the relay errors. Statuses of
 * those errors are not in the description: 400 for configuration problems, 502 for the relay.
 */
import type { HandlerOf } from '../../generated/server.js';
import { error, ok } from './results.js';
import { CAPS, capReached } from './caps.js';
import { bad } from './errors.js';
import { limitText, longerThan, MAX_TOKEN_LENGTH } from './limits.js';
import type { MockState, UserRecord } from './state.js';

export function createAddPlatformDeviceToken(
  state: MockState,
): HandlerOf<'addPlatformDeviceToken', UserRecord> {
  return (params, { user }) => {
    if (params.token === '' || longerThan(params.token, MAX_TOKEN_LENGTH))
      return bad(`Empty or invalid length token (limit: ${limitText(MAX_TOKEN_LENGTH)})`);
    // APNs tokens are hex; FCM tokens are URL-safe text. Anything else is not a token.
    if (!/^[A-Za-z0-9:_\-.]+$/.test(params.token)) return bad('Invalid token');
    if (params.appid.trim() === '' || !/^[A-Za-z0-9_.-]+$/.test(params.appid))
      return bad('Invalid app ID');
    const list = state.deviceTokens.get(user.user_id) ?? [];
    if (!list.some((d) => d.token === params.token)) {
      if (list.length >= CAPS.pushTokensPerUser)
        return capReached('push device tokens', CAPS.pushTokensPerUser);
      list.push({ token: params.token, appid: params.appid });
    }
    state.deviceTokens.set(user.user_id, list);
    return ok();
  };
}

export function createTestE2eePushNotification(
  state: MockState,
): HandlerOf<'testE2eePushNotification', UserRecord> {
  return (params, { user }) => {
    const devices = (state.e2eeDevices.get(user.user_id) ?? []).filter(
      (d) => params.push_account_id === undefined || d.push_account_id === params.push_account_id,
    );
    if (devices.length === 0)
      return error(400, 'NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
    switch (state.realm.push_bouncer) {
      case 'admin_action_required':
        return error(
          400,
          'ADMIN_ACTION_REQUIRED',
          'Push notifications need action from an administrator of this server.',
        );
      case 'unreachable':
        return error(
          502,
          'FAILED_TO_CONNECT_BOUNCER',
          'Network error while connecting to the push notification service.',
        );
      case 'server_error':
        return error(
          502,
          'INTERNAL_SERVER_ERROR_ON_BOUNCER',
          'The push notification service had an internal error.',
        );
      default:
        return ok();
    }
  };
}
