// runtime/client-login.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * The second half of `fetchApiKey(baseUrl, username, password)`: from the answer of the login
 * operation to a ready client. The answer must carry `email` and `api_key` (the API's login
 * answer); anything else is an invalid answer, reported as a value like every other failure.
 */
import type { CallResult, ClientError } from './client-errors.js';
export type LoginResult<Client, Data, Code extends string = never> = {
    client: Client;
    data: Data;
    error?: undefined;
    response: Response;
} | {
    client?: undefined;
    data?: undefined;
    error: ClientError<Code>;
    response: Response | undefined;
};
export declare function loginResult<Client, Data, Code extends string>(answer: CallResult<Data, Code>, makeClient: (credentials: {
    email: string;
    apiKey: string;
}) => Client): LoginResult<Client, Data, Code>;
