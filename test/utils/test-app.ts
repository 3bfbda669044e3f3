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
