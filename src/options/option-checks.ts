import type { ThrottlerStorage } from '@nestjs/throttler';
import { isIP } from 'node:net';

/**
 * The rules every setting obeys, whether it comes from an environment variable (loadConfig) or a
 * module option (resolveServiceConfig): one rule, one message, with the setting's name. A value is
 * never echoed, because some (a URL with credentials) may be secret.
 */
export class OptionChecks {
  readonly problems: string[] = [];

  wholeNumber(name: string, value: number, min: number, max: number): number | undefined {
    if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
    this.problems.push(`${name} must be a whole number from ${min} to ${max}`);
    return undefined;
  }

  /** An absolute http(s) URL; trailing slashes dropped unless `keepSlash`. */
  httpUrl(name: string, value: unknown, keepSlash = false): string | undefined {
    let parsed: URL | null;
    try {
      parsed = typeof value === 'string' ? new URL(value.trim()) : null;
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      this.problems.push(`${name} must be an absolute http(s) URL`);
      return undefined;
    }
    const text = (value as string).trim();
    return keepSlash ? text : text.replace(/\/+$/, '');
  }

  /** A @nestjs/throttler ThrottlerStorage: an object with an `increment` method. */
  throttlerStorage(name: string, value: unknown): ThrottlerStorage | undefined {
    if (typeof (value as Partial<ThrottlerStorage> | null)?.increment === 'function') return value as ThrottlerStorage;
    this.problems.push(`${name} must be a ThrottlerStorage (an object with an increment method)`);
    return undefined;
  }

  redisUrl(name: string, value: unknown): string | undefined {
    let valid: boolean;
    try {
      const url = new URL(String(value));
      valid =
        typeof value === 'string' && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
    } catch {
      valid = false;
    }
    if (valid) return value as string;
    this.problems.push(`${name} must be a redis:// or rediss:// URL`);
    return undefined;
  }

  hostNames(name: string, value: unknown): string[] | undefined {
    if (Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() !== '')) {
      return [...new Set(value.map((item: string) => item.trim().toLowerCase()))];
    }
    this.problems.push(`${name} must be a list of host names`);
    return undefined;
  }

  /** Web origins as browsers send them (`https://app.example.com`, a port when not the scheme's), lower-cased. */
  origins(name: string, value: unknown): string[] | undefined {
    const origin = (item: unknown): string | undefined => {
      if (typeof item !== 'string') return undefined;
      try {
        const url = new URL(item.trim());
        const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
        return /^https?:$/.test(url.protocol) && bare ? url.origin : undefined;
      } catch {
        return undefined;
      }
    };
    const origins = Array.isArray(value) ? value.map(origin) : [undefined];
    if (origins.every((item) => item !== undefined)) return [...new Set(origins as string[])];
    this.problems.push(`${name} must be a list of web origins such as https://app.example.com (scheme, host, port)`);
    return undefined;
  }

  boolean(name: string, value: unknown): boolean | undefined {
    if (typeof value === 'boolean') return value;
    this.problems.push(`${name} must be true or false`);
    return undefined;
  }

  oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T | undefined {
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')}`);
    return undefined;
  }

  /** Only explicit addresses or CIDR ranges: trusting every proxy would let clients spoof their IP. */
  proxyList(name: string, entries: string[]): string[] {
    for (const entry of entries) {
      const [address, bits, extra] = entry.split('/');
      const family = isIP(address);
      const prefix = bits === undefined ? null : Number(bits);
      const validPrefix = prefix === null || (/^\d+$/.test(bits) && prefix >= 1 && prefix <= (family === 6 ? 128 : 32));
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

/** Thrown at start-up when the configuration is invalid; the message names every bad setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Ranges shared by the environment variables and the module options. */
export const LIMITS = {
  port: [0, 65535],
  rateLimitMax: [1, 10_000_000],
  rateLimitWindowSeconds: [1, 86_400],
  jobTtlSeconds: [1, 86_400],
  maxJobs: [1, 10_000_000],
  bodyLimitBytes: [1_024, 10_485_760],
  largeBodyLimitBytes: [1_024, 1_073_741_824],
  requestTimeoutMs: [1_000, 600_000],
  keepAliveTimeoutMs: [1_000, 600_000],
  maxConnections: [1, 1_000_000],
  maxConnectionsPerClient: [1, 1_000_000],
  shutdownTimeoutMs: [0, 600_000],
  shutdownDelayMs: [0, 600_000],
  maxStreamsPerClient: [1, 100_000],
  maxStreams: [1, 1_000_000],
  batchMaxContacts: [1, 100_000],
  batchMaxActivePerClient: [1, 10_000],
  batchMaxActive: [1, 100_000],
  renderWorkers: [1, 256],
  renderQueueLimit: [0, 10_000],
} as const satisfies Record<string, readonly [number, number]>;
