import { serve } from '@hono/node-server';
import { createApp } from './app';
import { migrate, openDatabase } from './db/database';
import { seedDemoAccounts } from './db/seed-demo';
import { ConfigurationError, parseEnv } from './env';
import { createLogger } from './logger';
import { createServices } from './services/index';
import { serveClient } from './static';

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = createLogger(env.logLevel);
  const database = await openDatabase({ url: env.databaseUrl });
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  if (!env.production && (await seedDemoAccounts(database.db))) {
    logger.info('demo accounts created (see README.md)');
  }

  const services = createServices({ db: database.db, env, logger });
  await services.keys.keyRing();
  await services.rateLimiter.sweep();
  const app = createApp(services);
  serveClient(app, env);

  const server = serve({ fetch: app.fetch, port: env.port }, () => {
    logger.info(
      { url: env.publicOrigin, database: env.databaseUrl ? database.kind : 'pglite (data/pglite)' },
      'portal listening',
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
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
