/**
 * The work the two threads of a generate share (generator/threads/emit-worker.ts): every item is taken exactly
 * once, the main thread from the front and the worker from the back, and the document checks
 * are an item of their own, the worker's second (right after the validators).
 */
import { describe, expect, it } from 'vitest';
import {
  laneOrder,
  mainThreadOnly,
  wantsWorker,
  workerLane,
} from '../../generator/run/schedule.js';
import { emitters } from '../../generator/emit/index.js';
import {
  checkLane,
  SharedQueue,
  VALIDATE,
  workerMay,
} from '../../generator/threads/emit-worker.js';
import { threadsSetting } from '../../generator/threads/setting.js';

describe('the shared queue', () => {
  it('hands out each item once, from both ends, until they meet', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    const main = new SharedQueue(order);
    const worker = new SharedQueue(order, main.buffer, false);
    const taken = [
      main.take('front'),
      worker.take('back'),
      worker.take('back'),
      main.take('front'),
      worker.take('back'),
      main.take('front'),
      worker.take('back'),
    ];
    expect(taken).toEqual(['a', 'e', 'd', 'b', 'c', undefined, undefined]);
  });

  it('gives a worker with a lane only its items: it stops at the first other, which the front takes', () => {
    const order = laneOrder(emitters, true);
    const main = new SharedQueue(order);
    const worker = new SharedQueue(order, main.buffer, false);
    const lane = workerMay({ lane: ['validators'], mainOnly: mainThreadOnly(order) });
    expect(worker.take('back', lane)).toBe('validators');
    expect(worker.take('back', lane)).toBeUndefined();
    const rest: string[] = [];
    for (let name = main.take('front'); name; name = main.take('front')) rest.push(name);
    expect(rest).toEqual(order.slice(0, -1));
    expect(rest.at(-1)).toBe(VALIDATE);
  });

  it('keeps a worker without a lane off the emitters that load TypeScript', () => {
    const order = laneOrder(emitters, true);
    const mainOnly = new Set(mainThreadOnly(order));
    const main = new SharedQueue(order);
    const worker = new SharedQueue(order, main.buffer, false);
    // the worker's own rule, as run/emit.ts hands it the job
    const may = workerMay({ lane: undefined, mainOnly: [...mainOnly] });
    const workers: string[] = [];
    for (let name = worker.take('back', may); name; name = worker.take('back', may))
      workers.push(name);
    expect(workers.slice(0, 2)).toEqual(['validators', VALIDATE]);
    expect(workers).toContain('docs');
    const mains: string[] = [];
    for (let name = main.take('front'); name; name = main.take('front')) mains.push(name);
    expect(new Set(mains)).toEqual(mainOnly);
    expect([...mains, ...workers].sort()).toEqual([...order].sort());
  });

  it('keeps the plain rank order when the worker takes its emitter alone (a large document)', () => {
    const small = laneOrder(emitters, true, 22);
    const large = laneOrder(emitters, true, 22361);
    expect(small.indexOf('docs')).toBeGreaterThan(small.indexOf('client'));
    expect(large.slice(0, 2)).toEqual(['types', 'docs']);
    expect(large.slice(-2)).toEqual([VALIDATE, 'validators']);
    expect([...large].sort()).toEqual([...small].sort());
  });

  it('makes the spliced emitters first in a light run, and only there', () => {
    const spliced = emitters.filter((e) => e.schedule?.spliced).map((e) => e.name);
    expect(spliced.sort()).toEqual(['contract', 'prism']);
    const light = laneOrder(emitters, false, 1223, true);
    expect(light.slice(0, 2).sort()).toEqual(spliced);
    const cold = laneOrder(emitters, false, 1223);
    expect(cold.slice(0, 2)).toEqual(['types', 'docs']);
    expect([...light].sort()).toEqual([...cold].sort());
  });

  it.each([
    // operations, validators last in the order, lane
    [999, true, undefined],
    [1000, true, ['validators']],
    [22361, true, ['validators']],
    [22361, false, undefined], // no validators to run (--only docs,types): no lane
  ] as const)(
    'a document of %d operations (validators queued: %s) → lane %j',
    (ops, queued, lane) => {
      const order = laneOrder(
        emitters.filter((e) => queued || e.name !== 'validators'),
        true,
      );
      expect(workerLane(order, ops)).toEqual(lane);
    },
  );

  it.each([
    // cores, TMS_GEN_THREADS, watch, worker
    [2, undefined, false, true],
    [1, undefined, false, false], // one core: the threads would take turns
    [1, '2', false, true], // asked for
    [8, '1', false, false], // refused
    [8, '1', true, false],
    [1, undefined, true, false],
  ] as const)(
    'on %d core(s) with TMS_GEN_THREADS=%s (watch: %s) a full run starts a worker: %s',
    (cores, threads, watch, expected) => {
      const setting = threadsSetting({ TMS_GEN_THREADS: threads });
      expect(wantsWorker(emitters, watch, cores, setting)).toBe(expected);
    },
  );

  it('starts no worker for a run without an emitter worth a thread, whatever the cores', () => {
    const docsOnly = emitters.filter((e) => e.name === 'docs' || e.name === 'prism');
    expect(wantsWorker(docsOnly, false, 8, undefined)).toBe(false);
    expect(
      wantsWorker(
        emitters.filter((e) => e.name === 'types'),
        false,
        8,
        2,
      ),
    ).toBe(false);
  });

  it('hands out nothing once stopped', () => {
    const queue = new SharedQueue(['a', 'b']);
    queue.stop();
    expect(queue.take('front')).toBeUndefined();
    expect(queue.take('back')).toBeUndefined();
  });

  it('puts the document checks right before the validators: the worker takes them second', () => {
    const order = laneOrder(emitters, true);
    expect(order.filter((n) => n === VALIDATE)).toHaveLength(1);
    expect(order.slice(-2)).toEqual([VALIDATE, 'validators']);
    expect(order[0]).toBe('types');
    const queue = new SharedQueue(order);
    expect([queue.take('back'), queue.take('back')]).toEqual(['validators', VALIDATE]);
  });

  it('leaves the checks out when their verdict is known, and keeps them without validators', () => {
    expect(laneOrder(emitters, false)).not.toContain(VALIDATE);
    const docsOnly = laneOrder(
      emitters.filter((e) => e.name === 'docs' || e.name === 'types'),
      true,
    );
    expect(docsOnly).toEqual(['types', 'docs', VALIDATE]);
  });

  it("refuses the document checks in a worker's lane (its model is a slice)", () => {
    expect(() => checkLane(undefined)).not.toThrow();
    expect(() => checkLane(['validators'])).not.toThrow();
    expect(() => checkLane(['validators', VALIDATE])).toThrow(/may not be in a worker's lane/);
  });
});
