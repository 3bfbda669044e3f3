import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type Redis from 'ioredis';
import { freePort, RedisServer } from '../../../../test/utils/redis-server';
import { describeWithRedis } from '../../../../test/utils/system-program';
import { RedisCircuit, RedisUnavailableError } from './redis-circuit';
import { connectRedis, createRedisClient } from './redis-client';

/** Blocks the event loop, as a long synchronous step or a GC pause does. */
function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describeWithRedis()('Redis at start-up and behind the circuit, against a real redis-server', () => {
  let server: RedisServer;
  const clients: Redis[] = [];
  const connected = (): Redis => {
    const client = createRedisClient(server.url);
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await RedisServer.start();
  });
  afterEach(() => {
    server.thaw();
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('start-up waits for a Redis that answers late (frozen, then running again)', async () => {
    server.freeze();
    const thawed = new Promise<number>((resolve) => setTimeout(() => (server.thaw(), resolve(Date.now())), 1200));
    const client = connected();
    await connectRedis(client, 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(await thawed);
    expect(client.status).toBe('ready');
    expect(await client.ping()).toBe('PONG');
  });

  it('start-up waits for a Redis that is not listening yet, and gives up at its deadline', async () => {
    const port = await freePort();
    const late = createRedisClient(`redis://127.0.0.1:${port}`);
    late.on('error', () => undefined);
    clients.push(late);
    const started = Date.now();
    await expect(connectRedis(late, 800)).rejects.toThrow(/^Cannot connect to Redis \(REDIS_URL\): /);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    // It stops trying: a server that starts on that port afterwards gets no connection from it.
    const reconnects: number[] = [];
    late.on('connect', () => reconnects.push(Date.now()));
    const after = await RedisServer.startOn(port);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(reconnects).toEqual([]);
    } finally {
      await after.stop();
    }
  });

  it('start-up fails at once on an error Redis itself returns, without the URL', async () => {
    const client = createRedisClient(`redis://someone:s3cret-pw@127.0.0.1:${server.port}`);
    client.on('error', () => undefined);
    clients.push(client);
    const started = Date.now();
    const failure = connectRedis(client, 5000);
    await expect(failure).rejects.toThrow(/^Cannot connect to Redis \(REDIS_URL\): /);
    await expect(failure).rejects.not.toThrow(/s3cret-pw/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a reply that arrived while the event loop was blocked is not a timeout', async () => {
    const client = connected();
    await connectRedis(client);
    const circuit = new RedisCircuit(client, 50);
    try {
      for (let i = 0; i < 3; i += 1) {
        const reply = circuit.run((redis) => redis.ping());
        // Past the circuit's 50 ms timer, well within ioredis's own 200 ms command timeout; the PONG waits in the
        // socket.
        blockEventLoop(100);
        await expect(reply).resolves.toBe('PONG');
      }
      expect(circuit.isOpen).toBe(false);
    } finally {
      circuit.close();
    }
  });

  it('a Redis that does not answer opens the circuit after two timeouts; it closes when Redis answers again', async () => {
    const client = connected();
    await connectRedis(client);
    const circuit = new RedisCircuit(client, 50);
    try {
      server.freeze();
      for (let i = 0; i < 2; i += 1) {
        const started = Date.now();
        await expect(circuit.run((redis) => redis.ping())).rejects.toThrow(RedisUnavailableError);
        expect(Date.now() - started).toBeLessThan(1000);
      }
      expect(circuit.isOpen).toBe(true);
      // Open: refused without being sent (not a timeout).
      await expect(circuit.run((redis) => redis.ping())).rejects.toThrow('circuit open');
      server.thaw();
      const deadline = Date.now() + 5000;
      while (circuit.isOpen && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(circuit.isOpen).toBe(false);
      await expect(circuit.run((redis) => redis.ping())).resolves.toBe('PONG');
    } finally {
      circuit.close();
    }
  });
});

describe('connectRedis without a server', () => {
  it('names the variable and never the URL', async () => {
    const port = await freePort();
    const client = createRedisClient(`redis://admin:s3cret-pw@127.0.0.1:${port}`);
    client.on('error', () => undefined);
    const failure = connectRedis(client, 300);
    await expect(failure).rejects.toThrow('Cannot connect to Redis (REDIS_URL)');
    await expect(failure).rejects.not.toThrow('s3cret-pw');
  });
});
