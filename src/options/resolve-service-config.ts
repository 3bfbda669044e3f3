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
 * Problems are appended to `checks` when given (the caller throws), else thrown here, in the order
 * the options are read.
 */
export function resolveServiceConfig(
  options: VCardPayloadOptions = {},
  names: Partial<Record<OptionName, string>> = {},
  checks?: OptionChecks,
): ServiceConfig {
  const check = checks ?? new OptionChecks();
  const name: NameOf = (option) => names[option] ?? option;
  if (typeof options !== 'object' || options === null)
    throw new ConfigError(['VCardPayloadModule options must be an object']);

  const links = linkUrls(check, name, options);
  const config: ServiceConfig = {
    ...links,
    rateLimit: rateLimit(check, name, options.rateLimit),
    jobs: {
      ttlSeconds: number(check, name('jobs.ttlSeconds'), options.jobs?.ttlSeconds, 900, LIMITS.jobTtlSeconds),
      maxJobs: number(check, name('jobs.maxJobs'), options.jobs?.maxJobs, 10_000, LIMITS.maxJobs),
    },
    store: store(check, name('store'), options.store),
    mcp: mcp(check, name, options.mcp, links.publicBaseUrl),
    cors: options.cors === undefined ? true : (check.boolean(name('cors'), options.cors) ?? true),
    ...capacities(check, name, options),
    renderPool: renderPool(check, name, options.renderPool),
    serviceVersion: SERVICE_VERSION,
    metricsRegistry: metricsRegistry(check, name('metrics.registry'), options.metrics?.registry),
  };
  if (!checks && check.problems.length > 0) throw new ConfigError(check.problems);
  return config;
}

/** How a problem names an option: as the host writes it, or by the variable that sets it. */
type NameOf = (option: OptionName) => string;

/** The service's own public origin, and the links its answers carry to the app and the generator. */
function linkUrls(
  check: OptionChecks,
  name: NameOf,
  options: VCardPayloadOptions,
): Pick<ServiceConfig, 'publicBaseUrl' | 'appUrl' | 'generatorUrl'> {
  const publicBaseUrl =
    options.publicBaseUrl === undefined
      ? DEFAULT_PUBLIC_BASE_URL
      : (check.httpUrl(name('publicBaseUrl'), options.publicBaseUrl) ?? DEFAULT_PUBLIC_BASE_URL);
  const appUrl = options.appUrl == null ? null : (check.httpUrl(name('appUrl'), options.appUrl) ?? null);
  const generatorUrl =
    options.generatorUrl === undefined
      ? `${publicBaseUrl}/`
      : (check.httpUrl(name('generatorUrl'), options.generatorUrl, true) ?? `${publicBaseUrl}/`);
  return { publicBaseUrl, appUrl, generatorUrl };
}

/** The module's rate limit, or null when the host does its own (`rateLimit: false`). */
function rateLimit(
  check: OptionChecks,
  name: NameOf,
  rate: VCardPayloadOptions['rateLimit'],
): ServiceConfig['rateLimit'] {
  if (rate === false) return null;
  return {
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
}

/** /mcp: whether it is served, the Host names it answers (DNS rebinding) and the browser origins. */
function mcp(
  check: OptionChecks,
  name: NameOf,
  value: VCardPayloadOptions['mcp'],
  publicBaseUrl: string,
): ServiceConfig['mcp'] {
  const hosts = value?.allowedHosts;
  return {
    enabled: value?.enabled === undefined ? true : (check.boolean(name('mcp.enabled'), value.enabled) ?? true),
    allowedHosts:
      hosts === undefined
        ? [...new Set([hostOf(publicBaseUrl), ...LOOPBACK_HOSTS])]
        : (check.hostNames(name('mcp.allowedHosts'), hosts) ?? LOOPBACK_HOSTS),
    allowedOrigins:
      value?.allowedOrigins === undefined
        ? null
        : (check.origins(name('mcp.allowedOrigins'), value.allowedOrigins) ?? []),
  };
}

/** How much one client and the whole service may ask at once: streams, batches and body sizes. */
function capacities(
  check: OptionChecks,
  name: NameOf,
  { streams, batches, bodyLimits }: VCardPayloadOptions,
): Pick<ServiceConfig, 'streams' | 'batches' | 'bodyLimits'> {
  const limit = (option: OptionName, value: unknown, fallback: number, range: readonly [number, number]) =>
    number(check, name(option), value, fallback, range);
  return {
    streams: {
      maxPerClient: limit('streams.maxPerClient', streams?.maxPerClient, 8, LIMITS.maxStreamsPerClient),
      maxTotal: limit('streams.maxTotal', streams?.maxTotal, 1000, LIMITS.maxStreams),
    },
    batches: {
      maxContacts: limit('batches.maxContacts', batches?.maxContacts, 10_000, LIMITS.batchMaxContacts),
      maxActivePerClient: limit(
        'batches.maxActivePerClient',
        batches?.maxActivePerClient,
        2,
        LIMITS.batchMaxActivePerClient,
      ),
      maxActive: limit('batches.maxActive', batches?.maxActive, 20, LIMITS.batchMaxActive),
      bodyLimitBytes: limit('batches.bodyLimitBytes', batches?.bodyLimitBytes, 5_242_880, LIMITS.bodyLimitBytes),
    },
    bodyLimits: {
      vcard: limit('bodyLimits.vcard', bodyLimits?.vcard, 2_097_152, LIMITS.bodyLimitBytes),
      qrcode: limit('bodyLimits.qrcode', bodyLimits?.qrcode, 524_288, LIMITS.bodyLimitBytes),
      batchVcf: limit('bodyLimits.batchVcf', bodyLimits?.batchVcf, 67_108_864, LIMITS.largeBodyLimitBytes),
      scan: limit('bodyLimits.scan', bodyLimits?.scan, 10_485_760, LIMITS.bodyLimitBytes),
    },
  };
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
  name: NameOf,
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
