import Redis from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis-circuit';

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

/** Connects once at start-up; a service that needs Redis must not start without it. */
export async function connectRedis(client: Redis): Promise<void> {
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    // The URL may hold a password: name the variable, never its value.
    const reason = error instanceof Error ? error.message.replace(/redis(s)?:\/\/\S+/g, '<REDIS_URL>') : 'unknown error';
    throw new Error(`Cannot connect to Redis (REDIS_URL): ${reason}`);
  }
}
