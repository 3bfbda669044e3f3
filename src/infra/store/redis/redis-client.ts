import Redis from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis-circuit';

/** How long start-up waits for Redis to answer before the service refuses to start. */
export const REDIS_STARTUP_TIMEOUT_MS = 5000;
const STARTUP_RETRY_MS = 100;

/**
 * An ioredis client that fails fast instead of queueing: with the defaults, requests hang for many
 * seconds while Redis is down (offline queue + retries). Here a command fails at once when the
 * connection is down, and at most after `commandTimeout` when Redis stalls (RedisCircuit then stops
 * sending); the client keeps reconnecting in the background.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS * 4,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/** Redis refused the request itself (wrong password, unknown command): waiting will not help. */
function isRefusedByRedis(error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError';
}

/**
 * Connects once at start-up; a service that needs Redis must not start without it. A Redis that
 * is still starting, refuses connections for a moment, or answers one PING late (an event loop
 * busy building the app delays the reply past the command timeout) gets up to `timeoutMs`; an
 * error that Redis itself returns fails at once.
 */
export async function connectRedis(client: Redis, timeoutMs = REDIS_STARTUP_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  // A refused handshake (AUTH, SELECT) reaches only the 'error' event; connect() just sees a close.
  const onError = (error: unknown): void => {
    lastError = error;
  };
  client.on('error', onError);
  try {
    await client.connect().catch((error: unknown) => {
      if (!isRefusedByRedis(lastError)) lastError = error;
    });
    for (;;) {
      if (isRefusedByRedis(lastError)) throw lastError;
      if (client.status === 'ready') {
        try {
          await client.ping();
          return;
        } catch (error) {
          lastError = error;
          if (isRefusedByRedis(error)) continue;
        }
      }
      // The client reconnects by itself (retryStrategy); wait for it until the deadline.
      if (Date.now() + STARTUP_RETRY_MS > deadline) throw lastError ?? new Error(`not ready after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, STARTUP_RETRY_MS));
    }
  } catch (error) {
    client.disconnect();
    // The URL may hold a password: name the variable, never its value.
    const reason =
      error instanceof Error ? error.message.replace(/redis(s)?:\/\/\S+/g, '<REDIS_URL>') : 'unknown error';
    // No `cause`: the original error's message may hold the URL and its password.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(`Cannot connect to Redis (REDIS_URL): ${reason}`);
  } finally {
    client.off('error', onError);
  }
}
