/**
 * The options a skip reason names: the first user's, or with the `other-` prefix the second
 * user's, spelled from the options themselves (not by rewriting a message's text), Basic pair
 * by the contract's names.
 */
import { describe, expect, it } from 'vitest';
import { neededFlags } from '../../contract-runner/credentials.js';

const schemes = {
  login: { type: 'basic' },
  token: { type: 'bearer' },
  key: { type: 'apiKey', in: 'header', name: 'X-Key' },
} as const;
const op = { security: [['login', 'token', 'key']] };
const names = { user: 'email', password: 'API key' };

describe('neededFlags', () => {
  it('the first user: the options as they are', () => {
    expect(neededFlags(op, schemes, names)).toBe(
      '--email, --api-key and --bearer and --key key=KEY',
    );
  });

  it('the second user: every option with other-, and only the options', () => {
    expect(neededFlags(op, schemes, names, 'other-')).toBe(
      '--other-email, --other-api-key and --other-bearer and --other-key key=KEY',
    );
  });
});
