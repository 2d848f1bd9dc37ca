// runtime/server.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * The request listener behind generated/server.ts: routes, decodes, authenticates, validates
 * and answers in the API's envelope. It knows nothing of the contract beyond the operation
 * table (generated/operations.ts) and the validators (generated/validators.js) it is handed;
 * decoding is the shared wire model's (runtime/wire.ts), never a second decoder.
 *
 * Usable as a plain `node:http` listener and as connect/express middleware
 * (`(req, res, next)`: requests outside the base path go to `next`). Mount it before any body
 * parser: it reads the raw body itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationInfo } from './operation-info.js';
import { type Credentials } from './server-http.js';
import type { HandlerResult } from './server-results.js';
export type { Credentials } from './server-http.js';
export { ok, error, notImplemented } from './server-results.js';
export type { HandlerResult, HttpErrorStatus, HttpClientErrorStatus } from './server-results.js';
export interface ValidationIssue {
    pointer: string;
    keyword: string;
    message: string;
}
export type ValidationResult = {
    valid: true;
} | {
    valid: false;
    errors: ValidationIssue[];
};
/** The two functions of generated/validators.js the listener uses (method syntax: ids may be narrower). */
export interface Validators {
    validateRequest(operationId: string, input: {
        path?: unknown;
        query?: unknown;
        body?: unknown;
    }): ValidationResult;
    validateResponse(operationId: string, status: number, body: unknown): ValidationResult;
}
export interface HandlerContext<User> {
    /** the authenticated user (`null` where the operation's auth is `none`, or `optional` and none was sent) */
    user: User;
    operationId: string;
    /** names of parameters the operation does not have; added to a success body automatically */
    ignoredParameters: string[];
    request: IncomingMessage;
}
export type Handler<User = unknown> = (params: Record<string, unknown>, context: HandlerContext<User | null>) => HandlerResult | Promise<HandlerResult>;
/**
 * Resolves Basic credentials to a user. `null`/`undefined` means "not valid": the listener
 * answers 401 (also for operations whose auth is optional, since bad credentials are an error).
 */
export type Authenticate<User> = (credentials: Credentials, request: IncomingMessage) => User | null | undefined | Promise<User | null | undefined>;
export interface Logger {
    error(message: string): void;
}
export interface ListenerOptions<User> {
    handlers: Record<string, Handler<User> | undefined>;
    operations: Record<string, OperationInfo>;
    validators: Validators;
    authenticate: Authenticate<User>;
    /** prefix of every route (the operation table's `basePath`, e.g. `/api/v1`) */
    basePath?: string;
    /** validate every handler response; default on unless NODE_ENV is `production` */
    validateResponses?: boolean;
    /** largest accepted request body; default 1 MiB */
    maxBodyBytes?: number;
    logger?: Logger;
}
export type RequestListener = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void>;
/**
 * Error codes of answers the listener gives on its own (no handler involved). BAD_REQUEST is
 * the API's generic code and is what the description implies for invalid requests. The others
 * (401, 404, 405, 413, 500, 501) have no code in the description: these names are this
 * server stub's choice, not the API's, kept distinct so a client can tell the cases apart.
 */
export declare const LISTENER_ERROR_CODES: {
    readonly badRequest: "BAD_REQUEST";
    readonly unauthorized: "UNAUTHORIZED";
    readonly notFound: "NOT_FOUND";
    readonly methodNotAllowed: "METHOD_NOT_ALLOWED";
    readonly tooLarge: "REQUEST_TOO_LARGE";
    readonly internal: "INTERNAL_SERVER_ERROR";
    readonly notImplemented: "NOT_IMPLEMENTED";
};
export declare function createRequestListener<User>(options: ListenerOptions<User>): RequestListener;
