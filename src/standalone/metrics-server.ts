import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ServiceMetrics } from '../core/metrics/service-metrics';

/**
 * The Prometheus scrape endpoint, `GET /metrics` on a listener of its own (METRICS_PORT on
 * METRICS_HOST, loopback by default), never on the public port and never rate-limited. Off unless
 * METRICS_PORT is set. Adds Node's default process metrics (event-loop lag, heap, GC, CPU) to the
 * module's registry.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: ServiceMetrics,
  ) {}

  /** The port it listens on (METRICS_PORT=0 picks a free one), or null when off. */
  get port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { metricsPort, metricsHost } = this.config;
    if (metricsPort === null) return;
    const { registry } = this.metrics;
    collectDefaultMetrics({ register: registry });
    this.server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.error({
            msg: 'metrics could not be collected',
            errorType: error instanceof Error ? error.name : typeof error,
          });
          response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected.\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(metricsPort, metricsHost, () => resolve());
    });
    this.logger.log({ msg: 'metrics listening', host: metricsHost, port: this.port });
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
