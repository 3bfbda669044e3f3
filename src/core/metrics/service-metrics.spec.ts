import { describe, expect, it } from '@jest/globals';
import { Registry } from 'prom-client';
import type { ServiceConfig } from '../../options/service-config';
import { ServiceMetrics } from './service-metrics';

const metricsWith = (registry: Registry): ServiceMetrics =>
  new ServiceMetrics({ metricsRegistry: registry } as ServiceConfig);
const gaugeValue = (text: string, name: string): string | undefined =>
  new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];

describe('ServiceMetrics', () => {
  it('a gauge whose reading fails or hangs keeps its last value, and the scrape still answers', async () => {
    const registry = new Registry();
    const metrics = metricsWith(registry);
    let reading: () => Promise<number> = async () => 7;
    metrics.gauge('test_depth', 'a store reading', () => reading());
    expect(gaugeValue(await registry.metrics(), 'test_depth')).toBe('7');
    reading = async () => {
      throw new Error('Redis is down');
    };
    expect(gaugeValue(await registry.metrics(), 'test_depth')).toBe('7');
    reading = () => new Promise<number>(() => undefined);
    expect(gaugeValue(await registry.metrics(), 'test_depth')).toBe('7');
  });

  it('counts requests by method, route pattern and status class, with cumulative latency buckets and 429s by route', async () => {
    const registry = new Registry();
    const metrics = metricsWith(registry);
    metrics.observeHttp('POST', '/v1/vcard', 200, 0.0004);
    metrics.observeHttp('POST', '/v1/vcard', 201, 0.003);
    metrics.observeHttp('GET', '/v1/templates', 429, 0.0001);
    const text = await registry.metrics();
    expect(text).toContain('vcard_http_requests_total{method="POST",route="/v1/vcard",status_class="2xx"} 2');
    expect(text).toContain('vcard_http_requests_total{method="GET",route="/v1/templates",status_class="4xx"} 1');
    expect(text).toContain(
      'vcard_http_request_duration_seconds_bucket{method="POST",route="/v1/vcard",status_class="2xx",le="0.0005"} 1',
    );
    expect(text).toContain(
      'vcard_http_request_duration_seconds_bucket{method="POST",route="/v1/vcard",status_class="2xx",le="0.0025"} 1',
    );
    expect(text).toContain(
      'vcard_http_request_duration_seconds_bucket{method="POST",route="/v1/vcard",status_class="2xx",le="0.005"} 2',
    );
    expect(text).toContain(
      'vcard_http_request_duration_seconds_bucket{method="POST",route="/v1/vcard",status_class="2xx",le="+Inf"} 2',
    );
    expect(text).toContain(
      'vcard_http_request_duration_seconds_count{method="POST",route="/v1/vcard",status_class="2xx"} 2',
    );
    expect(text).toContain('vcard_http_rate_limited_total{route="/v1/templates"} 1');
    expect(text).toMatch(/# TYPE vcard_http_request_duration_seconds histogram/);
    // Known series start at zero.
    expect(text).toContain('vcard_jobs_total{status="failed"} 0');
  });
});
