import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import type { Registry } from 'prom-client';

/**
 * Where the module keeps jobs and rate-limit counters.
 * - `'memory'` (default): in this process; one instance only.
 * - `{ redisUrl }`: a Redis the module connects to at start-up (and refuses to start without),
 *   shared by every instance; the module closes the connection on shutdown.
 * - `{ redisClient }`: an ioredis client the host already owns; the module never closes it. Give
 *   it `enableOfflineQueue: false` and a short `commandTimeout`, or requests wait while Redis is down.
 */
export type VCardPayloadStoreOption = 'memory' | { redisUrl: string } | { redisClient: Redis };

/**
 * Options of `VCardPayloadModule.forRoot()` / `forRootAsync()`. Every option has the default of its
 * environment variable in the standalone service (README, Configuration), so `forRoot({})` or
 * `forRoot({ publicBaseUrl })` is a complete setup. Options are validated once at start-up with the
 * same rules and messages as the environment; a bad value stops start-up naming the option.
 */
export interface VCardPayloadOptions {
  /**
   * Absolute http(s) URL clients use to reach the host app (`PUBLIC_BASE_URL`), without the path
   * the module is mounted at: links (`Location`, `links.self`) append the path the client called.
   * Default `http://localhost:3000`.
   */
  publicBaseUrl?: string;
  /** URL of the authenticated companion app, shown in the product context (`APP_URL`). Default none. */
  appUrl?: string | null;
  /** `generatorUrl` of every VCardResponse (`GENERATOR_URL`). Default `{publicBaseUrl}/`. */
  generatorUrl?: string;
  /**
   * One budget per client IP across the module's routes (health and CORS preflight excluded):
   * `max` requests (`RATE_LIMIT_MAX`, default 120) per `windowSeconds` (`RATE_LIMIT_WINDOW_SECONDS`,
   * default 60). `false` leaves limiting to the host: no counting and no RateLimit headers.
   * `storage` is where the counters live: any `@nestjs/throttler` ThrottlerStorage the host passes
   * (its Redis storage, say); default the module's store (memory, or Redis with `store`).
   */
  rateLimit?: { max?: number; windowSeconds?: number; storage?: ThrottlerStorage } | false;
  /**
   * Jobs expire after `ttlSeconds` (`JOB_TTL_SECONDS`, default 900); memory keeps at most `maxJobs` (`MAX_JOBS`,
   * default 10000).
   */
  jobs?: { ttlSeconds?: number; maxJobs?: number };
  /** Where jobs and counters live (`REDIS_URL`). Default `'memory'`. */
  store?: VCardPayloadStoreOption;
  /**
   * The MCP endpoint (`/mcp` under the module's mount path). `enabled` defaults to true;
   * `allowedHosts` (`ALLOWED_HOSTS`) are the host names (any port) accepted in its Host header,
   * default the host of `publicBaseUrl`, `localhost`, `127.0.0.1` and `[::1]`. `allowedOrigins`
   * (`MCP_ALLOWED_ORIGINS`) are the web origins (`https://app.example.com`) whose browser requests
   * it answers; any other `Origin` header is a 403 `forbidden_origin`. Default: any origin.
   */
  mcp?: { enabled?: boolean; allowedHosts?: string[]; allowedOrigins?: string[] };
  /**
   * CORS on the module's routes: `Access-Control-Allow-Origin: *`, the exposed headers, preflight
   * answered with 204. Default true; `false` leaves CORS to the host.
   */
  cors?: boolean;
  /**
   * Event streams (`GET v1/stream`): one client address may hold at most `maxPerClient` open at
   * once (`MAX_STREAMS_PER_CLIENT`, default 8; one more is a 429 `too_many_streams`), and the
   * module at most `maxTotal` (`MAX_STREAMS`, default 1000; one more is a 503 with Retry-After).
   * An open stream costs about 50 KB of memory.
   */
  streams?: { maxPerClient?: number; maxTotal?: number };
  /**
   * Batches (`POST v1/batches`): at most `maxContacts` contacts each (`BATCH_MAX_CONTACTS`, default
   * 10000); at most `maxActivePerClient` unfinished batches per client address
   * (`BATCH_MAX_ACTIVE_PER_CLIENT`, default 2; one more is a 429 `too_many_batches`) and `maxActive`
   * in all (`BATCH_MAX_ACTIVE`, default 20; one more is a 503 with Retry-After). A batch body is at
   * most `bodyLimitBytes` (`BATCH_BODY_LIMIT_BYTES`, default 5 MiB; more is a 413). The module reads
   * a batch body itself as it arrives when the host's parser left it unread; a body the host's
   * parser already read (JSON, or CSV as a string) is taken too, within the host's own limit.
   */
  batches?: { maxContacts?: number; maxActivePerClient?: number; maxActive?: number; bodyLimitBytes?: number };
  /**
   * Body limits of the routes that take more than a contact, in bytes: a vCard file on POST
   * v1/vcard and v1/jobs/vcard (`vcard`, `VCARD_BODY_LIMIT_BYTES`, default 2 MiB: a card with a 1 MB
   * photo), a styled code with its logo (`qrcode`, `QRCODE_BODY_LIMIT_BYTES`, default 512 KiB), an
   * address-book export posted as a batch (`batchVcf`, `BATCH_VCF_BODY_LIMIT_BYTES`, default 64 MiB), an
   * image to scan for codes on POST v1/scans (`scan`, `SCAN_BODY_LIMIT_BYTES`, default 10 MiB).
   * The standalone app applies them; a host's own body parser decides for the host.
   */
  bodyLimits?: { vcard?: number; qrcode?: number; batchVcf?: number; scan?: number };
  /**
   * The render pools, off the event loop, each `workers` threads (`RENDER_WORKERS`, default the
   * machine's available parallelism less one, at least 1) started with its first task, and at
   * most `queueLimit` tasks waiting (`RENDER_QUEUE_LIMIT`, default 4 per worker): styled codes and
   * their check (POST v1/qrcodes with a style, styled codes.zip), where one more single code is
   * refused at once with 503 `renderer_busy`; a sheet's planning and codes; a plain codes.zip's
   * codes, on the workers and the cores they leave; scans (POST v1/scans, read_qr_code: one more
   * is refused at once with 503 `scanner_busy`). An archive, a sheet or a ZIP batch's scan waits
   * for room instead.
   * While a styled codes.zip of at least 100 codes streams, helpers draw it on the cores the
   * workers leave. Closed when the application shuts down.
   */
  renderPool?: { workers?: number; queueLimit?: number };
  /**
   * Prometheus metrics (prom-client): request counts and latencies by route pattern, 429s, the
   * Redis circuit, open streams, jobs, batches and their queue. Pass the host's own `registry` to
   * have them scraped with the host's metrics; by default the module keeps a registry of its own
   * (the standalone service serves it on `METRICS_PORT`). The module never starts a listener.
   */
  metrics?: { registry?: Registry };
}
