import { jest } from '@jest/globals';
import dns from 'node:dns';
import net from 'node:net';

/**
 * Cuts this thread off the network for a test: `fetch`, every socket connection and every DNS look-up throw, and
 * each attempt is recorded by what it tried (a URL, a host), so a test can assert there were none. Undo with
 * `jest.restoreAllMocks()`.
 */
export function cutNetwork(): string[] {
  const attempts: string[] = [];
  const refuse = (what: string): never => {
    attempts.push(what);
    throw new Error(`network access in a test that must run offline: ${what}`);
  };
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => refuse(`fetch ${String(input)}`));
  jest
    .spyOn(net.Socket.prototype, 'connect')
    .mockImplementation((...args: unknown[]) => refuse(`connect ${JSON.stringify(args[0])}`));
  jest
    .spyOn(dns, 'lookup')
    .mockImplementation(((host: string) => refuse(`dns ${host}`)) as unknown as typeof dns.lookup);
  return attempts;
}
