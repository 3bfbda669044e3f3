import fc from 'fast-check';

/**
 * Every fast-check property of the suite runs within these bounds (jest.config.js loads this file
 * before each test file):
 * - a fixed seed, so a run is repeatable and a failure reproduces (FAST_CHECK_SEED picks another
 *   to explore; a failure's report names the seed and path either way);
 * - at most 100 skipped values (fc.pre) per run asked for, fast-check's default, stated here;
 * - at most 25 seconds for all the runs and the shrinking of one property (propertyTimeLimit).
 */
export const FAST_CHECK_SEED = Number(process.env.FAST_CHECK_SEED ?? 20_261_126);
export const PROPERTY_TIME_LIMIT_MS = 25_000;

/**
 * Stops a property's runs, and the shrinking of a failure, after `limitMs`, and reports a property
 * stopped before its runs were done as a failure. Jest's timeout cannot stop a synchronous
 * property, nor an asynchronous one that keeps shrinking after Jest gave up on its test: a failure
 * of an expensive property (a child process a run) once shrank for 18 minutes. Under Jest's 30 s,
 * so fast-check reports first, with the seed.
 */
export function propertyTimeLimit(limitMs: number): fc.Plugin<unknown> {
  return fc.interruptAfterTimeLimit(limitMs, { failOnInterrupt: true });
}

fc.configureGlobal({ seed: FAST_CHECK_SEED, maxSkipsPerRun: 100 });
fc.installGlobalPlugin(propertyTimeLimit(PROPERTY_TIME_LIMIT_MS));
