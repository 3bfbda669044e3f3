import { availableParallelism } from 'node:os';
import type { Registry } from 'prom-client';
import { SERVICE_VERSION } from './service-info';
import { ConfigError, LIMITS, OptionChecks } from './option-checks';
import type { ServiceConfig, StoreConfig } from './service-config';
import type { VCardPayloadOptions } from './vcard-payload-options';

export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:3000';
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Validates module options and fills in the defaults. Options are named as a host writes them
 * (`rateLimit.max`); `names` lets the standalone service name its environment variables instead.
 * Problems are appended to `checks` when given (the caller throws), else thrown here.
 */
export function resolveServiceConfig(
  options: VCardPayloadOptions = {},
  names: Partial<Record<OptionName, string>> = {},
  checks?: OptionChecks,
): ServiceConfig {
  const check = checks ?? new OptionChecks();
  const name = (option: OptionName): string => names[option] ?? option;
  if (typeof options !== 'object' || options === null)
    throw new ConfigError(['VCardPayloadModule options must be an object']);

  const publicBaseUrl =
    options.publicBaseUrl === undefined
      ? DEFAULT_PUBLIC_BASE_URL
      : (check.httpUrl(name('publicBaseUrl'), options.publicBaseUrl) ?? DEFAULT_PUBLIC_BASE_URL);
  const appUrl = options.appUrl == null ? null : (check.httpUrl(name('appUrl'), options.appUrl) ?? null);
  const generatorUrl =
    options.generatorUrl === undefined
      ? `${publicBaseUrl}/`
      : (check.httpUrl(name('generatorUrl'), options.generatorUrl, true) ?? `${publicBaseUrl}/`);

  const rate = options.rateLimit;
  const rateLimit =
    rate === false
      ? null
      : {
          max: number(check, name('rateLimit.max'), rate?.max, 120, LIMITS.rateLimitMax),
          windowSeconds: number(
            check,
            name('rateLimit.windowSeconds'),
            rate?.windowSeconds,
            60,
            LIMITS.rateLimitWindowSeconds,
          ),
          ...(rate?.storage !== undefined && { storage: check.throttlerStorage('rateLimit.storage', rate.storage) }),
        };
  const jobs = {
    ttlSeconds: number(check, name('jobs.ttlSeconds'), options.jobs?.ttlSeconds, 900, LIMITS.jobTtlSeconds),
    maxJobs: number(check, name('jobs.maxJobs'), options.jobs?.maxJobs, 10_000, LIMITS.maxJobs),
  };
  const mcpHosts = options.mcp?.allowedHosts;
  const config: ServiceConfig = {
    publicBaseUrl,
    appUrl,
    generatorUrl,
    rateLimit,
    jobs,
    store: store(check, name('store'), options.store),
    mcp: {
      enabled:
        options.mcp?.enabled === undefined ? true : (check.boolean(name('mcp.enabled'), options.mcp.enabled) ?? true),
      allowedHosts:
        mcpHosts === undefined
          ? [...new Set([hostOf(publicBaseUrl), ...LOOPBACK_HOSTS])]
          : (check.hostNames(name('mcp.allowedHosts'), mcpHosts) ?? LOOPBACK_HOSTS),
      allowedOrigins:
        options.mcp?.allowedOrigins === undefined
          ? null
          : (check.origins(name('mcp.allowedOrigins'), options.mcp.allowedOrigins) ?? []),
    },
    cors: options.cors === undefined ? true : (check.boolean(name('cors'), options.cors) ?? true),
    streams: {
      maxPerClient: number(
        check,
        name('streams.maxPerClient'),
        options.streams?.maxPerClient,
        8,
        LIMITS.maxStreamsPerClient,
      ),
      maxTotal: number(check, name('streams.maxTotal'), options.streams?.maxTotal, 1000, LIMITS.maxStreams),
    },
    batches: {
      maxContacts: number(
        check,
        name('batches.maxContacts'),
        options.batches?.maxContacts,
        10_000,
        LIMITS.batchMaxContacts,
      ),
      maxActivePerClient: number(
        check,
        name('batches.maxActivePerClient'),
        options.batches?.maxActivePerClient,
        2,
        LIMITS.batchMaxActivePerClient,
      ),
      maxActive: number(check, name('batches.maxActive'), options.batches?.maxActive, 20, LIMITS.batchMaxActive),
      bodyLimitBytes: number(
        check,
        name('batches.bodyLimitBytes'),
        options.batches?.bodyLimitBytes,
        5_242_880,
        LIMITS.bodyLimitBytes,
      ),
    },
    bodyLimits: {
      vcard: number(check, name('bodyLimits.vcard'), options.bodyLimits?.vcard, 2_097_152, LIMITS.bodyLimitBytes),
      qrcode: number(check, name('bodyLimits.qrcode'), options.bodyLimits?.qrcode, 524_288, LIMITS.bodyLimitBytes),
      batchVcf: number(
        check,
        name('bodyLimits.batchVcf'),
        options.bodyLimits?.batchVcf,
        67_108_864,
        LIMITS.largeBodyLimitBytes,
      ),
      scan: number(check, name('bodyLimits.scan'), options.bodyLimits?.scan, 10_485_760, LIMITS.bodyLimitBytes),
    },
    renderPool: renderPool(check, name, options.renderPool),
    serviceVersion: SERVICE_VERSION,
    metricsRegistry: metricsRegistry(check, name('metrics.registry'), options.metrics?.registry),
  };
  if (!checks && check.problems.length > 0) throw new ConfigError(check.problems);
  return config;
}

export type OptionName =
  | 'publicBaseUrl'
  | 'appUrl'
  | 'generatorUrl'
  | 'rateLimit.max'
  | 'rateLimit.windowSeconds'
  | 'jobs.ttlSeconds'
  | 'jobs.maxJobs'
  | 'store'
  | 'mcp.enabled'
  | 'mcp.allowedHosts'
  | 'mcp.allowedOrigins'
  | 'cors'
  | 'streams.maxPerClient'
  | 'streams.maxTotal'
  | 'batches.maxContacts'
  | 'batches.maxActivePerClient'
  | 'batches.maxActive'
  | 'batches.bodyLimitBytes'
  | 'bodyLimits.vcard'
  | 'bodyLimits.qrcode'
  | 'bodyLimits.batchVcf'
  | 'bodyLimits.scan'
  | 'renderPool.workers'
  | 'renderPool.queueLimit'
  | 'metrics.registry';

function number(
  check: OptionChecks,
  name: string,
  value: unknown,
  fallback: number,
  [min, max]: readonly [number, number],
): number {
  if (value === undefined) return fallback;
  return check.wholeNumber(name, typeof value === 'number' ? value : NaN, min, max) ?? fallback;
}

/** One worker beside the main thread on a two-core machine; four codes waiting per worker. */
function renderPool(
  check: OptionChecks,
  name: (option: OptionName) => string,
  value: VCardPayloadOptions['renderPool'],
): ServiceConfig['renderPool'] {
  const workers = number(
    check,
    name('renderPool.workers'),
    value?.workers,
    Math.max(1, availableParallelism() - 1),
    LIMITS.renderWorkers,
  );
  return {
    workers,
    queueLimit: number(check, name('renderPool.queueLimit'), value?.queueLimit, 4 * workers, LIMITS.renderQueueLimit),
  };
}

function store(check: OptionChecks, name: string, value: VCardPayloadOptions['store']): StoreConfig {
  if (value === undefined || value === 'memory') return { kind: 'memory' };
  if (typeof value === 'object' && value !== null && 'redisUrl' in value) {
    const url = check.redisUrl(name === 'store' ? 'store.redisUrl' : name, value.redisUrl);
    return url === undefined ? { kind: 'memory' } : { kind: 'redis-url', url };
  }
  if (
    typeof value === 'object' &&
    value !== null &&
    'redisClient' in value &&
    typeof value.redisClient?.get === 'function'
  ) {
    return { kind: 'redis-client', client: value.redisClient };
  }
  check.problems.push(`${name} must be 'memory', { redisUrl } or { redisClient }`);
  return { kind: 'memory' };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return 'localhost';
  }
}

/** A prom-client Registry (anything with its registerMetric and metrics methods), or none. */
function metricsRegistry(check: OptionChecks, option: string, value: unknown): Registry | null {
  if (value === undefined) return null;
  const candidate = value as Partial<Registry> | null;
  if (typeof candidate?.registerMetric === 'function' && typeof candidate.metrics === 'function')
    return value as Registry;
  check.problems.push(`${option} must be a prom-client Registry`);
  return null;
}
