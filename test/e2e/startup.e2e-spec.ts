import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT, serviceNodeArgs } from '../utils/service-command';
import { SpawnedService } from '../utils/spawned-service';

type LogLine = SpawnedService['logLines'][number];

/** The service's log lines apart from the request log, once the one that says where it listens is in. */
async function startupLines(service: SpawnedService): Promise<LogLine[]> {
  const deadline = Date.now() + 5_000;
  const listening = (line: LogLine): boolean => (line.message as { msg?: unknown }).msg === 'listening';
  while (!service.logLines.some(listening) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return service.logLines.filter((line) => line.context !== 'http');
}

describe('start-up with a bad configuration', () => {
  it('stops with exit code 1 and a message naming each bad variable (the npm start / Dockerfile command)', () => {
    expect(existsSync(join(ROOT, 'dist', 'main.js'))).toBe(true); // built by `npm test`'s pretest
    const result = spawnSync(process.execPath, serviceNodeArgs(), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, RATE_LIMIT_MAX: 'lots', BODY_LIMIT_BYTES: '12', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('RATE_LIMIT_MAX must be a whole number');
    expect(result.stderr).toContain('BODY_LIMIT_BYTES must be a whole number');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace for an operator error
  });
});

describe('the start-up log of the built service', () => {
  it('at info: one line, with the URL it listens on and the public base URL', async () => {
    const service = await SpawnedService.start({ LOG_LEVEL: 'info' });
    try {
      const lines = await startupLines(service);
      expect(lines).toEqual([
        {
          level: 'info',
          pid: service.child.pid,
          timestamp: expect.any(Number),
          context: 'Startup',
          message: {
            msg: 'listening',
            url: `http://0.0.0.0:${service.port}`,
            publicBaseUrl: `http://localhost:${service.port}`,
          },
        },
      ]);
    } finally {
      service.kill();
    }
  });

  it("at debug: Nest's route table too, at debug level", async () => {
    const service = await SpawnedService.start({ LOG_LEVEL: 'debug' });
    try {
      const lines = await startupLines(service);
      const routes = lines.filter((line) => line.context === 'RouterExplorer');
      expect(routes.length).toBeGreaterThan(20);
      expect(routes.map((line) => line.message)).toContain('Mapped {/v1/vcard, POST} route');
      expect(new Set(routes.map((line) => line.level))).toEqual(new Set(['debug']));
      expect(lines.filter((line) => line.level === 'info').map((line) => line.context)).toEqual(['Startup']);
    } finally {
      service.kill();
    }
  });
});

describe('one production command', () => {
  it("the Dockerfile's CMD is exactly `npm start`'s command (the one the tests spawn)", () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const cmds = [...dockerfile.matchAll(/^CMD (\[.*\])\s*$/gm)].map((match) => JSON.parse(match[1]) as string[]);
    expect(cmds).toHaveLength(1);
    expect(cmds[0]).toEqual(['node', ...serviceNodeArgs()]);
    expect(serviceNodeArgs()).toContain('dist/main.js');
  });
});

describe('deployment files for a fleet', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
    services: Record<
      string,
      { ports?: string[]; expose?: string[]; command?: string[]; environment?: Record<string, string>; image?: string }
    >;
  };
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

  it('compose scales: the API publishes no host port (the proxy does), metrics stay inside the network', () => {
    const { api, proxy, redis } = compose.services;
    expect(api.ports).toBeUndefined();
    expect(proxy.ports).toEqual(['${PORT:-3000}:8080']);
    const published = Object.values(compose.services).flatMap((service) => service.ports ?? []);
    expect(published.some((port) => port.includes(api.environment!.METRICS_PORT))).toBe(false);
    expect(readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8')).toMatch(
      /set \$api http:\/\/api:3000;\s+proxy_pass \$api;/,
    );
    // BullMQ's requirement: a full Redis refuses writes instead of evicting queued work.
    expect(redis.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction']));
  });

  it('the image runs the Node LTS that engines and CI name, and its health check is the liveness probe', () => {
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } })
      .engines.node;
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((match) => Number(match[1]));
    expect(images).toEqual([24, 24]);
    expect(Number(/^>=(\d+)/.exec(engines)![1])).toBeLessThanOrEqual(24);
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toContain('node@24');
    expect(dockerfile).toMatch(/HEALTHCHECK[^\n]*\n\s+CMD .*'\/livez'/);
  });
});
