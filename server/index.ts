import { serve } from '@hono/node-server';
import nodemailer from 'nodemailer';
import { createApp } from './app';
import { migrate, openDatabase } from './db/database';
import { seedDemoAccounts } from './db/seed-demo';
import { ConfigurationError, parseEnv } from './env';
import { createLogger } from './logger';
import { createServices } from './services/index';
import { createMailDelivery } from './services/mail-delivery';
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

  // Mail: the outbox is always written; with SMTP_URL it is also sent, and retried on failure.
  let mailTimer: NodeJS.Timeout | undefined;
  if (env.smtpUrl) {
    const delivery = createMailDelivery({
      db: database.db,
      transport: nodemailer.createTransport(env.smtpUrl),
      from: env.mailFrom,
      logger,
      now: () => new Date(),
    });
    let running = false;
    mailTimer = setInterval(() => {
      if (running) return;
      running = true;
      delivery
        .deliverDue()
        .catch((error: unknown) => logger.error({ err: error }, 'mail delivery failed'))
        .finally(() => {
          running = false;
        });
    }, 2000);
  } else {
    logger.info('SMTP_URL is not set: mails stay in the outbox table');
  }

  const server = serve({ fetch: app.fetch, port: env.port }, () => {
    logger.info(
      { url: env.publicOrigin, database: env.databaseUrl ? database.kind : 'pglite (data/pglite)' },
      'portal listening',
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    clearInterval(mailTimer);
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
