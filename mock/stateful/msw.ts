/**
 * The stateful mock inside MSW handlers: the same core as `npm run mock:stateful` (core.ts),
 * served through the pipeline's web face instead of node:http, so a message sent in a page (or
 * in a test with `msw/node`) comes back from GET /messages there.
 *
 *   const mock = createStatefulHandlers({ baseUrl: 'https://chat.example.com' });
 *   const worker = setupWorker(...mock.handlers);        // or setupServer(...) in node
 *   const { email, apiKey } = mock.credentials[0];
 *   mock.reset();                                         // back to the seeded state
 */
import type { HttpHandler } from 'msw';
import { createImplementationHandlers, type MswOptions } from '../../generated/msw.js';
import { createStatefulCore, type StatefulCore, type StatefulMockOptions } from './core.js';
import { presetSeed, type PresetName } from './presets.js';
import type { SeededCredential } from './seed.js';
import type { MockState } from './state.js';

export interface StatefulHandlerOptions
  extends Omit<MswOptions, 'seed'>, Omit<StatefulMockOptions, 'seed' | 'cors' | 'bodyTimeoutMs'> {
  /** a named preset of seed data (presets.ts), or a function filling a fresh state; default the built-in organization */
  seed?: PresetName | ((state: MockState) => SeededCredential[]);
}

export interface StatefulHandlers {
  handlers: HttpHandler[];
  /** the seeded users, as `npm run mock:stateful` prints them: role, email, apiKey, password */
  readonly credentials: SeededCredential[];
  /** back to the freshly seeded state; the handlers keep working */
  reset(): void;
  /** the live state and event queues, for assertions */
  readonly core: Omit<StatefulCore, 'server'>;
}

export function createStatefulHandlers(options: StatefulHandlerOptions = {}): StatefulHandlers {
  const { baseUrl, validateAnswers, seed, ...rest } = options;
  const core = createStatefulCore({
    ...rest,
    seed: typeof seed === 'string' ? presetSeed(seed) : seed,
    // the page and the handlers share an origin as far as the browser knows: no CORS needed
    cors: false,
  });
  return {
    handlers: createImplementationHandlers(core.server, { baseUrl, validateAnswers }),
    get credentials() {
      return core.credentials;
    },
    reset: () => core.reset(),
    core,
  };
}
