/**
 * The second half of `fetchApiKey(baseUrl, username, password)`: from the answer of the login
 * operation to a ready client. The answer must carry `email` and `api_key` (the API's login
 * answer); anything else is an invalid answer, reported as a value like every other failure.
 */
import type { CallResult, ClientError } from './client-errors.js';

export type LoginResult<Client, Data, Code extends string = never> =
  | { client: Client; data: Data; error?: undefined; response: Response }
  | {
      client?: undefined;
      data?: undefined;
      error: ClientError<Code>;
      response: Response | undefined;
    };

export function loginResult<Client, Data, Code extends string>(
  answer: CallResult<Data, Code>,
  makeClient: (credentials: { email: string; apiKey: string }) => Client,
): LoginResult<Client, Data, Code> {
  if (answer.error) return { error: answer.error, response: answer.response };
  const data = answer.data as Record<string, unknown> | undefined;
  const email = data?.email;
  const apiKey = data?.api_key;
  if (typeof email !== 'string' || email === '' || typeof apiKey !== 'string' || apiKey === '') {
    return {
      error: {
        kind: 'invalid-response',
        status: answer.response.status,
        msg: 'the login answer carries no email and api_key',
        body: answer.data,
      },
      response: answer.response,
    };
  }
  return { client: makeClient({ email, apiKey }), data: answer.data, response: answer.response };
}
