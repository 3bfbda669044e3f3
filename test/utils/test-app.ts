import { afterAll, beforeAll } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/standalone/create-app';

/** Quiet defaults for tests; each test file may override any variable. */
export const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000',
  PUBLIC_BASE_URL: 'http://localhost:3000',
};

/** The production app (same createApp() as main.ts), for app.inject() tests. */
export function buildTestApp(env: Record<string, string> = {}): Promise<NestFastifyApplication> {
  return createApp({ env: { ...TEST_ENV, ...env } });
}

/** The production app listening on a free loopback port, for real HTTP clients (SSE, MCP). */
export async function listenTestApp(
  env: Record<string, string> = {},
): Promise<{ app: NestFastifyApplication; baseUrl: string }> {
  const app = await buildTestApp(env);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * The production app for one suite: built (through createApp, as main.ts builds it) before the
 * suite's tests and closed after them. Read it as `suite.app` inside the tests.
 */
export function useTestApp(env: Record<string, string> = {}): { readonly app: NestFastifyApplication } {
  const suite = {} as { app: NestFastifyApplication };
  beforeAll(async () => {
    suite.app = await buildTestApp(env);
  });
  afterAll(() => suite.app?.close());
  return suite;
}
