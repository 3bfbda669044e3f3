/** The validated, typed configuration. Built once by `loadConfig()`; never read `process.env` elsewhere. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute origin clients use to reach the service, without a trailing slash. */
  publicBaseUrl: string;
  appUrl: string | null;
  generatorUrl: string;
  rateLimit: { max: number; windowSeconds: number };
  jobs: { ttlSeconds: number; maxJobs: number };
  bodyLimitBytes: number;
  /** Addresses or CIDR ranges whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[];
  /** Host names (any port) accepted in the Host header of /mcp. */
  allowedHosts: string[];
  /** redis:// or rediss:// URL of a shared store; null: in-memory store (one instance only). */
  redisUrl: string | null;
  logLevel: LogLevelName;
  serviceVersion: string;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** DI token of the AppConfig object. */
export const APP_CONFIG = Symbol('APP_CONFIG');
