/**
 * The MSW handlers' validators, loaded per operation on its first request. Each operation's
 * compiled checks are a module of their own (generated/validators/ops/<operation>.js) imported
 * with `import()`, so a bundler that splits code (esbuild `splitting: true`, Vite, webpack)
 * makes each a chunk: a page downloads the checks of the operations it calls, not the whole
 * contract's. The pipeline asks synchronously; the MSW route awaits `load` before handing the
 * request over, so the module is there when asked.
 */
import type { Validators } from './pipeline.js';
import type { RequestInput, RequestValidationResult, ValidationResult } from './validators.js';

/** What an operation's validators module exports (the subset the pipeline uses). */
export interface OperationValidatorsModule {
  validateRequest(input: RequestInput | undefined): RequestValidationResult;
  validateResponse(status: number, body: unknown): ValidationResult;
}

/** Operation id → a loader of its validators module. */
export type ValidatorLoaders = Record<string, () => Promise<OperationValidatorsModule>>;

export interface LazyValidators {
  /** what the pipeline calls; an operation not loaded yet is an error (a 500 envelope) */
  validators: Validators;
  /** loads the operation's module once; resolves at once when loaded or when there is none */
  load(operationId: string): Promise<void> | undefined;
}

/** One cache per set of handlers (no module-level state): loaded modules by operation id. */
export function lazyValidators(loaders: ValidatorLoaders): LazyValidators {
  const loaded = new Map<string, OperationValidatorsModule>();
  const pending = new Map<string, Promise<void>>();
  const moduleOf = (operationId: string): OperationValidatorsModule => {
    const found = loaded.get(operationId);
    if (found) return found;
    throw new Error(`the validators of ${operationId} were asked for before they were loaded`);
  };
  return {
    validators: {
      // the pipeline's decoded groups are records (its type says `unknown` to stay generic)
      validateRequest: (operationId, input) =>
        moduleOf(operationId).validateRequest(input as RequestInput),
      validateResponse: (operationId, status, body) =>
        moduleOf(operationId).validateResponse(status, body),
    },
    load(operationId) {
      if (loaded.has(operationId)) return undefined;
      const loader = Object.prototype.hasOwnProperty.call(loaders, operationId)
        ? loaders[operationId]
        : undefined;
      if (!loader) return undefined;
      let wait = pending.get(operationId);
      if (!wait) {
        wait = loader().then(
          (mod) => void loaded.set(operationId, mod),
          (error: unknown) => {
            pending.delete(operationId); // a failed chunk load may succeed on the next request
            throw error;
          },
        );
        pending.set(operationId, wait);
      }
      return wait;
    },
  };
}
