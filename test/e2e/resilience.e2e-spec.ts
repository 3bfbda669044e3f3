import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest, Agent } from 'node:http';
import { connect, Socket } from 'node:net';
import { RedisServer } from '../utils/redis-server';
import { SpawnedService } from '../utils/spawned-service';
import { describeWithRedis } from '../utils/system-program';

// Slow and hostile clients, shutdown and a hung Redis, against the built service as `npm start`
// runs it, over real sockets. Timeouts are shortened through the environment so each case takes
// seconds; the bounds asserted are the configured ones plus Node's one-second check interval.

const CARD = '{"fullName":"Ada Lovelace","email":"ada@example.com"}';

/** A raw connection that records what it receives and when it closes. */
class RawClient {
  readonly socket: Socket;
  received = '';
  closedAt: number | null = null;
  readonly openedAt = Date.now();
  readonly closed: Promise<void>;

  constructor(port: number, localAddress = '127.0.0.1') {
    this.socket = connect({ port, host: '127.0.0.1', localAddress });
    this.socket.on('data', (chunk) => (this.received += chunk.toString()));
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      this.socket.once('close', () => {
        this.closedAt = Date.now();
        resolve();
      }),
    );
  }

  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.socket.connecting) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('close', () => reject(new Error('closed before connecting')));
    });
  }

  /** Resolves once `text` has been received, or rejects after `ms`. */
  async waitFor(text: string | RegExp, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(typeof text === 'string' ? this.received.includes(text) : text.test(this.received))) {
      if (Date.now() > deadline)
        throw new Error(
          `not received within ${ms} ms: ${String(text)}; got ${JSON.stringify(this.received.slice(0, 300))}`,
        );
      await sleep(10);
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function post(path: string, body: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The JSON body of the last response in a raw exchange. */
function lastBody(raw: string): { error?: { code: string; status: number } } {
  const body = raw.slice(raw.lastIndexOf('\r\n\r\n') + 4);
  return JSON.parse(body) as { error?: { code: string; status: number } };
}

function errorLines(service: SpawnedService): unknown[] {
  return service.logLines.filter((line) => line.level === 'error' || line.level === 'fatal');
}

describe('slow clients: timeouts and connection caps', () => {
  let service: SpawnedService;
  const clients: RawClient[] = [];
  const client = (localAddress?: string): RawClient => {
    const made = new RawClient(service.port, localAddress);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    service = await SpawnedService.start({
      LOG_LEVEL: 'info',
      REQUEST_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
      MAX_CONNECTIONS_PER_CLIENT: '20',
      RATE_LIMIT_MAX: '100000',
    });
  }, 60_000);
  afterEach(() => {
    for (const made of clients.splice(0)) made.destroy();
  });
  afterAll(() => service.kill());

  it('a body trickling one byte at a time gets a 408 in the Error shape within the request timeout, then the connection closes', async () => {
    const slow = client();
    await slow.connected();
    slow.socket.write(
      'POST /v1/vcard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const trickle = setInterval(() => slow.socket.writable && slow.socket.write(' '), 250);
    try {
      await slow.closed;
    } finally {
      clearInterval(trickle);
    }
    expect(slow.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(lastBody(slow.received).error).toMatchObject({ code: 'request_timeout', status: 408 });
    // 2 s of timeout, checked every second.
    expect(slow.closedAt! - slow.openedAt).toBeLessThan(4000);
    expect(slow.closedAt! - slow.openedAt).toBeGreaterThanOrEqual(1900);
  });

  it('headers that never finish also get a 408; a connection that never sends a byte is closed without a word', async () => {
    const partial = client();
    const silent = client();
    await Promise.all([partial.connected(), silent.connected()]);
    partial.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await Promise.all([partial.closed, silent.closed]);
    expect(partial.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(silent.received).toBe('');
    expect(silent.closedAt! - silent.openedAt).toBeLessThan(4000);
  });

  it('an idle keep-alive connection is closed silently after the keep-alive timeout', async () => {
    const idle = client();
    await idle.connected();
    idle.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await idle.waitFor('"ok":true');
    const answered = idle.received;
    const answeredAt = Date.now();
    await idle.closed;
    expect(idle.received).toBe(answered);
    expect(idle.closedAt! - answeredAt).toBeLessThan(2500);
  });

  it('a client over its connection cap is refused at once, while another client is served', async () => {
    const hog = Array.from({ length: 30 }, () => client());
    await sleep(500);
    const open = hog.filter((made) => made.closedAt === null);
    const refused = hog.filter((made) => made.closedAt !== null);
    expect(open).toHaveLength(20);
    expect(refused).toHaveLength(10);
    for (const made of refused) expect(made.closedAt! - made.openedAt).toBeLessThan(500);
    // Another address (the loopback network is 127/8) gets its own budget and normal answers.
    const other = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: service.port, path: '/v1/health', localAddress: '127.0.0.2', agent: new Agent() },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(other).toBe(200);
    // The capped client's open connections still work.
    open[0].socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await open[0].waitFor('"ok":true');
    // A slot freed is a slot usable again.
    for (const made of open.slice(1)) made.destroy();
    await sleep(100);
    const again = client();
    again.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await again.waitFor('"ok":true');
  });

  it('a client that drops mid-body writes no error line; aborts are logged at info, at most one line a second', async () => {
    const before = service.logLines.length;
    for (let i = 0; i < 40; i++) {
      const quitter = client();
      await quitter.connected();
      quitter.socket.write(
        'POST /v1/vcard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"fullName":',
      );
      await sleep(5);
      quitter.destroy();
    }
    await sleep(300);
    const lines = service.logLines.slice(before);
    expect(errorLines(service)).toEqual([]);
    const aborts = lines.filter((line) => (line.message as { msg?: string }).msg === 'request aborted by the client');
    expect(aborts.length).toBeGreaterThanOrEqual(1);
    expect(aborts.length).toBeLessThanOrEqual(2);
    expect(aborts[0]).toMatchObject({
      level: 'info',
      message: { method: 'POST', route: '/v1/vcard', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(JSON.stringify(aborts)).not.toMatch(/fullName|frames|at /);
  });

  it('trailing slashes and dot segments are a 404 not_found, and each is counted', async () => {
    for (const path of [
      '/v1/templates/',
      '/v1/health/',
      '/docs/../v1/templates',
      '/v1/./templates',
      '/docs/%2e%2e/openapi.json',
    ]) {
      const raw = client();
      raw.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      await raw.closed;
      expect(raw.received).toMatch(/^HTTP\/1\.1 404 /);
      expect(raw.received.toLowerCase()).toContain('ratelimit-remaining:');
      expect(lastBody(raw.received).error?.code).toBe('not_found');
    }
  });

  it("an event stream honours the client's Connection: close", async () => {
    const sse = client();
    sse.socket.write('GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await sse.closed;
    expect(sse.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(sse.received.toLowerCase()).toContain('connection: close');
    expect(sse.received).toContain('event: complete');
  });
});

describe('connections in all', () => {
  it('beyond MAX_CONNECTIONS a new connection is refused at once, whoever opens it; a freed slot is usable again', async () => {
    const service = await SpawnedService.start({ MAX_CONNECTIONS: '5', MAX_CONNECTIONS_PER_CLIENT: '100' });
    const clients: RawClient[] = [];
    try {
      // fetch's pooled connection from the health check may hold one slot: count from what is left.
      for (let i = 0; i < 8; i++) clients.push(new RawClient(service.port, `127.0.0.${2 + i}`));
      await sleep(300);
      const open = clients.filter((made) => made.closedAt === null);
      expect(open.length).toBeGreaterThanOrEqual(4);
      expect(open.length).toBeLessThanOrEqual(5);
      for (const made of clients.filter((c) => c.closedAt !== null)) expect(made.received).toBe('');
      open[0].socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await open[0].waitFor('"ok":true');
      open[1].destroy();
      await sleep(100);
      const again = new RawClient(service.port, '127.0.0.20');
      clients.push(again);
      again.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await again.waitFor('"ok":true');
    } finally {
      for (const made of clients) made.destroy();
      service.kill();
    }
  }, 30_000);
});

describe('event streams per client', () => {
  let service: SpawnedService;
  beforeAll(async () => {
    service = await SpawnedService.start({ MAX_STREAMS_PER_CLIENT: '2', MAX_STREAMS: '3' });
  }, 60_000);
  afterAll(() => service.kill());

  it('a client holding its limit of open streams gets 429 too_many_streams; a stream closed frees a slot', async () => {
    const open = [new RawClient(service.port), new RawClient(service.port)];
    for (const made of open) made.socket.write('GET /v1/stream?intervalMs=2000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await Promise.all(open.map((made) => made.waitFor('event: progress')));
    const third = await fetch(`${service.baseUrl}/v1/stream?intervalMs=2000`);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: { code: string; details: unknown } }).error).toMatchObject({
      code: 'too_many_streams',
      details: { maxStreams: 2 },
    });
    open[0].destroy();
    await sleep(100);
    const fourth = await fetch(`${service.baseUrl}/v1/stream`);
    expect(fourth.status).toBe(200);
    expect(await fourth.text()).toContain('event: complete');
    open[1].destroy();
  });

  it('the service holding its limit of open streams answers 503 with Retry-After, whoever asks', async () => {
    const open = [new RawClient(service.port), new RawClient(service.port), new RawClient(service.port, '127.0.0.2')];
    for (const made of open) made.socket.write('GET /v1/stream?intervalMs=2000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await Promise.all(open.map((made) => made.waitFor('event: progress')));
    const other = new RawClient(service.port, '127.0.0.3');
    other.socket.write('GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await other.closed;
    expect(other.received).toMatch(/^HTTP\/1\.1 503 /);
    expect(other.received.toLowerCase()).toContain('retry-after: 2');
    expect(lastBody(other.received).error).toMatchObject({ code: 'service_unavailable', status: 503 });
    for (const made of open) made.destroy();
  });
});

describe('shutdown with a deadline', () => {
  it('SIGTERM with a stalled upload exits 0 by the deadline; requests sent on open keep-alive connections are answered with Connection: close', async () => {
    const service = await SpawnedService.start({ SHUTDOWN_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '60000' });
    try {
      const stalled = new RawClient(service.port);
      await stalled.connected();
      stalled.socket.write(
        'POST /v1/vcard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"fullName":',
      );
      const keepAlive = Array.from({ length: 8 }, () => new RawClient(service.port));
      for (const made of keepAlive) {
        made.socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        await made.waitFor('"ok":true');
        made.received = '';
      }
      await sleep(100);
      const sigtermAt = Date.now();
      service.child.kill('SIGTERM');
      await sleep(50);
      // Requests already on their way over open connections: answered, with Connection: close.
      for (const made of keepAlive) made.socket.write(post('/v1/vcard', CARD));
      for (const made of keepAlive) {
        await made.waitFor('END:VCARD');
        expect(made.received).toMatch(/^HTTP\/1\.1 200 /);
        expect(made.received.toLowerCase()).toContain('connection: close');
        await made.closed;
      }
      // New connections are no longer accepted (refused: nothing listens any more).
      const late = new RawClient(service.port);
      await expect(late.connected()).rejects.toThrow();
      expect(late.received).toBe('');
      const exit = await service.exited;
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.at - sigtermAt).toBeLessThan(2000 + 1000);
      expect(exit.at - sigtermAt).toBeGreaterThanOrEqual(1900);
      await stalled.closed;
    } finally {
      service.kill();
    }
  }, 30_000);

  it('with nothing in flight it exits 0 at once', async () => {
    const service = await SpawnedService.start({ SHUTDOWN_TIMEOUT_MS: '8000' });
    const sigtermAt = Date.now();
    service.child.kill('SIGTERM');
    const exit = await service.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - sigtermAt).toBeLessThan(1500);
  }, 30_000);
});

describeWithRedis()('a Redis that hangs (SIGSTOP) is handled like a Redis that is down', () => {
  let redis: RedisServer;
  let service: SpawnedService;
  beforeAll(async () => {
    redis = await RedisServer.start();
    service = await SpawnedService.start({ REDIS_URL: redis.url, LOG_LEVEL: 'info', RATE_LIMIT_MAX: '100000' });
  }, 60_000);
  afterAll(async () => {
    redis.thaw();
    service.kill();
    await redis.stop();
  });

  async function timed(path: string, init?: RequestInit): Promise<{ status: number; ms: number; headers: Headers }> {
    const started = performance.now();
    const res = await fetch(`${service.baseUrl}${path}`, init);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started, headers: res.headers };
  }
  const postCard = { method: 'POST', headers: { 'content-type': 'application/json' }, body: CARD };

  it('frozen: after the first few requests open the circuit, vCards answer at normal speed, jobs 503 at once, health says so; thawed: back to normal', async () => {
    expect((await timed('/v1/jobs/vcard', postCard)).status).toBe(202);
    redis.freeze();
    try {
      // The first requests pay at most the command timeout (50 ms) each while the circuit opens.
      for (let i = 0; i < 3; i++) expect((await timed('/v1/vcard', postCard)).ms).toBeLessThan(500);
      const vcards = [];
      for (let i = 0; i < 20; i++) vcards.push(await timed('/v1/vcard', postCard));
      expect(vcards.every((res) => res.status === 200)).toBe(true);
      // Before: every counted request took 1.00 s while Redis was frozen.
      expect(Math.max(...vcards.map((res) => res.ms))).toBeLessThan(250);
      const job = await timed('/v1/jobs/vcard', postCard);
      expect(job.status).toBe(503);
      expect(job.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(job.ms).toBeLessThan(250);
      const health = await timed('/v1/health');
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(250);
      expect(vcards[0].headers.get('ratelimit-limit')).toBe('100000');
    } finally {
      redis.thaw();
    }
    // The probe closes the circuit within about a second of Redis answering again.
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && status !== 202) {
      status = (await timed('/v1/jobs/vcard', postCard)).status;
      if (status !== 202) await sleep(100);
    }
    expect(status).toBe(202);
    const messages = service.logLines.map((line) => (line.message as { msg?: string }).msg);
    expect(messages).toContain('Redis does not answer: circuit open; rate limiting per instance, jobs unavailable');
    expect(messages).toContain('Redis answers again: circuit closed');
    expect(errorLines(service)).toEqual([]);
  }, 30_000);
});
