/**
 * Which emitters a run makes and on which thread, from the facts each emitter declares
 * (Emitter.needs, joins, schedule): no emitter is named here.
 */
import { availableParallelism } from 'node:os';
import type { Emitter } from '../emit/emitter.js';
import { emitters } from '../emit/index.js';
import { VALIDATE } from '../threads/emit-worker.js';
import { threadsSetting, type ThreadsSetting } from '../threads/setting.js';

/** Emitters to run: the ones asked for, those they need, and those that join their root. */
export function selectEmitters(only: string[] | undefined, all: Emitter[] = emitters): Emitter[] {
  if (!only) return all;
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const dep of all.find((e) => e.name === name)?.needs ?? []) add(dep);
  };
  only.forEach(add);
  for (const e of all)
    if (e.joins && all.some((w) => wanted.has(w.name) && w.root === e.joins)) add(e.name);
  return all.filter((e) => wanted.has(e.name));
}

/**
 * A second thread is worth it only when the main thread has an emitter to run meanwhile: a run
 * without an emitter that is `worthAThread` (`--only docs`) would just hold a second copy of
 * the model in it; and only on a machine with a second core, where the two threads overlap
 * instead of taking turns. Watch mode keeps the threading it always had. A fixed rule, never the
 * machine's momentary load; `threads` (TMS_GEN_THREADS, threads/setting.ts) overrides it: 1
 * keeps one thread, 2 asks for the worker whatever the cores.
 */
export function wantsWorker(
  selected: Emitter[],
  watch: boolean,
  cores: number = availableParallelism(),
  threads: ThreadsSetting = threadsSetting(),
): boolean {
  if (threads === 1) return false;
  if (threads !== 2 && cores < 2) return false;
  return makesTheWhole(selected, watch);
}

/**
 * A run that makes the bindings (or watches), not one artifact alone (`--only docs`): the
 * document checks' verdict is kept in the cache for the next such run. A fact of the run, not
 * of the machine: one core or TMS_GEN_THREADS=1 changes the threading, never what is cached
 * (without the verdict, no later run could be a light one: run/serve.ts).
 */
export function makesTheWhole(selected: Emitter[], watch: boolean): boolean {
  return selected.length > 1 && (watch || selected.some((e) => e.schedule?.worthAThread));
}

/**
 * The order the two threads share (threads/emit-worker.ts, SharedQueue): the emitters that load
 * TypeScript first (only the main thread takes them), then the others, each group by rank from
 * the front, the worker's emitters last. `validate`: the document checks join it (VALIDATE) just
 * before the worker's emitters, so the worker makes them its second item and the main thread
 * its last. On a document of `operations` where the worker takes its emitter alone (workerLane),
 * every other emitter is the main thread's anyway: they keep the plain rank order, which puts
 * the reference beside the start of the validators' compile rather than its peak. A light run
 * (run/serve.ts) makes the `spliced` emitters first.
 */
export function laneOrder(
  list: Emitter[],
  validate: boolean,
  operations = 0,
  light = false,
): string[] {
  const rank = (e: Emitter) => (e.schedule?.worker ? Infinity : (e.schedule?.rank ?? UNRANKED));
  const alone = list.some((e) => takesAlone(e, operations));
  const group = (e: Emitter) =>
    light && e.schedule?.spliced ? -1 : e.schedule?.loadsTypeScript && !alone ? 0 : 1;
  const sorted = [...list].sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  const names = sorted.map((e) => e.name);
  if (!validate) return names;
  const at = sorted.findIndex((e) => e.schedule?.worker);
  const cut = at === -1 ? names.length : at;
  return [...names.slice(0, cut), VALIDATE, ...names.slice(cut)];
}

/** The emitters of `order` the worker never takes: those that load TypeScript (EmitterSchedule). */
export function mainThreadOnly(order: readonly string[], all: Emitter[] = emitters): string[] {
  return order.filter((name) => all.find((e) => e.name === name)?.schedule?.loadsTypeScript);
}

/** Unranked emitters run after the ranked ones, before the worker's (list order among them). */
const UNRANKED = 1_000_000;

/**
 * The worker's lane for a queue in `order` on a document of `operations` operations: only the
 * last emitter, when it is a worker's emitter with a model slice and the document is large
 * enough; undefined for any item.
 */
export function workerLane(
  order: readonly string[],
  operations: number,
  all: Emitter[] = emitters,
): string[] | undefined {
  const last = all.find((e) => e.name === order.at(-1));
  return last && takesAlone(last, operations) ? [last.name] : undefined;
}

/** Whether the worker takes `e` alone, with its model slice, on a document of `operations`. */
function takesAlone(e: Emitter, operations: number): boolean {
  const worker = e.schedule?.worker;
  return worker?.slice !== undefined && operations >= (worker.aloneFrom ?? Infinity);
}
