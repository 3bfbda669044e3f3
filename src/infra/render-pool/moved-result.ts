import { Piscina } from 'piscina';

/**
 * A task's answer `result` with `buffers` (which it holds) moved to the event loop instead of
 * copied: Piscina's transferable wrapper, marked by move(), which the pool unwraps to `result`.
 */
export function movedResult<Result>(result: Result, buffers: ArrayBuffer[]): Result {
  const transferable = { [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: result };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as Result;
}
