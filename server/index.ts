import { openDatabase } from './db/database';
import { ConfigurationError, parseEnv } from './env';
import { createLogger } from './logger';
import { startPortal } from './portal';

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = createLogger(env.logLevel);
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
  if (error instanceof ConfigurationError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
});
