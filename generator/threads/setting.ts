/**
 * TMS_GEN_THREADS, read and interpreted in one place for both threading rules (the emit worker's,
 * run/schedule.ts wantsWorker; the document checks', threads/validate-worker.ts checksThreadWanted).
 */

/**
 * What the setting asks for: 1 keeps the run on one thread, 2 asks for a second thread whatever
 * the cores; undefined leaves it to the rules. Any other value ('', '3', 'yes', ' 2') is as if
 * the variable were unset: the rules still decide, so a typo can only cost speed, never output.
 */
export type ThreadsSetting = 1 | 2 | undefined;

/** The run's TMS_GEN_THREADS setting (ThreadsSetting). */
export function threadsSetting(env: NodeJS.ProcessEnv = process.env): ThreadsSetting {
  const value = env.TMS_GEN_THREADS;
  if (value === '1') return 1;
  if (value === '2') return 2;
  return undefined;
}
