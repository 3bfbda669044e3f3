import { createApp } from './standalone/create-app';
import { APP_CONFIG, AppConfig } from './config/app-config';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  // SIGTERM/SIGINT close the app (in-flight requests finish, open streams end) and exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.listen(config.port, config.host);
}

main().catch((error: unknown) => {
  // A configuration error is the operator's to fix: print its message, not a stack.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
