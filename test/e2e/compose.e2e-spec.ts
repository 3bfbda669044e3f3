import { expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load-config';
import { ROOT } from '../utils/service-command';
import { describeWithProgram } from '../utils/system-program';

type ComposeConfig = {
  services: {
    api: { environment: Record<string, string | null> };
    proxy: { ports: Array<{ published: number | string; target: number }> };
  };
};

/** docker-compose.yml as `docker-compose config` resolves it with only these variables set. */
function composeConfig(variables: Record<string, string>): { text: string; config: ComposeConfig } {
  const run = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...variables },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.status !== 0) throw new Error(`docker-compose config failed: ${run.stderr}`);
  return { text: run.stdout, config: parse(run.stdout) as ComposeConfig };
}

/** What the API replica's own configuration makes of the environment compose gives it. */
function apiSettings(config: ComposeConfig): { port: number; publicBaseUrl: string } {
  const environment = Object.fromEntries(
    Object.entries(config.services.api.environment).map(([name, value]) => [name, value ?? undefined]),
  );
  // The image's own ENV (Dockerfile) sets PORT=3000 under compose's environment.
  const { port, publicBaseUrl } = loadConfig({ PORT: '3000', ...environment });
  return { port, publicBaseUrl };
}

describeWithProgram('docker-compose', 'apt-get install -y docker-compose', ['version'])(
  'docker-compose.yml: links point at the port clients reach',
  () => {
    it.each<[string, Record<string, string>, number, string]>([
      ['by default', {}, 3000, 'http://localhost:3000'],
      ['with PORT=8080', { PORT: '8080' }, 8080, 'http://localhost:8080'],
      [
        'with an explicit PUBLIC_BASE_URL',
        { PORT: '8080', PUBLIC_BASE_URL: 'https://cards.example.com' },
        8080,
        'https://cards.example.com',
      ],
    ])('%s', (_case, variables, published, publicBaseUrl) => {
      const { text, config } = composeConfig(variables);
      // docker-compose 1.29 leaves what it cannot expand (a nested default) in the value.
      expect(text).not.toContain('${');
      expect(config.services.proxy.ports).toEqual([{ published, target: 8080 }]);
      expect(apiSettings(config)).toEqual({ port: 3000, publicBaseUrl });
    });
  },
);
