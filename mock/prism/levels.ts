/**
 * The Prism mock as a server of one feature level: the front's two hooks (front.ts
 * `checkRequest`, `shapeAnswer`) built from the level table (runtime/feature-levels.ts), so the
 * front itself holds no level logic. The operation table the front routes and decodes with is
 * the level's too (`levelView(...).operationsAt`, in start.ts): operations newer than the level
 * are unknown paths, parameters that do not exist at it are reported as ignored.
 */
import { refusalMessage, type LevelView } from '../../runtime/feature-levels.js';
import type { DecodedRequest } from '../../runtime/wire.js';

export interface LevelHooks {
  checkRequest(operationId: string, request: DecodedRequest): string | undefined;
  shapeAnswer(operationId: string, status: number, body: unknown): unknown;
}

export function levelHooks(level: LevelView): LevelHooks {
  return {
    checkRequest(operationId, request) {
      const params = {
        ...request.path,
        ...request.query,
        ...(isRecord(request.body) ? request.body : {}),
      };
      const refused = level.refusedValues(operationId, params);
      if (refused.length === 0) return undefined;
      return refusalMessage(refused, level.level);
    },
    shapeAnswer(operationId, status, body) {
      const shaped = level.answerAt(operationId, status, body);
      // Prism answers from the contract's examples, written by a server of the newest level.
      if (isRecord(shaped) && typeof shaped.service_feature_level === 'number')
        return { ...shaped, service_feature_level: level.level };
      return shaped;
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
