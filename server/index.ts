import { openDatabase } from './db/database';
import { ConfigurationError, parseEnv } from './env';
import { createLogger } from './logger';
import { startPortal } from './portal';

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = createLogger(env.logLevel);
  const database = await openDatabase({ url: env.databaseUrl });
  const portal = await startPortal({ env, database, logger });
  logger.info(
    { url: env.publicOrigin, database: env.databaseUrl ? database.kind : 'pglite (data/pglite)' },
    'portal listening',
  );

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    portal
      .stop()
      .then(() => database.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
});
