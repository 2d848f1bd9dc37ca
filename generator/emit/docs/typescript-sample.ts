/**
 * The TypeScript half of a request sample, as data: the generated client's call argument and
 * its credentials' members, which sample-text.ts (`typescriptCallText`, `clientSetup`) spells. Source
 * text goes through generator/common/source.ts (`literal`, `propertyKey`), never through bare
 * concatenation of contract strings.
 */
import { literal, propertyKey } from '../../common/source.js';
import { clientKeyOf } from '../../model/names.js';
import type { SampleInput } from '../../model/samples.js';
import type { OperationNames, ParameterLocation } from '../../model/types.js';
import { usesEmailKey, type SampleCredential } from '../../model/security.js';
import type { SourceMember } from './sample-text.js';

/** A string literal in single quotes when the text needs no escape at all, else `literal`'s. */
function quoted(text: string): string {
  const json = literal(text);
  return json === `"${text}"` && !text.includes("'") ? `'${text}'` : json;
}

/**
 * A Basic placeholder's user and password, split as the header's `user:password` is: at the
 * first colon; without one, all of it is the user (what curl's `-u` and fetch's `btoa` samples
 * send).
 */
function basicPlaceholder(placeholder: string): [user: string, password: string] {
  const colon = placeholder.indexOf(':');
  return colon < 0
    ? [placeholder, '']
    : [placeholder.slice(0, colon), placeholder.slice(colon + 1)];
}

/**
 * The credentials members of `createApiClient({...})`: a lone HTTP Basic scheme the contract
 * calls an email and an API key (ours) through the client's `email` / `apiKey`, anything else by
 * scheme name in `auth`, each with its placeholder.
 */
export function clientCredentials(credentials: SampleCredential[]): SourceMember[] {
  if (credentials.length === 0) return [];
  const [only] = credentials;
  if (usesEmailKey(credentials)) {
    const [user, password] = basicPlaceholder(only.placeholder);
    return [
      ['email', quoted(user)],
      ['apiKey', quoted(password)],
    ];
  }
  const members = credentials.map((c): SourceMember => {
    if (c.send.type !== 'basic') return [propertyKey(c.scheme), literal(c.placeholder)];
    const [user, password] = basicPlaceholder(c.placeholder);
    return [
      propertyKey(c.scheme),
      [
        ['username', literal(user)],
        ['password', literal(password)],
      ],
    ];
  });
  return [['auth', members]];
}

/**
 * The call's argument: each value by the client's key for it (model/names.ts `clientKeyOf`), as
 * the package README's sample does; undefined when the call takes none.
 */
export function typescriptArgs(
  names: Pick<OperationNames, 'fieldKeys' | 'bodyKey'>,
  input: SampleInput,
  bodyKind: 'form' | 'json' | 'other' | undefined,
): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  const put = (where: ParameterLocation, values: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(values))
      args[clientKeyOf(names, where, name)] = value;
  };
  put('path', input.path);
  put('query', input.query);
  if (input.body !== undefined) {
    if (
      bodyKind === 'form' &&
      input.body &&
      typeof input.body === 'object' &&
      !Array.isArray(input.body)
    )
      put('body', input.body as Record<string, unknown>);
    else args[clientKeyOf(names, 'whole body')] = input.body;
  }
  return Object.keys(args).length === 0 ? undefined : args;
}
