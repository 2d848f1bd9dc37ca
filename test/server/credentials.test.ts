/**
 * Reading a request's credentials by the contract's schemes (runtime/pipeline-auth.ts), as a
 * table: which alternative a request satisfies, what the hook gets, what is malformed or absent,
 * and what the 401 says. Every server (generated listener, Prism front, stateful mock, MSW
 * handlers) runs this through the one pipeline.
 */
import { describe, expect, it } from 'vitest';
import type { AuthScheme } from '../../runtime/operation-info.js';
import { createAuth } from '../../runtime/client-auth.js';
import {
  challengeOf,
  readCredentials,
  withoutQueryKeys,
  type AuthVerdict,
} from '../../runtime/pipeline-auth.js';

const SCHEMES: Record<string, AuthScheme> = {
  basic: { type: 'basic' },
  token: { type: 'bearer' },
  header: { type: 'apiKey', in: 'header', name: 'X-Key' },
  query: { type: 'apiKey', in: 'query', name: 'api_key' },
  cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
  app: { type: 'apiKey', in: 'header', name: 'X-App' },
  tls: { type: 'other' },
};

function source(headers: Record<string, string>, query = '') {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { header: (name: string) => lower[name], query };
}

const basic = (text: string) => `Basic ${btoa(text)}`;

describe('which credentials a request carries', () => {
  const cases: [string, string[][], Record<string, string>, string, AuthVerdict][] = [
    [
      'Basic',
      [['basic']],
      { Authorization: basic('ada@example.com:k:1') },
      '',
      {
        kind: 'found',
        credentials: {
          type: 'basic',
          scheme: 'basic',
          username: 'ada@example.com',
          password: 'k:1',
          email: 'ada@example.com',
          apiKey: 'k:1',
        },
      },
    ],
    [
      'Bearer',
      [['token']],
      { Authorization: 'Bearer abc.def-1' },
      '',
      { kind: 'found', credentials: { type: 'bearer', scheme: 'token', token: 'abc.def-1' } },
    ],
    [
      'an API key in a header (any case)',
      [['header']],
      { 'x-key': 'k1' },
      '',
      { kind: 'found', credentials: { type: 'apiKey', scheme: 'header', key: 'k1' } },
    ],
    [
      'an API key in the query, percent-decoded',
      [['query']],
      {},
      'a=1&api_key=k%201',
      { kind: 'found', credentials: { type: 'apiKey', scheme: 'query', key: 'k 1' } },
    ],
    [
      'an API key in a cookie',
      [['cookie']],
      { Cookie: 'theme=dark; sid=s-9' },
      '',
      { kind: 'found', credentials: { type: 'apiKey', scheme: 'cookie', key: 's-9' } },
    ],
    [
      'the second alternative when the first is not there',
      [['token'], ['header']],
      { 'X-Key': 'k2' },
      '',
      { kind: 'found', credentials: { type: 'apiKey', scheme: 'header', key: 'k2' } },
    ],
    [
      'two schemes together: the first, the other in `also`',
      [['header', 'app']],
      { 'X-Key': 'k', 'X-App': 'a' },
      '',
      {
        kind: 'found',
        credentials: {
          type: 'apiKey',
          scheme: 'header',
          key: 'k',
          also: [{ type: 'apiKey', scheme: 'app', key: 'a' }],
        },
      },
    ],
    [
      'two schemes together, one missing: absent',
      [['header', 'app']],
      { 'X-Key': 'k' },
      '',
      { kind: 'absent' },
    ],
    ['nothing sent: absent', [['basic'], ['token']], {}, '', { kind: 'absent' }],
    [
      'Bearer where only Basic is taken: malformed',
      [['basic']],
      { Authorization: 'Bearer x' },
      '',
      { kind: 'malformed' },
    ],
    [
      'Basic that is not base64: malformed',
      [['basic']],
      { Authorization: 'Basic !!!' },
      '',
      { kind: 'malformed' },
    ],
    [
      'Bearer where Basic or Bearer is taken: the Bearer alternative',
      [['basic'], ['token']],
      { Authorization: 'Bearer t' },
      '',
      { kind: 'found', credentials: { type: 'bearer', scheme: 'token', token: 't' } },
    ],
    [
      'a scheme no credential produces: handed to the hook',
      [['tls']],
      {},
      '',
      { kind: 'found', credentials: { type: 'other', scheme: 'tls' } },
    ],
  ];
  it.each(cases)('%s', (_name, security, headers, query, want) => {
    expect(readCredentials(security, SCHEMES, source(headers, query))).toEqual(want);
  });

  it('without the table of schemes (an older table), a name means HTTP Basic', () => {
    const verdict = readCredentials(undefined, undefined, source({ Authorization: basic('a:b') }));
    expect(verdict).toMatchObject({ kind: 'found', credentials: { type: 'basic', username: 'a' } });
  });
});

describe('what the pipeline does with them', () => {
  it('an API key in the query leaves the query before decoding; other pairs stay in order', () => {
    expect(withoutQueryKeys('a=1&api_key=k&b=2', [['query']], SCHEMES)).toBe('a=1&b=2');
    expect(withoutQueryKeys('a=1&api%5Fkey=k', [['query']], SCHEMES)).toBe('a=1');
    expect(withoutQueryKeys('a=1&api_key=k', [['header']], SCHEMES)).toBe('a=1&api_key=k');
  });

  it('the 401 says what the first alternative takes, with its challenge', () => {
    expect(challengeOf([['basic']], SCHEMES)).toEqual({
      challenge: 'Basic realm="api"',
      wanted: 'HTTP Basic credentials',
    });
    expect(challengeOf([['token'], ['basic']], SCHEMES)).toEqual({
      challenge: 'Bearer realm="api"',
      wanted: 'a Bearer token',
    });
    expect(challengeOf([['header', 'app']], SCHEMES)).toEqual({
      challenge: undefined,
      wanted: "an API key in the header 'X-Key' and an API key in the header 'X-App'",
    });
  });
});

describe("the client's query key, read back by the server", () => {
  it('arrives as sent, in the query encoding of every other field', () => {
    const authFor = createAuth(SCHEMES, { query: "k y!'()*\uD800&=" }, undefined, undefined);
    const query = authFor([['query']])!.query;
    expect(query).toBe('api_key=k+y%21%27%28%29%2A%EF%BF%BD%26%3D');
    expect(readCredentials([['query']], SCHEMES, source({}, query))).toMatchObject({
      kind: 'found',
      credentials: { type: 'apiKey', key: "k y!'()*\uFFFD&=" },
    });
  });
});
