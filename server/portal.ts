import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import nodemailer from 'nodemailer';
import { createApp } from './app';
import { type DatabaseHandle, migrate } from './db/database';
import { demoAccountsIn, seedDemoAccounts } from './db/seed-demo';
import { ConfigurationError, type Env } from './env';
import type { Logger } from './logger';
import { startPeriodJob } from './services/billing/period-job';
import { upsertPlanCatalogue } from './services/billing/plan-catalogue';
import { createServices } from './services/index';
import { createMailDelivery } from './services/mail-delivery';
import { sweepOutboxBodies } from './services/outbox';
import { processPasswordResetRequests } from './services/password-reset';
import { type RepeatingTask, startRepeatingTask } from './services/repeating-task';
import { serveClient } from './static';

export type RunningPortal = { port: number; stop(): Promise<void> };

/**
 * One portal process on an open database: migrations, demo data outside production (and in
 * production, a refusal of a database that holds demo accounts), the API, the
 * built client (unless `clientDir` is null: the API benchmark serves the API alone), mail delivery,
 * the session-revocation listener and the billing period job. `npm start` and the API benchmark both start it.
 */
export async function startPortal(options: {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  clientDir?: string | null;
}): Promise<RunningPortal> {
  const { env, database, logger } = options;
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  if (env.production) await refuseDemoAccounts(database);
  await upsertPlanCatalogue(database.db);
  const services = createServices({ database, env, logger });
  // Processes starting together on one PostgreSQL take turns: the first seeds, the others find it done.
  const seeded =
    !env.production &&
    (await database.exclusively(() => seedDemoAccounts(database.db, services.now, env.keyEncryptionKey)));
  if (seeded) {
    logger.info('demo accounts created (see README.md)');
  }

  await services.keys.keyRing();
  await services.rateLimiter.sweep();
  const stopFollowingRevocations = await services.sessions.followRevocations(database);
  const stopFollowingQrAnswers = await services.qrAnswers.follow(database);
  const periodJob = startPeriodJob({
    billing: services.billing,
    logger,
    intervalSeconds: env.billingPeriodJobSeconds,
  });
  const app = createApp(services);
  if (options.clientDir !== null) serveClient(app, env, options.clientDir);

  // "Forgot password" requests are queued by the route and worked through here, apart from the answer.
  const resetRequests = startRepeatingTask({
    name: 'password reset requests',
    everySeconds: 1,
    logger,
    run: async () => {
      await processPasswordResetRequests(services);
    },
  });

  // Mail: the outbox is always written; with SMTP_URL it is also sent, and retried on failure.
  let mailDelivery: RepeatingTask | undefined;
  if (env.smtpUrl) {
    const delivery = createMailDelivery({
      db: database.db,
      transport: nodemailer.createTransport(env.smtpUrl),
      from: env.mailFrom,
      logger,
      now: services.now,
    });
    mailDelivery = startRepeatingTask({
      name: 'mail delivery',
      everySeconds: 2,
      logger,
      run: async () => {
        await delivery.deliverDue();
      },
    });
  } else {
    logger.info('SMTP_URL is not set: mails stay in the outbox table');
  }
  // Codes and links do not outlive their use: bodies of sent, given-up or stale mails and texts are blanked.
  const outboxSweep = startRepeatingTask({
    name: 'outbox sweep',
    everySeconds: 60,
    logger,
    run: async () => {
      const blanked = await sweepOutboxBodies({ db: database.db, now: services.now });
      if (blanked.mails + blanked.texts > 0) logger.info(blanked, 'outbox bodies blanked');
    },
  });

  const server = serve({ fetch: app.fetch, port: env.port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    port: (server.address() as AddressInfo).port,
    async stop() {
      await Promise.all([mailDelivery?.stop(), outboxSweep.stop(), resetRequests.stop(), periodJob.stop()]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopFollowingRevocations();
      await stopFollowingQrAnswers();
    },
  };
}

/** Anyone could sign in to a demo account with the password in the README: production never starts beside one. */
async function refuseDemoAccounts(database: DatabaseHandle): Promise<void> {
  const found = await demoAccountsIn(database.db);
  if (found.length === 0) return;
  throw new ConfigurationError(
    `Invalid configuration:\n  DATABASE_URL: holds demo accounts, whose password is published (${found.join(', ')}); APP_ENV=production does not start on it: delete those accounts or use a new database`,
  );
}
