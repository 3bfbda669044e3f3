import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('has in-memory defaults that serve on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicBaseUrl: 'http://localhost:3000',
      generatorUrl: 'http://localhost:3000/',
      appUrl: null,
      rateLimit: { max: 120, windowSeconds: 60 },
      jobs: { ttlSeconds: 900, maxJobs: 10000 },
      bodyLimitBytes: 65536,
      trustProxy: [],
      mcp: { enabled: true, allowedHosts: ['localhost', '127.0.0.1', '[::1]'] },
      store: { kind: 'memory' },
      cors: true,
      playground: true,
      logLevel: 'info',
    });
  });

  it('derives allowed hosts and URLs from PUBLIC_BASE_URL', () => {
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://vcard.example.com/' });
    expect(config.publicBaseUrl).toBe('https://vcard.example.com');
    expect(config.generatorUrl).toBe('https://vcard.example.com/');
    expect(config.mcp.allowedHosts[0]).toBe('vcard.example.com');
  });

  it('builds the default public URL on PUBLIC_PORT when a proxy publishes another port, else on PORT', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_PORT: '8080' })).toMatchObject({ port: 3000, publicBaseUrl: 'http://localhost:8080' });
    expect(loadConfig({ PUBLIC_PORT: '8080', PUBLIC_BASE_URL: 'https://vcard.example.com' }).publicBaseUrl).toBe(
      'https://vcard.example.com',
    );
    expect(() => loadConfig({ PUBLIC_PORT: '80a' })).toThrow(/PUBLIC_PORT must be a whole number/);
  });

  it('names every invalid variable and never echoes values', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        RATE_LIMIT_MAX: '0',
        PUBLIC_BASE_URL: 'ftp://secret-host',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'loud',
        REDIS_URL: 'http://user:hunter2@cache',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'RATE_LIMIT_MAX', 'PUBLIC_BASE_URL', 'TRUST_PROXY', 'LOG_LEVEL', 'REDIS_URL']) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('secret-host');
    expect(message).not.toContain('hunter2');
  });

  it('has the limits of slow clients, streams, shutdown and batches, each overridable and checked', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 15_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 10_000,
      maxConnectionsPerClient: 64,
      shutdownTimeoutMs: 8_000,
      shutdownDelayMs: 0,
      streams: { maxPerClient: 8, maxTotal: 1000 },
      batches: { maxContacts: 10_000, maxActivePerClient: 2, maxActive: 20, bodyLimitBytes: 5_242_880 },
      bodyLimits: { vcard: 2_097_152, qrcode: 524_288, batchVcf: 67_108_864, scan: 10_485_760 },
    });
    expect(
      loadConfig({ MAX_STREAMS: '3', BATCH_MAX_CONTACTS: '50', SHUTDOWN_TIMEOUT_MS: '0', SHUTDOWN_DELAY_MS: '15000' }),
    ).toMatchObject({
      streams: { maxTotal: 3 },
      batches: { maxContacts: 50 },
      shutdownTimeoutMs: 0,
      shutdownDelayMs: 15_000,
    });
    const names = [
      'REQUEST_TIMEOUT_MS',
      'KEEP_ALIVE_TIMEOUT_MS',
      'MAX_CONNECTIONS',
      'MAX_CONNECTIONS_PER_CLIENT',
      'SHUTDOWN_TIMEOUT_MS',
      'SHUTDOWN_DELAY_MS',
      'BATCH_BODY_LIMIT_BYTES',
      'MAX_STREAMS_PER_CLIENT',
      'MAX_STREAMS',
      'BATCH_MAX_CONTACTS',
      'BATCH_MAX_ACTIVE_PER_CLIENT',
      'BATCH_MAX_ACTIVE',
    ];
    let error: unknown;
    try {
      loadConfig(Object.fromEntries(names.map((name) => [name, '-1'])));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of names) expect((error as Error).message).toContain(name);
  });

  it('serves metrics only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise, never on PORT', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: null, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
    });
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a whole number/);
  });

  it.each(['*', '0.0.0.0/0', '10.0.0.0/33', 'proxy.internal'])('rejects TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('accepts addresses and CIDR ranges in TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });
});
