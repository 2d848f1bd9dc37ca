/**
 * Property tests explore new random cases on every local run, but a CI run must not pass or fail
 * by luck: with CI set, every fast-check property starts from one fixed seed (FC_SEED overrides
 * it, to replay a failure or to explore on purpose). A failing property prints its seed either way.
 */
import fc from 'fast-check';

const fixed = process.env.FC_SEED ?? (process.env.CI ? '20261123' : undefined);
if (fixed !== undefined) fc.configureGlobal({ seed: Number(fixed) });
