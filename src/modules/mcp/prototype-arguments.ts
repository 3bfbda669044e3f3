/**
 * The SDK checks a tool call with zod, which drops an argument named `__proto__` (valid JSON, an own
 * key after JSON.parse) without a word. The controller renames that key before the SDK sees the
 * message, and the tools give it its name back, so the arguments' validation names it as unknown,
 * as REST does for a body.
 */
const RENAMED = '\u0000__proto__';

/** Renames a `__proto__` argument of the tools/call message of a parsed body (one message: arrays are refused). */
export function keepPrototypeArguments(message: unknown): void {
  const args = (message as { params?: { arguments?: unknown } } | null)?.params?.arguments;
  if (typeof args !== 'object' || args === null || !Object.hasOwn(args, '__proto__')) return;
  const value = Object.getOwnPropertyDescriptor(args, '__proto__')!.value as unknown;
  delete (args as Record<string, unknown>)['__proto__'];
  (args as Record<string, unknown>)[RENAMED] = value;
}

/** The arguments with a renamed `__proto__` argument as an own key of that name again. */
export function restorePrototypeArgument(
  args: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (args === undefined || !Object.hasOwn(args, RENAMED)) return args;
  const { [RENAMED]: value, ...rest } = args;
  Object.defineProperty(rest, '__proto__', { value, enumerable: true, writable: true, configurable: true });
  return rest;
}
