import { Inject, Injectable, Logger } from '@nestjs/common';
import { Counter, Gauge, Registry } from 'prom-client';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { HttpRequestMetrics } from './http-request-metrics';

/** Longest wait for a gauge read from the store at scrape time. */
const GAUGE_READ_TIMEOUT_MS = 1000;

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
  private readonly http: HttpRequestMetrics;
  /** Jobs finish within the request that creates them: counted by outcome. */
  readonly jobs: Counter<'status'>;
  readonly batchesCreated: Counter;
  readonly batchesFinished: Counter<'status'>;
  readonly batchContacts: Counter<'outcome'>;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.registry = config.metricsRegistry ?? new Registry();
    const registers = [this.registry];
    this.http = new HttpRequestMetrics(this.registry);
    this.jobs = new Counter({
      name: 'vcard_jobs_total',
      help: 'Jobs created, by final status.',
      labelNames: ['status'],
      registers,
    });
    this.batchesCreated = new Counter({
      name: 'vcard_batches_created_total',
      help: 'Batches created (replays of an Idempotency-Key not counted).',
      registers,
    });
    this.batchesFinished = new Counter({
      name: 'vcard_batches_finished_total',
      help: 'Batches finished on this instance, by status.',
      labelNames: ['status'],
      registers,
    });
    this.batchContacts = new Counter({
      name: 'vcard_batch_contacts_processed_total',
      help: 'Batch contacts processed on this instance, by outcome.',
      labelNames: ['outcome'],
      registers,
    });
    // Every known series from zero, so that rates and alerts see them before the first event.
    for (const status of ['succeeded', 'failed']) {
      this.jobs.labels(status).inc(0);
      this.batchesFinished.labels(status).inc(0);
      this.batchContacts.labels(status).inc(0);
    }
  }

  /** One answered request: `route` is the matched pattern (`/v1/jobs/:jobId`) or `(unmatched)`. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.http.observe(method, route, status, seconds);
  }

  /**
   * A gauge read at scrape time. A reading that fails or takes more than a second (Redis down or
   * hanging: BullMQ's own connection waits for it) keeps the last value, so a scrape never fails
   * or hangs because the store does.
   */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    const logger = this.logger;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('gauge reading timed out')), GAUGE_READ_TIMEOUT_MS).unref();
        });
        try {
          this.set(await Promise.race([read(), late]));
        } catch {
          logger.debug({ msg: 'a gauge could not be read for this scrape', gauge: name });
        } finally {
          clearTimeout(timer);
        }
      },
    });
  }
}
