import { afterEach, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { FAST_CHECK_SEED, propertyTimeLimit } from './fast-check-bounds';

/** Keeps the thread busy for `ms`, as a run of an expensive property does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('the bounds every fast-check property runs within', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('a property runs on the fixed seed unless it names another', () => {
    expect(fc.readConfigureGlobal()).toMatchObject({ seed: FAST_CHECK_SEED, maxSkipsPerRun: 100 });
    expect(fc.check(fc.property(fc.nat(), () => true)).seed).toBe(FAST_CHECK_SEED);
    expect(
      fc.check(
        fc.property(fc.nat(), () => true),
        { seed: 7 },
      ).seed,
    ).toBe(7);
  });

  it('the time limit stops the shrinking of a failure, and still reports the failure', () => {
    const started = performance.now();
    let calls = 0;
    // Fails at once; each shrink step costs 20 ms, and a record of long strings has hundreds of them.
    const expensive = fc.property(fc.array(fc.string({ minLength: 30 }), { minLength: 30 }), (strings) => {
      calls += 1;
      busy(20);
      return strings.length < 30;
    });
    const details = fc.check(expensive, { plugins: [propertyTimeLimit(300)] });
    expect(details).toMatchObject({ failed: true, interrupted: true });
    expect(details.counterexample).not.toBeNull();
    expect(calls).toBeLessThan(30);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('a property that passed every run it had time for passes, and says how many runs that was', () => {
    const written: string[] = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const details = fc.check(
      fc.property(fc.nat(), () => busy(20)),
      { numRuns: 1000, plugins: [propertyTimeLimit(300)] },
    );
    expect(details).toMatchObject({ failed: false, interrupted: true });
    expect(details.numRuns).toBeLessThan(30);
    expect(written).toEqual([
      `fast-check: ${details.numRuns} runs within the 300 ms limit (seed ${FAST_CHECK_SEED}): ${expect.getState().currentTestName}\n`,
    ]);
  });
});
