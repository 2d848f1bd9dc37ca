/**
 * The client's `email` / `apiKey` options are shown only where the contract calls its lone HTTP
 * Basic pair an email and an API key (ours, `x-credential-names`): the docs' TypeScript samples
 * and overview, and the package README. Another document's Basic scheme goes by scheme name in
 * `auth`, as RFC 7617 names the pair.
 */
import { describe, expect, it } from 'vitest';
import { objectLiteral } from '../../generator/emit/docs/sample-text.js';
import { clientCredentials } from '../../generator/emit/docs/typescript-sample.js';
import { namesEmailAndKey, sampleCredentials } from '../../generator/model/security.js';
import type { ApiModel } from '../../generator/model/types.js';
import { loadOrThrow } from '../load-contract.js';

async function modelOf(file: string): Promise<ApiModel> {
  return (await loadOrThrow(file, { skipSchemaCheck: true })).model;
}

const firstCredentials = (model: ApiModel) =>
  sampleCredentials(
    model.securitySchemes,
    model.operations.find((op) => op.auth === 'required')!,
  );

describe('a lone HTTP Basic scheme in samples', () => {
  it('ours: the client’s email and apiKey', async () => {
    const credentials = firstCredentials(await modelOf('openapi/openapi.yaml'));
    expect(credentials.map((c) => c.emailAndKey)).toEqual([true]);
    expect(objectLiteral(clientCredentials(credentials))).toBe(
      "{ email: '<EMAIL>', apiKey: '<API_KEY>' }",
    );
  });

  it('another document: by scheme in auth, username and password', async () => {
    const credentials = firstCredentials(await modelOf('test/fixtures/auth/basic.yaml'));
    expect(credentials.map((c) => c.emailAndKey)).toEqual([undefined]);
    expect(objectLiteral(clientCredentials(credentials))).toBe(
      '{ auth: { login: { username: "<USERNAME>", password: "<PASSWORD>" } } }',
    );
  });

  it('a placeholder without a colon is all user, as the curl and fetch samples send it', () => {
    const basic = { type: 'basic' } as const;
    expect(
      objectLiteral(clientCredentials([{ scheme: 'login', send: basic, placeholder: '<ID>' }])),
    ).toBe('{ auth: { login: { username: "<ID>", password: "" } } }');
    expect(
      objectLiteral(
        clientCredentials([
          { scheme: 'login', send: basic, placeholder: '<ID>', emailAndKey: true },
        ]),
      ),
    ).toBe("{ email: '<ID>', apiKey: '' }");
  });

  it('the names decide, without regard to case; one half is not enough', () => {
    expect(namesEmailAndKey({ user: 'Email', password: 'API Key' })).toBe(true);
    // However the words are joined: the runner's `--api-key` reads the same decision.
    expect(namesEmailAndKey({ user: 'email', password: 'api-key' })).toBe(true);
    expect(namesEmailAndKey({ user: 'email', password: 'API_key' })).toBe(true);
    expect(namesEmailAndKey({ user: 'email', password: 'password' })).toBe(false);
    expect(namesEmailAndKey(undefined)).toBe(false);
  });
});
