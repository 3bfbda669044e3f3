import type { LogFormatName, LogLevelName } from '../core/logging/app-logger';
import type { ServiceConfig } from '../options/service-config';
import type { VCardPayloadOptions } from '../options/vcard-payload-options';

/**
 * The standalone service's validated configuration: what the module gets (`options`, resolved in
 * the ServiceConfig fields) plus what only a whole application owns (listener, body limit, proxies,
 * logs). Built once by `loadConfig()`; never read `process.env` elsewhere.
 */
export interface AppConfig extends ServiceConfig {
  port: number;
  host: string;
  bodyLimitBytes: number;
  /** Addresses or CIDR ranges whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[];
  logLevel: LogLevelName;
  /** JSON lines, human lines, or `auto`: human on a terminal, JSON otherwise. */
  logFormat: LogFormatName;
  /** Whether GET / serves the playground page. */
  playground: boolean;
  /** Longest time a client may take to send a whole request, headers and body (408 after it). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (closed silently after it). */
  keepAliveTimeoutMs: number;
  /** Open connections the server accepts in all; more are refused at once. */
  maxConnections: number;
  /** Open connections one client address may hold (TRUST_PROXY addresses are exempt). */
  maxConnectionsPerClient: number;
  /** After SIGTERM: how long in-flight requests may take before every connection is closed and the process exits. */
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, before the shutdown above: how long /readyz answers 503 while everything is still served as usual.
   */
  shutdownDelayMs: number;
  /** Port of the Prometheus listener (GET /metrics); null: no listener. */
  metricsPort: number | null;
  /** Address the metrics listener binds to (loopback unless set). */
  metricsHost: string;
  /** The options the standalone app passes to VCardPayloadModule.forRoot(). */
  options: VCardPayloadOptions;
}

/** DI token of the standalone service's AppConfig (the standalone module provides it). */
export const APP_CONFIG = Symbol('APP_CONFIG');
