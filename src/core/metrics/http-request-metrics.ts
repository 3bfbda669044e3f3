import type { Registry } from 'prom-client';

/** Seconds: from a small vCard (well under a millisecond) to a large batch upload. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = { method: string; route: string; status_class: string };

/** One method, route pattern and status class: its count, latency sum and latency buckets. */
class Series {
  count = 0;
  sum = 0;
  readonly buckets = new Float64Array(BUCKETS.length);
  constructor(readonly labels: Labels) {}
}

interface Sample {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/** What a prom-client registry reads from a metric it was given with registerMetric(). */
interface CollectedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: Sample[] }>;
  reset(): void;
}

/**
 * The per-request metrics: requests, latency and 429s by route pattern. Recorded in plain numbers
 * and turned into Prometheus samples only when scraped: prom-client's own labelled counter and
 * histogram hash their labels on every call, a cost every request would pay (bench/README.md).
 */
export class HttpRequestMetrics {
  private readonly series = new Map<string, Series>();
  private readonly rateLimited = new Map<string, number>();

  constructor(registry: Registry) {
    const metric = (
      name: string,
      help: string,
      type: CollectedMetric['type'],
      values: () => Sample[],
    ): CollectedMetric => ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => undefined,
    });
    const register = (collected: CollectedMetric): void =>
      registry.registerMetric(collected as unknown as Parameters<Registry['registerMetric']>[0]);
    register(
      metric(
        'vcard_http_requests_total',
        'HTTP requests answered, by method, route pattern and status class.',
        'counter',
        () => [...this.series.values()].map((s) => ({ value: s.count, labels: s.labels })),
      ),
    );
    register(
      metric(
        'vcard_http_request_duration_seconds',
        'Time from the request reaching the service to its response, by method, route pattern and status class.',
        'histogram',
        () => [...this.series.values()].flatMap((s) => histogramSamples('vcard_http_request_duration_seconds', s)),
      ),
    );
    register(
      metric(
        'vcard_http_rate_limited_total',
        'Requests refused with 429 by the rate limit or a per-client cap, by route pattern.',
        'counter',
        () => [...this.rateLimited].map(([route, value]) => ({ value, labels: { route } })),
      ),
    );
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const statusClass =
      status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : status >= 200 ? '2xx' : '1xx';
    const key = `${method} ${route} ${statusClass}`;
    let series = this.series.get(key);
    if (series === undefined) {
      series = new Series({ method, route, status_class: statusClass });
      this.series.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= BUCKETS[i]) {
        series.buckets[i] += 1;
        break;
      }
    }
    if (status === 429) this.rateLimited.set(route, (this.rateLimited.get(route) ?? 0) + 1);
  }
}

/** A histogram's _bucket (cumulative), _sum and _count samples for one series. */
function histogramSamples(name: string, series: Series): Sample[] {
  const samples: Sample[] = [];
  let cumulative = 0;
  for (let i = 0; i < BUCKETS.length; i++) {
    cumulative += series.buckets[i];
    samples.push({ value: cumulative, labels: { ...series.labels, le: BUCKETS[i] }, metricName: `${name}_bucket` });
  }
  samples.push({ value: series.count, labels: { ...series.labels, le: '+Inf' }, metricName: `${name}_bucket` });
  samples.push({ value: series.sum, labels: series.labels, metricName: `${name}_sum` });
  samples.push({ value: series.count, labels: series.labels, metricName: `${name}_count` });
  return samples;
}
