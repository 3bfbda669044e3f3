import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { AppConfig } from '../config/app-config';
import { Readiness } from '../core/lifecycle/readiness';
import { ShutdownSignal } from '../core/lifecycle/shutdown-signal';
import { Drain } from './drain';

/** How long, after SIGTERM, connections that are idle stay open for a request already on its way. */
const GRACE_MS = 1000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * The standalone service's shutdown:
 * 0. report not ready (GET /readyz answers 503) and go on accepting and serving as usual for
 *    SHUTDOWN_DELAY_MS, the time a load balancer or Kubernetes Service takes to stop routing here;
 * then, with a deadline (SHUTDOWN_TIMEOUT_MS):
 * 1. stop accepting connections, but keep the open ones: a request already sent on a keep-alive
 *    connection is answered, with `Connection: close`, instead of being reset (Node's
 *    `server.close()` would drop idle connections at once); open event streams end with their
 *    `shutdown` event;
 * 2. after a short grace window, close the connections that are still idle;
 * 3. wait for in-flight requests until the deadline, then close whatever is left (a stalled
 *    upload, say) so the process always exits;
 * 4. close the application (stores, Redis).
 * Resolves when it is safe to exit 0.
 */
export async function gracefulShutdown(
  app: NestFastifyApplication,
  config: AppConfig,
  logger: LoggerService,
): Promise<void> {
  const readiness = app.get(Readiness);
  if (readiness.draining) return;
  readiness.startDraining();
  if (config.shutdownDelayMs > 0) {
    logger.log?.({ msg: 'draining: not ready, still serving', delayMs: config.shutdownDelayMs }, 'Shutdown');
    await sleep(config.shutdownDelayMs);
  }
  app.get(Drain).active = true;
  const started = Date.now();
  const server = app.getHttpServer() as Server;
  const allClosed = new Promise<void>((resolve) => {
    // net.Server's close: stop listening, call back once every connection has ended.
    NetServer.prototype.close.call(server, () => resolve());
  });
  void app.get(ShutdownSignal).beforeApplicationShutdown();

  const grace = Math.min(GRACE_MS, config.shutdownTimeoutMs);
  await Promise.race([allClosed, sleep(grace)]);
  server.closeIdleConnections();
  const left = config.shutdownTimeoutMs - (Date.now() - started);
  const drained = await Promise.race([allClosed.then(() => true), sleep(Math.max(0, left)).then(() => false)]);
  if (!drained) {
    const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    logger.warn?.(
      {
        msg: 'shutdown deadline reached: closing the connections still open',
        connections: open,
        deadlineMs: config.shutdownTimeoutMs,
      },
      'Shutdown',
    );
    server.closeAllConnections();
  }
  await app.close();
}
