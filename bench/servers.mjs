// The servers the bench compares, each started pinned to one core by server-process.mjs: the
// service as `npm start` runs it, the bare-Fastify yardstick (plain, with the service's features,
// or made slower by a busy-wait) and the Nest floor.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..');

/** The Node flags of `npm start` (`node <flags> dist/main.js`) in the checkout at `root`. */
export function productionFlagsOf(root) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    .scripts.start.trim()
    .split(/\s+/)
    .slice(1)
    .filter((arg) => arg.startsWith('-'));
}

/** This checkout's `npm start` flags, the Dockerfile's command too. */
export const PRODUCTION_NODE_FLAGS = productionFlagsOf(ROOT);

export const SERVICE_ENV = {
  NODE_ENV: 'production',
  // The limiter stays on; 10,000,000 per 60 s (the configuration's maximum) never trips here.
  RATE_LIMIT_MAX: '10000000',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  LOG_LEVEL: 'info',
  // The in-memory store, as in a single-instance deployment, whatever the caller's shell holds.
  REDIS_URL: '',
  NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? '',
};

/**
 * The service of the build in `dist`, as `npm start` runs it: with this checkout's flags, the
 * `flags` given (an earlier build's own), or none with `productionFlags: false`.
 */
export function startService({
  dist,
  cpu,
  name = 'service',
  env = {},
  nodeArgs = [],
  productionFlags = true,
  flags = PRODUCTION_NODE_FLAGS,
}) {
  return startServer({
    name,
    script: join(dist, 'main.js'),
    cpu,
    env: { ...SERVICE_ENV, ...env },
    nodeArgs: [...(productionFlags ? flags : []), ...nodeArgs],
  });
}

/** The yardstick on the build in `dist`: with the service's features, or `busyUs` µs slower a request. */
export function startYardstick({ dist, cpu, features = false, busyUs = 0, name, nodeArgs = [] }) {
  return startServer({
    name: name ?? (features ? 'yardstick+features' : busyUs > 0 ? `yardstick+${busyUs}µs` : 'yardstick'),
    script: join(here, 'yardstick.mjs'),
    cpu,
    nodeArgs,
    env: {
      BENCH_DIST: dist,
      YARDSTICK_FEATURES: features ? '1' : '',
      YARDSTICK_BUSY_US: String(busyUs),
      RATE_LIMIT_MAX: SERVICE_ENV.RATE_LIMIT_MAX,
    },
  });
}

/** The Nest floor (nest-floor.mjs) on the build in `dist`. */
export function startNestFloor({ dist, cpu, name = 'nest floor', nodeArgs = [] }) {
  return startServer({ name, script: join(here, 'nest-floor.mjs'), cpu, env: { BENCH_DIST: dist }, nodeArgs });
}
