/**
 * The Prism mock as a server of one feature level: the front's two hooks (front.ts
 * `checkRequest`, `shapeAnswer`) built from the level table (runtime/feature-levels.ts), so the
 * front itself holds no level logic. The operation table the front routes and decodes with is
 * the level's too (`levelView(...).operationsAt`, in start.ts): operations newer than the level
 * are unknown paths, parameters that do not exist at it are reported as ignored.
 */
import { refusalMessage, type LevelView } from '../../runtime/feature-levels.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import type { DecodedRequest } from '../../runtime/wire.js';
import { isObject } from '../../runtime/is-object.js';

export interface LevelHooks {
  checkRequest(operationId: string, request: DecodedRequest): string | undefined;
  shapeAnswer(operationId: string, status: number, body: unknown): unknown;
}

/**
 * `operations`: the table, for where each operation's answers report the server's level
 * (`reportsLevel`: ours POST /register's `service_feature_level`; another document none).
 */
export function levelHooks(
  level: LevelView,
  operations: Readonly<Record<string, Pick<OperationInfo, 'reportsLevel'>>>,
): LevelHooks {
  return {
    checkRequest(operationId, request) {
      const params = {
        ...request.path,
        ...request.query,
        ...(isObject(request.body) ? request.body : {}),
      };
      const refused = level.refusedValues(operationId, params);
      if (refused.length === 0) return undefined;
      return refusalMessage(refused, level.level);
    },
    shapeAnswer(operationId, status, body) {
      const shaped = level.answerAt(operationId, status, body);
      // Prism answers from the contract's examples, written by a server of the newest level.
      const field = Object.hasOwn(operations, operationId)
        ? operations[operationId].reportsLevel
        : undefined;
      if (field !== undefined && isObject(shaped) && typeof shaped[field] === 'number')
        return { ...shaped, [field]: level.level };
      return shaped;
    },
  };
}
