import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { createApp } from './standalone/create-app';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { resolveLogFormat } from './core/logging/app-logger';
import { gracefulShutdown } from './standalone/graceful-shutdown';
import { listeningRecord, listeningText } from './standalone/listening-record';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  const pretty = resolveLogFormat(config.logFormat) === 'pretty';
  // SIGTERM/SIGINT: stop accepting, answer what is in flight, end open streams, and exit 0 within
  // SHUTDOWN_TIMEOUT_MS whatever the clients do (see gracefulShutdown).
  const logger = new Logger('Shutdown');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      gracefulShutdown(app, config, logger).then(
        () => {
          logger.log(pretty ? `Stopped (${signal}).` : { msg: 'stopped', signal });
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ msg: 'shutdown failed', errorType: error instanceof Error ? error.name : typeof error });
          process.exit(1);
        },
      );
    });
  }
  await app.listen(config.port, config.host);
  const { port } = app.getHttpServer().address() as AddressInfo;
  new Logger('Startup').log(pretty ? listeningText(config, port) : listeningRecord(config, port));
}

main().catch((error: unknown) => {
  // A configuration error is the operator's to fix: print its message, not a stack.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
