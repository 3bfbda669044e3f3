import fc, { type Plugin } from 'fast-check';

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
 * Stops a property's runs, and the shrinking of a failure, after `limitMs`. Jest's timeout cannot
 * stop a synchronous property, nor an asynchronous one that keeps shrinking after Jest gave up on
 * its test: a failure of an expensive property (a child process a run) once shrank for 18 minutes.
 * A failure found is reported as far as it was shrunk; a property that passed every run it had
 * time for passes (a loaded machine is not a bug) and says on stderr how many runs that was.
 */
export function propertyTimeLimit(limitMs: number): Plugin<unknown> {
  const limit = fc.interruptAfterTimeLimit(limitMs);
  return (index, store) => {
    const instance = limit(index, store);
    const started = performance.now();
    return {
      ...instance,
      onAllRunsComplete: (details) => {
        // Interrupted, passing, and by this limit (not a shorter one the property has of its own).
        if (details.interrupted && !details.failed && performance.now() - started >= limitMs) {
          process.stderr.write(
            `fast-check: ${details.numRuns} runs within the ${limitMs} ms limit (seed ${details.seed}): ${expect.getState().currentTestName}\n`,
          );
        }
        return instance.onAllRunsComplete?.(details);
      },
    };
  };
}

fc.configureGlobal({ seed: FAST_CHECK_SEED, maxSkipsPerRun: 100 });
fc.installGlobalPlugin(propertyTimeLimit(PROPERTY_TIME_LIMIT_MS));
