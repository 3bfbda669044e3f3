import { Piscina } from 'piscina';

/**
 * A task's answer `result` with `buffers` (which it holds) moved to the event loop instead of
 * copied: Piscina's transferable wrapper, marked by move(), which the pool unwraps to `result`.
 */
export function movedResult<Result>(result: Result, buffers: ArrayBuffer[]): Result {
  const transferable = { [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: result };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as Result;
}

/**
 * `bytes` as a buffer of their own to move: the same memory when they hold all of it, else a copy, so that moving
 * it detaches nothing else (Node pools small buffers).
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
}

/** `value` as JSON in UTF-8, in a buffer of its own (TextEncoder's is the text's own length, not a shared pool's). */
export function packJson(value: unknown): ArrayBuffer {
  return new TextEncoder().encode(JSON.stringify(value)).buffer;
}

/** The value packJson() packed. */
export function unpackJson<Value>(data: ArrayBuffer): Value {
  return JSON.parse(new TextDecoder().decode(data)) as Value;
}
