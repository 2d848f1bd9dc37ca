/**
 * The stateful mock: an in-memory implementation of every operation of the contract on the
 * generated handler stubs (generated/server.ts), so requests are decoded, validated and
 * answered by the same listener a real implementation would use. Its state and rules are the
 * core (core.ts), which the MSW handlers (msw.ts) serve too; this file is its node:http face.
 *
 *   const mock = createStatefulMock({ clock: manualClock() });
 *   http.createServer(mock.listener).listen(0, '127.0.0.1');
 *   mock.events(queueId)   // in-process view of an event queue (not an API route)
 *   mock.reset()           // back to the seeded state
 *
 * Two mocks share nothing: each has its own state, queues and clock.
 */
import { createRequestListener, type RequestListener } from '../../generated/server.js';
import { createStatefulCore, type StatefulCore, type StatefulMockOptions } from './core.js';
import { presetSeed, type PresetName } from './presets.js';

export { MAX_STORED_STRING_LENGTH, type StatefulMockOptions } from './core.js';
export type { PresetName } from './presets.js';

/** The core's options, with `seed` also the name of a preset (`'empty'`, `'busy'`, ...), as the MSW face takes it. */
export type StatefulMockServerOptions = Omit<StatefulMockOptions, 'seed'> & {
  seed?: PresetName | StatefulMockOptions['seed'];
};

export interface StatefulMock extends Omit<StatefulCore, 'server'> {
  listener: RequestListener;
}

export function createStatefulMock(options: StatefulMockServerOptions = {}): StatefulMock {
  const { seed, ...rest } = options;
  const core = createStatefulCore({
    ...rest,
    seed: typeof seed === 'string' ? presetSeed(seed) : seed,
  });
  const listener = createRequestListener(core.server);
  return {
    listener,
    get state() {
      return core.state;
    },
    get credentials() {
      return core.credentials;
    },
    get handlers() {
      return core.handlers;
    },
    featureLevel: core.featureLevel,
    reset: () => core.reset(),
    events: (queueId, lastEventId) => core.events(queueId, lastEventId),
  };
}

export { manualClock, systemClock } from './clock.js';
export type { Clock } from './clock.js';
export type { MockState, UserRecord } from './state.js';
export type { SeededCredential } from './seed.js';
