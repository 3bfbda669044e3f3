/**
 * Starts several things at once (apps, spawned services). If any fails, the ones that started are
 * stopped before the error is thrown: a half-done beforeAll must not leave a server, a socket or a
 * child process behind, or Jest never exits.
 */
export async function startAll<T>(starts: Array<Promise<T>>, stop: (started: T) => unknown): Promise<T[]> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (!failed) return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
  await Promise.allSettled(
    settled.map((outcome) => (outcome.status === 'fulfilled' ? stop(outcome.value) : undefined)),
  );
  throw failed.reason;
}
