// Phase 5 of npm run bench: slow clients and floods against a fresh service with production
// settings (REQUEST_TIMEOUT_MS 15 s, MAX_CONNECTIONS_PER_CLIENT 64, MAX_STREAMS_PER_CLIENT 8).
//
// - slowClients: a normal client paced at BENCH_SLOW_RATE req/s of POST /v1/vcard, first alone,
//   then while BENCH_SLOW_CONNECTIONS connections trickle request bodies (headers, then one byte
//   every 5 s, reopened when closed: slowhttptest -B), spread over many loopback addresses
//   (127.0.0.2 and up, 60 each), and then while one address tries to open them all. Reports the
//   normal client's p50/p99 and failures, the attackers' 408s and refusals, and peak RSS.
// - manyStreams: BENCH_STREAM_CLIENTS event-stream clients (8 per address) that reconnect as soon
//   as a stream completes, for BENCH_STREAM_SECONDS; peak RSS and streams completed.
import http from 'node:http';
import net from 'node:net';

const round = (value, digits = 2) => Number(value.toFixed(digits));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  return sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** 127.0.0.2, 127.0.0.3, ...: distinct client addresses on the loopback network. */
function address(index, base = 0) {
  const n = base + index + 2;
  return `127.${Math.floor(n / 65536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

/**
 * POST /v1/vcard every 1000/rate ms from 127.0.0.1 for `seconds`: latency from the scheduled time, failures counted.
 */
export async function pacedClient(url, body, { rate, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const target = new URL(`${url}/v1/vcard`);
  const latencies = [];
  let failures = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now() + 20;
  const pending = [];
  for (let i = 0; i < total; i++) {
    const planned = start + (i * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 0) await sleep(wait);
    // From the planned time when late (a stall delays every request behind it), else from now.
    const scheduled = Math.min(planned, performance.now());
    pending.push(
      new Promise((resolve) => {
        const req = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            agent,
            localAddress: '127.0.0.1',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            timeout: 10_000,
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) latencies.push(performance.now() - scheduled);
              else failures++;
              resolve();
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', () => {
          failures++;
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: total,
    failures,
    p50: round(percentile(sorted, 50) ?? NaN),
    p99: round(percentile(sorted, 99) ?? NaN),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

/**
 * `count` connections trickling a body (one byte every 5 s), each reopened when closed, until
 * stop(). Like slowhttptest, the attacker opens at most OPEN_RATE connections a second in all.
 */
const OPEN_RATE = 1000;
function trickle(port, count, addressOf) {
  const stats = { opened: 0, answered408: 0, refused: 0, open: 0 };
  let stopped = false;
  const sockets = new Set();
  const queue = [];
  const pump = setInterval(() => {
    for (let n = 0; n < OPEN_RATE / 20 && queue.length > 0; n++) connect(queue.shift());
  }, 50);
  const open = (i) => {
    if (!stopped) queue.push(i);
  };
  const connect = (i) => {
    if (stopped) return;
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: addressOf(i) });
    sockets.add(socket);
    stats.opened++;
    let received = '';
    let timer = null;
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      stats.open++;
      socket.write(
        'POST /v1/vcard HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{',
      );
      timer = setInterval(() => socket.writable && socket.write(' '), 5000);
    });
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (connected) stats.open--;
      if (received.startsWith('HTTP/1.1 408')) stats.answered408++;
      else if (received === '') stats.refused++;
      open(i);
    });
  };
  for (let i = 0; i < count; i++) open(i);
  return {
    stats,
    stop() {
      stopped = true;
      clearInterval(pump);
      for (const socket of sockets) socket.destroy();
    },
  };
}

export async function slowClients(startService, { connections = 4000, rate = 200, seconds = 20, body }) {
  const service = await startService();
  try {
    const port = new URL(service.url).port;
    await pacedClient(service.url, body, { rate, seconds: 2 }); // warm-up
    const alone = await pacedClient(service.url, body, { rate, seconds: Math.min(10, seconds) });

    const spread = trickle(port, connections, (i) => address(Math.floor(i / 60)));
    await sleep((connections / OPEN_RATE) * 1000 + 1000);
    const underSpread = await pacedClient(service.url, body, { rate, seconds });
    const spreadStats = { ...spread.stats };
    spread.stop();
    const rssAfterSpread = round(service.memory().rssMB, 1);
    await sleep(1000);

    const single = trickle(port, connections, () => '127.0.0.2');
    await sleep((connections / OPEN_RATE) * 1000 + 1000);
    const underSingle = await pacedClient(service.url, body, { rate, seconds: Math.min(10, seconds) });
    const singleStats = { ...single.stats };
    single.stop();

    return {
      rate,
      trickling: connections,
      alone,
      underSpreadAttack: {
        normalClient: underSpread,
        attackers: spreadStats,
        addresses: Math.ceil(connections / 60),
        rssMB: rssAfterSpread,
      },
      underSingleClientAttack: { normalClient: underSingle, attackers: singleStats },
      peakRssMB: round(service.memory().hwmMB, 1),
    };
  } finally {
    await service.stop();
  }
}

export async function manyStreams(startService, { clients = 2000, seconds = 30 }) {
  const service = await startService();
  const port = new URL(service.url).port;
  const stats = { completed: 0, refused429: 0, refused503: 0, errors: 0 };
  let stopped = false;
  const sockets = new Set();
  const open = (i) => {
    if (stopped) return;
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: address(Math.floor(i / 8), 4096) });
    sockets.add(socket);
    let received = '';
    socket.on('connect', () => socket.write('GET /v1/stream?intervalMs=1000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    socket.on('data', (chunk) => {
      received += chunk;
      if (received.includes('event: complete')) {
        stats.completed++;
        socket.destroy();
      } else if (received.startsWith('HTTP/1.1 429')) {
        stats.refused429++;
        socket.destroy();
      } else if (received.startsWith('HTTP/1.1 503') && received.includes('}')) {
        // The service is at MAX_STREAMS: come back after its Retry-After (2 s).
        stats.refused503++;
        socket.removeAllListeners('close');
        socket.destroy();
        sockets.delete(socket);
        setTimeout(() => open(i), 2000);
      }
    });
    socket.on('error', () => stats.errors++);
    socket.on('close', () => {
      sockets.delete(socket);
      setTimeout(() => open(i), 10);
    });
  };
  try {
    const rssBefore = round(service.memory().rssMB, 1);
    for (let i = 0; i < clients; i++) open(i);
    await sleep(seconds * 1000);
    stopped = true;
    for (const socket of sockets) socket.destroy();
    return { clients, seconds, ...stats, rssBeforeMB: rssBefore, peakRssMB: round(service.memory().hwmMB, 1) };
  } finally {
    await service.stop();
  }
}
