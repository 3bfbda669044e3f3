import { ConfigError, LIMITS, OptionChecks } from '../options/option-checks';
import { OptionName, resolveServiceConfig } from '../options/resolve-service-config';
import type { VCardPayloadOptions } from '../options/vcard-payload-options';
import { LOG_FORMATS, LOG_LEVELS } from '../core/logging/app-logger';
import { AppConfig } from './app-config';

export { ConfigError };

type Env = Record<string, string | undefined>;

/**
 * The environment variable behind each module option, so a bad value is reported by its variable.
 * A metrics registry is an object a host passes: no variable sets it.
 */
const ENV_NAMES: Record<Exclude<OptionName, 'metrics.registry'>, string> = {
  publicBaseUrl: 'PUBLIC_BASE_URL',
  appUrl: 'APP_URL',
  generatorUrl: 'GENERATOR_URL',
  'rateLimit.max': 'RATE_LIMIT_MAX',
  'rateLimit.windowSeconds': 'RATE_LIMIT_WINDOW_SECONDS',
  'jobs.ttlSeconds': 'JOB_TTL_SECONDS',
  'jobs.maxJobs': 'MAX_JOBS',
  store: 'REDIS_URL',
  'mcp.enabled': 'MCP',
  'mcp.allowedHosts': 'ALLOWED_HOSTS',
  'mcp.allowedOrigins': 'MCP_ALLOWED_ORIGINS',
  cors: 'CORS',
  'streams.maxPerClient': 'MAX_STREAMS_PER_CLIENT',
  'streams.maxTotal': 'MAX_STREAMS',
  'batches.maxContacts': 'BATCH_MAX_CONTACTS',
  'batches.maxActivePerClient': 'BATCH_MAX_ACTIVE_PER_CLIENT',
  'batches.maxActive': 'BATCH_MAX_ACTIVE',
  'batches.bodyLimitBytes': 'BATCH_BODY_LIMIT_BYTES',
  'bodyLimits.vcard': 'VCARD_BODY_LIMIT_BYTES',
  'bodyLimits.qrcode': 'QRCODE_BODY_LIMIT_BYTES',
  'bodyLimits.batchVcf': 'BATCH_VCF_BODY_LIMIT_BYTES',
  'bodyLimits.scan': 'SCAN_BODY_LIMIT_BYTES',
  'renderPool.workers': 'RENDER_WORKERS',
  'renderPool.queueLimit': 'RENDER_QUEUE_LIMIT',
};

/**
 * Reads and validates the environment once: the module's options (the same rules and messages as
 * VCardPayloadModule.forRoot(), naming the variables) and the standalone server's own settings.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const check = new OptionChecks();
  const read = new EnvReader(env, check);

  const port = read.int('PORT', 3000, LIMITS.port);
  // Behind a proxy that publishes another port (docker-compose.yml), clients reach PUBLIC_PORT.
  const publicPort = read.int('PUBLIC_PORT', port, LIMITS.port);
  const redisUrl = read.raw('REDIS_URL');
  const allowedHosts = read.list('ALLOWED_HOSTS');
  const options: VCardPayloadOptions = {
    // Links follow the port clients reach unless the public URL is set.
    publicBaseUrl: read.raw('PUBLIC_BASE_URL') ?? `http://localhost:${publicPort}`,
    appUrl: read.raw('APP_URL') ?? null,
    generatorUrl: read.raw('GENERATOR_URL'),
    rateLimit: {
      max: read.int('RATE_LIMIT_MAX', 120, LIMITS.rateLimitMax),
      windowSeconds: read.int('RATE_LIMIT_WINDOW_SECONDS', 60, LIMITS.rateLimitWindowSeconds),
    },
    jobs: {
      ttlSeconds: read.int('JOB_TTL_SECONDS', 900, LIMITS.jobTtlSeconds),
      maxJobs: read.int('MAX_JOBS', 10_000, LIMITS.maxJobs),
    },
    store: redisUrl === undefined ? 'memory' : { redisUrl },
    mcp: { enabled: read.flag('MCP', true), allowedHosts, allowedOrigins: read.list('MCP_ALLOWED_ORIGINS') },
    cors: read.flag('CORS', true),
    streams: {
      maxPerClient: read.int('MAX_STREAMS_PER_CLIENT', 8, LIMITS.maxStreamsPerClient),
      maxTotal: read.int('MAX_STREAMS', 1000, LIMITS.maxStreams),
    },
    batches: {
      maxContacts: read.int('BATCH_MAX_CONTACTS', 10_000, LIMITS.batchMaxContacts),
      maxActivePerClient: read.int('BATCH_MAX_ACTIVE_PER_CLIENT', 2, LIMITS.batchMaxActivePerClient),
      maxActive: read.int('BATCH_MAX_ACTIVE', 20, LIMITS.batchMaxActive),
      bodyLimitBytes: read.int('BATCH_BODY_LIMIT_BYTES', 5_242_880, LIMITS.bodyLimitBytes),
    },
    bodyLimits: {
      vcard: read.int('VCARD_BODY_LIMIT_BYTES', 2_097_152, LIMITS.bodyLimitBytes),
      qrcode: read.int('QRCODE_BODY_LIMIT_BYTES', 524_288, LIMITS.bodyLimitBytes),
      batchVcf: read.int('BATCH_VCF_BODY_LIMIT_BYTES', 67_108_864, LIMITS.largeBodyLimitBytes),
      scan: read.int('SCAN_BODY_LIMIT_BYTES', 10_485_760, LIMITS.bodyLimitBytes),
    },
    renderPool: {
      workers: read.optionalInt('RENDER_WORKERS', LIMITS.renderWorkers),
      queueLimit: read.optionalInt('RENDER_QUEUE_LIMIT', LIMITS.renderQueueLimit),
    },
  };
  const service = resolveServiceConfig(options, ENV_NAMES, check);
  const config: AppConfig = {
    ...service,
    port,
    host: read.raw('HOST') ?? '0.0.0.0',
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 65_536, LIMITS.bodyLimitBytes),
    trustProxy: check.proxyList('TRUST_PROXY', read.list('TRUST_PROXY') ?? []),
    logLevel: check.oneOf('LOG_LEVEL', read.raw('LOG_LEVEL') ?? 'info', LOG_LEVELS) ?? 'info',
    logFormat: check.oneOf('LOG_FORMAT', read.raw('LOG_FORMAT') ?? 'auto', LOG_FORMATS) ?? 'auto',
    playground: read.flag('PLAYGROUND', true),
    requestTimeoutMs: read.int('REQUEST_TIMEOUT_MS', 15_000, LIMITS.requestTimeoutMs),
    keepAliveTimeoutMs: read.int('KEEP_ALIVE_TIMEOUT_MS', 5_000, LIMITS.keepAliveTimeoutMs),
    maxConnections: read.int('MAX_CONNECTIONS', 10_000, LIMITS.maxConnections),
    maxConnectionsPerClient: read.int('MAX_CONNECTIONS_PER_CLIENT', 64, LIMITS.maxConnectionsPerClient),
    shutdownTimeoutMs: read.int('SHUTDOWN_TIMEOUT_MS', 8_000, LIMITS.shutdownTimeoutMs),
    shutdownDelayMs: read.int('SHUTDOWN_DELAY_MS', 0, LIMITS.shutdownDelayMs),
    metricsPort: read.raw('METRICS_PORT') === undefined ? null : read.int('METRICS_PORT', 0, LIMITS.port),
    metricsHost: read.raw('METRICS_HOST') ?? '127.0.0.1',
    options,
  };
  // The scrape endpoint is for operators: never on the port clients reach.
  if (config.metricsPort !== null && config.metricsPort !== 0 && config.metricsPort === port)
    check.problems.push('METRICS_PORT must differ from PORT');
  if (check.problems.length > 0) throw new ConfigError(check.problems);
  return config;
}

/** Turns variables into typed values; the shared checks word every problem. */
class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly check: OptionChecks,
  ) {}

  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  int(name: string, fallback: number, [min, max]: readonly [number, number]): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    return this.check.wholeNumber(name, /^\d+$/.test(value) ? Number(value) : NaN, min, max) ?? fallback;
  }

  /** A whole number, or undefined when unset (the option's default then depends on other values). */
  optionalInt(name: string, [min, max]: readonly [number, number]): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    return this.check.wholeNumber(name, /^\d+$/.test(value) ? Number(value) : NaN, min, max);
  }

  flag(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    return this.check.boolean(name, value === 'true' ? true : value === 'false' ? false : value) ?? fallback;
  }

  list(name: string): string[] | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
}
