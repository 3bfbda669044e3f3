import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Registry } from 'prom-client';
import type Redis from 'ioredis';

/** The store the module runs on, resolved from `VCardPayloadOptions.store`. */
export type StoreConfig =
  { kind: 'memory' } | { kind: 'redis-url'; url: string } | { kind: 'redis-client'; client: Redis };

/**
 * The module's validated, complete configuration: `VCardPayloadOptions` with every default filled
 * in. Built once by `resolveServiceConfig()`; inject it with `@Inject(SERVICE_CONFIG)`.
 */
export interface ServiceConfig {
  /** Absolute origin clients use to reach the host app, without a trailing slash. */
  publicBaseUrl: string;
  appUrl: string | null;
  generatorUrl: string;
  /** null: the host does its own limiting. `storage`: the host's counter store, when it passes one. */
  rateLimit: { max: number; windowSeconds: number; storage?: ThrottlerStorage } | null;
  jobs: { ttlSeconds: number; maxJobs: number };
  store: StoreConfig;
  /** `allowedOrigins`: the browser origins /mcp answers, or null for any. */
  mcp: { enabled: boolean; allowedHosts: string[]; allowedOrigins: string[] | null };
  cors: boolean;
  /** Concurrent event streams (GET v1/stream): per client address, and in all. */
  streams: { maxPerClient: number; maxTotal: number };
  /** Batches: contacts per batch, unfinished batches per client address and in all, the body limit. */
  batches: { maxContacts: number; maxActivePerClient: number; maxActive: number; bodyLimitBytes: number };
  /**
   * The body limits of the routes that take more than a contact: one vCard file (`vcard`: POST
   * v1/vcard and v1/jobs/vcard with text/vcard), a styled code with its logo (`qrcode`), a batch's
   * address-book export (`batchVcf`), an image to scan for codes (`scan`: POST v1/scans).
   */
  bodyLimits: { vcard: number; qrcode: number; batchVcf: number; scan: number };
  /** The styled-code render pool: worker threads, and codes that may wait for one. */
  renderPool: { workers: number; queueLimit: number };
  serviceVersion: string;
  /** The host's prom-client registry for the module's metrics; null: the module's own. */
  metricsRegistry: Registry | null;
}

/** DI token of the module's ServiceConfig. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
