// runtime/server-router.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * Routing of the request listener: which operation a method and path name. Path templates are
 * matched by the wire model's `matchPath`; literal segments win over parameters
 * (`/messages/flags` before `/messages/{message_id}`), as every OpenAPI router does.
 */
import type { OperationInfo } from './operation-info.js';
export type Route = {
    kind: 'found';
    operation: OperationInfo;
    pathParams: Record<string, string>;
}
/** the path is not under the base path (middleware passes it on) */
 | {
    kind: 'outside';
} | {
    kind: 'no-path';
} | {
    kind: 'no-method';
    allowed: string[];
};
export interface Router {
    match(method: string, path: string): Route;
}
export declare function createRouter(operations: OperationInfo[], basePath: string): Router;
