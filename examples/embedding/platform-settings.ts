import type { Registry } from 'prom-client';

/** What the example platforms are configured with (in a real platform: its own config module). */
export interface PlatformSettings {
  /** Where clients reach the platform, e.g. https://platform.example.com. */
  publicBaseUrl: string;
  /** The vCard routes' per-client budget per minute. */
  vcardRequestsPerMinute: number;
  /** The platform's own Prometheus registry, where the module's metrics go too. */
  metricsRegistry?: Registry;
}
