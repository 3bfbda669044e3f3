import { isIP } from 'node:net';
import { AppConfig, LOG_LEVELS, LogLevelName } from './app-config';
import { SERVICE_VERSION } from './service-info';

/** Thrown at start-up when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Reads and validates the environment once. Values are never echoed back in errors, because some
 * (a URL with credentials, say) may be secret.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const publicBaseUrl = read.url('PUBLIC_BASE_URL', 'http://localhost:3000');
  const publicHost = hostOf(publicBaseUrl);
  const config: AppConfig = {
    port: read.int('PORT', 3000, 0, 65535),
    host: read.string('HOST', '0.0.0.0'),
    publicBaseUrl,
    appUrl: read.optionalUrl('APP_URL'),
    generatorUrl: read.url('GENERATOR_URL', `${publicBaseUrl}/`),
    rateLimit: {
      max: read.int('RATE_LIMIT_MAX', 120, 1, 10_000_000),
      windowSeconds: read.int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    },
    jobs: {
      ttlSeconds: read.int('JOB_TTL_SECONDS', 900, 1, 86_400),
      maxJobs: read.int('MAX_JOBS', 10_000, 1, 10_000_000),
    },
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 65_536, 1_024, 10_485_760),
    trustProxy: read.trustProxy('TRUST_PROXY'),
    allowedHosts: [
      ...new Set(read.list('ALLOWED_HOSTS', [publicHost, 'localhost', '127.0.0.1', '[::1]']).map((h) => h.toLowerCase())),
    ],
    redisUrl: read.redisUrl('REDIS_URL'),
    logLevel: read.oneOf('LOG_LEVEL', 'info', LOG_LEVELS) as LogLevelName,
    serviceVersion: SERVICE_VERSION,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return 'localhost';
  }
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return Number(value);
  }

  url(name: string, fallback: string): string {
    return this.optionalUrl(name) ?? fallback;
  }

  optionalUrl(name: string): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      this.problems.push(`${name} must be an absolute http(s) URL`);
      return null;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      this.problems.push(`${name} must be an absolute http(s) URL`);
      return null;
    }
    // A trailing slash is kept only where it is meaningful (GENERATOR_URL is a page address).
    return name === 'GENERATOR_URL' ? value : value.replace(/\/+$/, '');
  }

  list(name: string, fallback: string[]): string[] {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  oneOf(name: string, fallback: string, allowed: readonly string[]): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!allowed.includes(value)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')}`);
      return fallback;
    }
    return value;
  }

  redisUrl(name: string): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    let valid = false;
    try {
      const url = new URL(value);
      valid = (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
    } catch {
      valid = false;
    }
    if (!valid) this.problems.push(`${name} must be a redis:// or rediss:// URL`);
    return valid ? value : null;
  }

  /** Only explicit addresses or CIDR ranges: trusting every proxy would let clients spoof their IP. */
  trustProxy(name: string): string[] {
    const entries = this.list(name, []);
    for (const entry of entries) {
      const [address, bits, extra] = entry.split('/');
      const family = isIP(address);
      const prefix = bits === undefined ? null : Number(bits);
      const validPrefix =
        prefix === null || (/^\d+$/.test(bits) && prefix >= 1 && prefix <= (family === 6 ? 128 : 32));
      if (family === 0 || extra !== undefined || !validPrefix) {
        this.problems.push(
          `${name} must be a comma-separated list of IP addresses or CIDR ranges (not "true", "*" or a /0 range)`,
        );
        break;
      }
    }
    return entries;
  }
}
