import type { DatabaseHandle } from '../db/database';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createLedger } from './billing/ledger';
import { createBotCheck } from './bot-check';
import { createFederatedSignIn } from './federated-sign-in/federated-sign-in';
import { createIdentityLinks } from './federated-sign-in/identity-links';
import { createOutbox } from './outbox';
import { createPasskeys } from './passkeys';
import { createSmsSender } from './phone/sms';
import { createQrAnswers } from './qr-sign-in/qr-answers';
import { createRateLimiter } from './rate-limit';
import { createRecentSignIn } from './recent-sign-in';
import { createSecondFactor } from './second-factor/second-factor';
import { createSessionService } from './sessions';
import { createKeyStore } from './signing-keys';
import { createVerificationCodes } from './verification-codes';

export type AppDependencies = {
  database: DatabaseHandle;
  env: Env;
  logger: Logger;
  /** The clock; tests move it to expire sessions and rotate keys. */
  now?: () => Date;
};

/** Builds the services once per process; routes receive them. */
export function createServices({ database, env, logger, now = () => new Date() }: AppDependencies) {
  const { db } = database;
  const keys = createKeyStore(db, {
    rotationSeconds: env.signingKeyRotationSeconds,
    now,
    keyEncryptionKey: env.keyEncryptionKey,
  });
  const sessions = createSessionService(db, keys, {
    ttlSeconds: env.sessionTtlSeconds,
    idleSeconds: env.sessionIdleSeconds,
    now,
  });
  const rateLimiter = createRateLimiter(db, now);
  const passkeys = createPasskeys({ db, env, logger, now });
  const secondFactor = createSecondFactor({ db, env, sessions, passkeys, rateLimiter, logger, now });
  const identityLinks = createIdentityLinks({ db, env, secondFactor, rateLimiter, logger, now });
  return {
    database,
    db,
    env,
    logger,
    now,
    keys,
    sessions,
    qrAnswers: createQrAnswers(),
    secondFactor,
    passkeys,
    recentSignIn: createRecentSignIn({ db, sessions, secondFactor, passkeys, rateLimiter, logger, now }),
    identityLinks,
    federatedSignIn: createFederatedSignIn({ db, env, secondFactor, identityLinks, logger, now }),
    rateLimiter,
    codes: createVerificationCodes(db, now),
    outbox: createOutbox(db, logger, now),
    sms: createSmsSender({ db, settings: env.sms, logger, now }),
    billing: createLedger(db, now),
    botCheck: createBotCheck({
      db,
      settings: env.botCheck,
      keyEncryptionKey: env.keyEncryptionKey,
      expectedHostname: new URL(env.publicOrigin).hostname,
      logger,
      now,
    }),
  };
}

export type AppServices = ReturnType<typeof createServices>;
