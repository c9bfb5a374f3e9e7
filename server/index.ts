import cluster from 'node:cluster';
import { openDatabase } from './db/database';
import { ConfigurationError, type Env, parseEnv } from './env';
import { createLogger, type Logger } from './logger';
import { startPortal } from './portal';
import { developmentKeyEncryptionKeyFile, KeyEncryptionError, keptKeyEncryptionKey } from './services/key-encryption';

/** How long a stopping process may take to finish the requests in flight. */
const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const parsed = parseEnv(process.env);
  const logger = createLogger(parsed.logLevel);
  // Outside production KEY_ENCRYPTION_KEY may be unset: a database that outlives the process needs
  // the same key at the next start, so one is kept in data/ (a memory database takes a random one).
  // With several processes the first of them writes it, before any other starts.
  const keepKey = parsed.keyEncryptionKey === null && parsed.databaseUrl !== 'memory://';
  const env = keepKey ? { ...parsed, keyEncryptionKey: keptKeyEncryptionKey() } : parsed;
  if (cluster.isPrimary && keepKey) {
    logger.info(
      { file: developmentKeyEncryptionKeyFile },
      'KEY_ENCRYPTION_KEY is not set: using the development key kept in data/',
    );
  }
  if (cluster.isPrimary) await startLocalProvider(env, logger);
  if (env.webConcurrency > 1 && cluster.isPrimary) {
    superviseProcesses(env.webConcurrency, logger);
    return;
  }

  const database = await openDatabase({ url: env.databaseUrl });
  const portal = await startPortal({ env, database, logger });
  logger.info(
    { url: env.publicOrigin, database: env.databaseUrl ? database.kind : 'pglite (data/pglite)' },
    'portal listening',
  );

  // Stops taking connections, lets the requests in flight finish, then closes the listeners and the
  // database; a process that cannot within the grace time is ended anyway.
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    portal
      .stop()
      .then(() => database.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(1), shutdownGraceMs).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/** Outside production with no provider configured, the demo's sign-in buttons lead to a local provider. */
async function startLocalProvider(env: Env, logger: Logger): Promise<void> {
  const { localProvider } = env.federatedSignIn;
  if (!localProvider) return;
  const { startLocalOpenIdProvider } = await import('./dev/local-openid-provider');
  await startLocalOpenIdProvider({
    port: localProvider.port,
    clients: env.federatedSignIn.providers,
    publicOrigin: env.publicOrigin,
  }).then(
    ({ issuer }) => logger.info({ issuer }, 'local OpenID provider for the sign-in buttons (development only)'),
    (error: unknown) => logger.warn({ reason: String(error) }, 'local OpenID provider not started'),
  );
}

/**
 * WEB_CONCURRENCY processes on one port (Node's cluster shares the listening socket), over one
 * PostgreSQL. A process that ends on its own is replaced, unless it never started listening (a
 * configuration or database problem: more would fail alike). SIGTERM or SIGINT stops them all, each
 * finishing its requests in flight.
 */
function superviseProcesses(count: number, logger: Logger): void {
  let stopping = false;
  const listening = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker.id));
  };
  for (let index = 0; index < count; index += 1) fork();
  logger.info({ processes: count }, 'portal processes starting');
  cluster.on('exit', (worker, code, signal) => {
    const started = listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!started) {
      logger.error({ pid: worker.process.pid, code }, 'a portal process could not start; stopping');
      stop();
      process.exitCode = 1;
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'a portal process ended; starting another');
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), shutdownGraceMs + 2_000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
  };
  process.once('SIGINT', () => {
    logger.info({ signal: 'SIGINT' }, 'stopping the portal processes');
    stop();
  });
  process.once('SIGTERM', () => {
    logger.info({ signal: 'SIGTERM' }, 'stopping the portal processes');
    stop();
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError || error instanceof KeyEncryptionError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
});
