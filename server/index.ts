import { openDatabase } from './db/database';
import { ConfigurationError, parseEnv } from './env';
import { createLogger } from './logger';
import { startPortal } from './portal';
import { developmentKeyEncryptionKeyFile, KeyEncryptionError, keptKeyEncryptionKey } from './services/key-encryption';

async function main(): Promise<void> {
  const parsed = parseEnv(process.env);
  const logger = createLogger(parsed.logLevel);
  // Outside production KEY_ENCRYPTION_KEY may be unset: a database that outlives the process needs
  // the same key at the next start, so one is kept in data/ (a memory database takes a random one).
  const keepKey = parsed.keyEncryptionKey === null && parsed.databaseUrl !== 'memory://';
  const env = keepKey ? { ...parsed, keyEncryptionKey: keptKeyEncryptionKey() } : parsed;
  if (keepKey) {
    logger.info(
      { file: developmentKeyEncryptionKeyFile },
      'KEY_ENCRYPTION_KEY is not set: using the development key kept in data/',
    );
  }
  const { localProvider } = env.federatedSignIn;
  if (localProvider) {
    // Outside production with no provider configured: the demo's sign-in buttons lead to a local provider.
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
  if (error instanceof ConfigurationError || error instanceof KeyEncryptionError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
});
