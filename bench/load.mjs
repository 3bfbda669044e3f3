// Load runs: autocannon for maximum throughput, an evenly paced client for latency at a set rate.
// Both report the same shape: throughput, latency percentiles, server CPU time and memory.
import net from 'node:net';
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');

const RSS_SAMPLE_MS = 250;

const round = (value, digits = 2) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Samples the server's RSS and counts its CPU time while the watch is running: from creation (or
 * `resume()`) to `pause()`, `stop()` or `finish()`. An interleaved run resumes it for each slice.
 */
function watch(server, { paused = false } = {}) {
  const rss = [];
  const started = performance.now();
  let cpuSeconds = 0;
  let cpuAtResume = null;
  let sampler = null;
  const resume = () => {
    cpuAtResume = server.cpuSeconds();
    sampler = setInterval(() => {
      rss.push({ t: round((performance.now() - started) / 1000, 1), mb: round(server.memory().rssMB, 1) });
    }, RSS_SAMPLE_MS);
  };
  const pause = () => {
    if (cpuAtResume === null) return;
    clearInterval(sampler);
    cpuSeconds += server.cpuSeconds() - cpuAtResume;
    cpuAtResume = null;
  };
  if (!paused) resume();
  return {
    resume,
    pause,
    finish(latencies, seconds) {
      pause();
      const sorted = Float64Array.from(latencies).sort();
      const memory = server.memory();
      return {
        requests: latencies.length,
        seconds: round(seconds),
        rps: Math.round(latencies.length / seconds),
        // Server CPU time per request in microseconds (10 ms clock ticks: runs of a few seconds).
        cpuUsPerRequest: latencies.length > 0 ? Math.round((cpuSeconds * 1e6) / latencies.length) : null,
        // Share of one core the server used: well below 1 at max rate means it was starved.
        cpuShare: round(cpuSeconds / seconds),
        latencyMs: {
          p50: round(percentile(sorted, 50)),
          p90: round(percentile(sorted, 90)),
          p99: round(percentile(sorted, 99)),
          max: round(sorted[sorted.length - 1] ?? null),
        },
        maxRssMB: round(Math.max(memory.rssMB, ...rss.map((s) => s.mb)), 1),
        peakRssMB: round(memory.hwmMB, 1),
        rssSamples: rss,
      };
    },
    stop: pause,
  };
}

function failOnErrors(server, route, statuses, errors) {
  if (statuses.size > 0 || errors > 0) {
    throw new Error(
      `${server.name} ${route.name}: unexpected statuses ${JSON.stringify([...statuses])}, ${errors} socket errors`,
    );
  }
}

/**
 * As many requests as `connections` keep-alive connections can get answered (closed loop), for
 * `duration` seconds or `amount` requests. Latencies come from autocannon's per-response times
 * (float ms) rather than its histogram, which keeps whole milliseconds only. Any status other
 * than the route's, or any socket error, fails the run: a benchmark of errors measures nothing.
 * `onResponse(n)` is called after the n-th successful response.
 */
export async function drive(server, route, { duration, connections, amount, onResponse }) {
  const watcher = watch(server);
  try {
    const { latencies, seconds } = await closedLoop(server, route, { duration, connections, amount, onResponse });
    return watcher.finish(latencies, seconds);
  } finally {
    watcher.stop();
  }
}

/**
 * The same closed-loop load as `drive`, for several servers in turn: `slices` slices of
 * duration/slices seconds each, in ABBA order (A B, then B A, ...), each after an unrecorded
 * lead-in of `leadIn` seconds on that server. Each server's slices are pooled into one result of
 * the `drive` shape. On a shared host whose speed drifts over minutes, back-to-back runs of 10 s
 * measure the drift as much as the servers; interleaving puts every server on the same footing,
 * so their ratio holds even when the absolute numbers move.
 */
export async function driveInterleaved(servers, route, { duration, slices, connections, leadIn = 0.25 }) {
  const parts = servers.map((server) => ({
    server,
    watcher: watch(server, { paused: true }),
    latencies: [],
    seconds: 0,
  }));
  try {
    for (let slice = 0; slice < slices; slice++) {
      for (const part of slice % 2 === 0 ? parts : [...parts].reverse()) {
        await closedLoop(part.server, route, { duration: leadIn, connections });
        part.watcher.resume();
        const { latencies, seconds } = await closedLoop(part.server, route, {
          duration: duration / slices,
          connections,
        });
        part.watcher.pause();
        for (const ms of latencies) part.latencies.push(ms);
        part.seconds += seconds;
      }
    }
    return parts.map((part) => part.watcher.finish(part.latencies, part.seconds));
  } finally {
    for (const part of parts) part.watcher.stop();
  }
}

/** One autocannon run: the latency of every expected response, and the run's length in seconds. */
async function closedLoop(server, route, { duration, connections, amount, onResponse }) {
  const options = {
    url: `${server.url}${route.path}`,
    method: route.method,
    headers: { ...(route.body ? { 'content-type': 'application/json' } : {}), ...route.headers },
    body: route.body ? JSON.stringify(route.body) : undefined,
    connections,
    duration,
    amount,
    timeout: 10,
  };
  // autocannon takes an explicit undefined as a value (and rejects it).
  const instance = autocannon(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)));
  const latencies = [];
  const statuses = new Map();
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === route.expectStatus) {
      latencies.push(ms);
      onResponse?.(latencies.length);
    } else {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  const result = await instance;
  failOnErrors(server, route, statuses, result.errors);
  return { latencies, seconds: result.duration };
}

/**
 * One keep-alive HTTP/1.1 connection speaking just enough of the protocol for the paced runs: it
 * writes a pre-built request and reads a response by its Content-Length. Node's http client
 * allocates so much per request that its own GC pauses (up to ~8 ms here) showed up in the p99.
 */
class RawConnection {
  constructor(port, request, onResponse) {
    this.port = port;
    this.request = request;
    this.onResponse = onResponse;
    this.busy = false;
    this.pending = null;
    this.open();
  }

  /** A new socket: at the start, and when the server has closed an idle one (its keep-alive timeout). */
  open() {
    const socket = net.connect(this.port, '127.0.0.1');
    this.socket = socket;
    this.ended = false;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.read(chunk));
    socket.on('error', (error) => {
      if (socket === this.socket && this.busy) this.onResponse(0, error);
    });
    socket.on('close', () => {
      if (socket !== this.socket) return;
      this.ended = true;
      // A connection the server ends while a request waits would otherwise leave the run waiting
      // for ever: it counts as an error, which ends the run and is reported.
      if (this.busy && !this.closing)
        this.onResponse(0, new Error('the server closed a connection with a request on it'));
    });
  }

  send() {
    // The server closes a connection left idle past its keep-alive timeout (5 s): one that sat
    // unused through a long window is opened again, as a browser or an agent would, instead of
    // writing to a closed socket and waiting for ever.
    if (this.ended || this.socket.destroyed) this.open();
    this.busy = true;
    this.socket.write(this.request);
  }

  read(chunk) {
    this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    const headEnd = this.pending.indexOf('\r\n\r\n');
    if (headEnd === -1) return;
    const head = this.pending.toString('latin1', 0, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.pending.length < headEnd + 4 + length) return;
    this.pending = null;
    this.busy = false;
    this.onResponse(Number(head.slice(9, 12)));
  }

  close() {
    this.closing = true;
    this.socket.destroy();
  }
}

/**
 * `rate` requests per second for `duration` seconds, sent on schedule (every 1/rate s) on the
 * first free of `connections` keep-alive connections, or as soon as one frees up. Latency runs
 * from the scheduled send time, so any stall delays every request behind it and shows (no
 * coordinated omission). autocannon's own rate option is no substitute: each connection sends
 * its quota for the second as fast as it can and then waits, so the server sees bursts at full
 * speed followed by idle time.
 */
export async function drivePaced(server, route, { rate, duration, connections, leadIn = 1 }) {
  const url = new URL(`${server.url}${route.path}`);
  const body = route.body ? JSON.stringify(route.body) : '';
  const request = Buffer.from(
    `${route.method} ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n` +
      (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : '') +
      `\r\n${body}`,
  );
  // The first `leadIn` seconds are sent but not recorded: new connections and a cold client.
  const unrecorded = Math.round(rate * leadIn);
  const total = unrecorded + Math.round(rate * duration);
  const interval = 1000 / rate;
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  let watcher; // from the first recorded request on
  const start = performance.now() + 50;
  const pool = [];
  await new Promise((resolve) => {
    let sent = 0;
    let finished = 0;
    const waiting = []; // [index, scheduled time] of due requests with no free connection
    const connection = () => {
      const conn = new RawConnection(url.port, request, (status, error) => {
        if (error) errors++;
        else if (status !== route.expectStatus) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        else if (conn.index >= unrecorded) latencies.push(performance.now() - conn.scheduled);
        finished++;
        if (error || finished === total) resolve();
        else if (waiting.length > 0) dispatch(conn, waiting.shift());
      });
      return conn;
    };
    const dispatch = (conn, [index, scheduled]) => {
      conn.index = index;
      conn.scheduled = scheduled;
      conn.send();
    };
    for (let i = 0; i < connections; i++) pool.push(connection());
    // Polled on every turn of the event loop rather than with timers, whose millisecond
    // granularity would send requests in late clumps. This process has a core of its own.
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        if (sent === unrecorded) watcher = watch(server);
        const due = [sent, start + sent * interval];
        sent++;
        const idle = pool.find((c) => !c.busy);
        if (idle) dispatch(idle, due);
        else waiting.push(due);
      }
      if (sent < total) setImmediate(tick);
    };
    setImmediate(tick);
  }).finally(() => {
    watcher?.stop();
    for (const conn of pool) conn.close();
  });
  failOnErrors(server, route, statuses, errors);
  return { rate, ...watcher.finish(latencies, (performance.now() - start) / 1000 - leadIn) };
}
