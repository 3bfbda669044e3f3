import { Inject, Injectable, Logger } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';

type HttpLabels = 'method' | 'route' | 'status_class';

/** Seconds: from a cached vCard (well under a millisecond) to a large batch upload. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The module's Prometheus metrics (prom-client), in the registry of the `metrics.registry` option
 * or one of its own. Labels hold route patterns, methods, status classes and outcomes: never a raw
 * URL, an id or a contact value. The standalone service serves the registry on METRICS_PORT; a
 * host that passes its own registry scrapes them with the rest of its metrics.
 */
@Injectable()
export class ServiceMetrics {
  private readonly logger = new Logger('Metrics');
  readonly registry: Registry;
  private readonly requests: Counter<HttpLabels>;
  private readonly durations: Histogram<HttpLabels>;
  private readonly rateLimited: Counter<'route'>;
  /** Jobs finish within the request that creates them: counted by outcome. */
  readonly jobs: Counter<'status'>;
  readonly batchesCreated: Counter;
  readonly batchesFinished: Counter<'status'>;
  readonly batchContacts: Counter<'outcome'>;
  /** Labelled children by "method route status_class": a label look-up per request costs more than the increment. */
  private readonly children = new Map<string, { requests: Counter.Internal; durations: Histogram.Internal<HttpLabels> }>();

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.registry = config.metricsRegistry ?? new Registry();
    const registers = [this.registry];
    this.requests = new Counter({ name: 'vcard_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status class.', labelNames: ['method', 'route', 'status_class'], registers });
    this.durations = new Histogram({
      name: 'vcard_http_request_duration_seconds',
      help: 'Time from the request reaching the service to its response, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.rateLimited = new Counter({ name: 'vcard_http_rate_limited_total', help: 'Requests refused with 429 by the rate limit or a per-client cap, by route pattern.', labelNames: ['route'], registers });
    this.jobs = new Counter({ name: 'vcard_jobs_total', help: 'Jobs created, by final status.', labelNames: ['status'], registers });
    this.batchesCreated = new Counter({ name: 'vcard_batches_created_total', help: 'Batches created (replays of an Idempotency-Key not counted).', registers });
    this.batchesFinished = new Counter({ name: 'vcard_batches_finished_total', help: 'Batches finished on this instance, by status.', labelNames: ['status'], registers });
    this.batchContacts = new Counter({ name: 'vcard_batch_contacts_processed_total', help: 'Batch contacts processed on this instance, by outcome.', labelNames: ['outcome'], registers });
  }

  /** One answered request: `route` is the matched pattern (`/v1/jobs/:jobId`) or `(unmatched)`. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method} ${route} ${statusClass}`;
    let child = this.children.get(key);
    if (child === undefined) {
      child = { requests: this.requests.labels(method, route, statusClass), durations: this.durations.labels(method, route, statusClass) };
      this.children.set(key, child);
    }
    child.requests.inc();
    child.durations.observe(seconds);
    if (status === 429) this.rateLimited.labels(route).inc();
  }

  /**
   * A gauge read at scrape time. A reading that fails (Redis down) keeps the last value, so a
   * scrape never fails because the store does.
   */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    const logger = this.logger;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        try {
          this.set(await read());
        } catch {
          logger.debug({ msg: 'a gauge could not be read for this scrape', gauge: name });
        }
      },
    });
  }
}
