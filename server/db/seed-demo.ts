import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BillingEvent } from '../../contract/billing';
import { invitationLifetimeSeconds } from '../../contract/teams';
import { createLedger } from '../services/billing/ledger';
import { createKeySealer, type KeyEncryptionKey } from '../services/key-encryption';
import { hashPassword } from '../services/passwords';
import { recoveryCodeHash } from '../services/second-factor/recovery-codes';
import { sealedAuthenticatorKey } from '../services/second-factor/second-factor';
import { writeDemoUsage } from '../services/stats/demo-usage';
import { recordTeamEvent } from '../services/teams/audit';
import { sha256Hex } from '../services/teams/members';
import type { Database } from './database';
import {
  authenticatorApps,
  coupons,
  devices,
  federatedIdentities,
  recoveryCodes,
  routerCoupons,
  routers,
  servers,
  subscriptions,
  teamInvitations,
  teamMembers,
  teamRouters,
  teams,
  users,
} from './schema';
import { seedDemoKeysAndServers } from './seed-demo-keys';

/** Demo accounts created on an empty database outside production (listed in the README). */
export const demoAccounts = {
  individual: 'individual@demo.bondline.example',
  teamOwner: 'team.owner@demo.bondline.example',
  teamAdmin: 'team.admin@demo.bondline.example',
  teamUser: 'team.user@demo.bondline.example',
  familiesOwner: 'families.owner@demo.bondline.example',
  dedicatedOwner: 'dedicated.owner@demo.bondline.example',
  /** Has an account and a pending invitation to the demo team (accept it with demoInvitationCode). */
  newHire: 'new.hire@demo.bondline.example',
  /** Has a verified phone (demoVerifiedPhone) and no subscription; e2e changes its number. */
  phoneOwner: 'phone.owner@demo.bondline.example',
  /** Signed in from several browsers to try "Your sessions" (its e2e signs out its other sessions). */
  traveller: 'traveller@demo.bondline.example',
  /** Has an authenticator app on (demoAuthenticatorKey) and recovery codes (demoRecoveryCodes). */
  twoStep: 'two.step@demo.bondline.example',
  /** A member of the two-step account's team, which requires two-step sign-in; has none, so is asked to set it up. */
  secureMember: 'secure.member@demo.bondline.example',
} as const;

/** The demo two-step account's authenticator key, published in the README to add to an app. */
export const demoAuthenticatorKey = 'BONDLINEDEMO2FA7KEYFORTESTERS234';

/** The demo two-step account's recovery codes, each good once (a fresh clone has all ten). */
export const demoRecoveryCodes = Array.from(
  { length: 10 },
  (_, index) => `DEMR0-C0DE0-00000-00000-${String(index + 1).padStart(6, '0')}`,
);

/**
 * The demo accounts a database holds (their password is published): a production portal refuses to
 * start on such a database, one that a local trial left behind or that was copied from one.
 */
export async function demoAccountsIn(db: Database): Promise<string[]> {
  const found = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(demoAccounts)));
  return found.map(({ email }) => email).sort();
}

/** Demo data only: the phone number verified on demoAccounts.phoneOwner (a fictional 555-01xx number). */
const demoVerifiedPhone = '+12015550100';

/** Demo data only: the code of the new hire's invitation, for /team-accept-invitation?code=… */
export const demoInvitationCode = 'demo-invitation-northwind-broadcast';

/** Demo data only: never created in production. */
export const demoPassword = 'bonding-demo-2026';

/**
 * The demo coupons (listed in the README). WELCOME10, TEAMS20 and FIVEOFF can be redeemed;
 * SUMMER24 has expired. FIVEOFF was used by the teams plan's first renewal and WELCOME10 came with
 * the dedicated server's purchase, so each is still open on the other subscriptions.
 */
export const demoCoupons = {
  welcome: 'WELCOME10',
  teams: 'TEAMS20',
  fiveOff: 'FIVEOFF',
  expired: 'SUMMER24',
} as const;

/**
 * The demo router coupons (listed in the README): the first two can be redeemed on
 * /redeem-router-coupon, the third has expired.
 */
export const demoRouterCoupons = {
  lifetime: 'ROUTER-LIFETIME-DEMO',
  threeYear: 'ROUTER-3YEAR-DEMO',
  expired: 'ROUTER-EXPIRED-DEMO',
} as const;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Creates the demo accounts when the database has no user at all; returns whether it did. Their
 * subscriptions are bought through the order site's events, backdated, and the period processing
 * then renews them up to now: the same service as in production, so invoices cover past periods.
 */
export async function seedDemoAccounts(
  db: Database,
  now: () => Date = () => new Date(),
  keyEncryptionKey: KeyEncryptionKey | null = null,
): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;

  const passwordHash = await hashPassword(demoPassword);
  const seededAt = now().getTime();
  const daysAgo = (days: number) => new Date(seededAt - days * dayMs);
  await db.transaction(async (tx) => {
    // The ledger on this transaction: the demo data is all there or not at all.
    const ledger = createLedger(tx, now);
    const created = await tx
      .insert(users)
      .values(
        [
          {
            email: demoAccounts.individual,
            passwordHash,
            title: 'Alex Individual',
            freeLicenseDataGb: 50,
            recurlyAccountCode: 'demo-individual',
          },
          {
            email: demoAccounts.teamOwner,
            passwordHash,
            title: 'Tess Owner',
            freeLicenseDataGb: 500,
            recurlyAccountCode: 'demo-team-owner',
          },
          { email: demoAccounts.teamAdmin, passwordHash, title: 'Adam Admin' },
          { email: demoAccounts.teamUser, passwordHash, title: 'Uma User' },
          {
            email: demoAccounts.familiesOwner,
            passwordHash,
            title: 'Fay Families',
            freeLicenseDataGb: 100,
            recurlyAccountCode: 'demo-families',
          },
          {
            email: demoAccounts.dedicatedOwner,
            passwordHash,
            title: 'Dee Dedicated',
            freeLicenseDataGb: 1000,
            recurlyAccountCode: 'demo-dedicated',
          },
          { email: demoAccounts.newHire, passwordHash, title: 'Nico New' },
          { email: demoAccounts.phoneOwner, passwordHash, title: 'Phoebe Phone', phone: demoVerifiedPhone },
          { email: demoAccounts.traveller, passwordHash, title: 'Tara Traveller' },
          { email: demoAccounts.twoStep, passwordHash, title: 'Toni Two-Step' },
          { email: demoAccounts.secureMember, passwordHash, title: 'Sam Secure' },
        ].map((account) => ({ ...account, emailVerifiedAt: new Date(seededAt) })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => {
      const user = created.find((candidate) => candidate.email === email);
      if (!user) throw new Error(`demo user ${email} missing`);
      return user.id;
    };

    await tx.insert(coupons).values([
      { code: demoCoupons.welcome, name: 'Welcome: 10% off', percentOff: 10, duration: 'once', public: true },
      {
        code: demoCoupons.teams,
        name: 'Teams: 20% off',
        percentOff: 20,
        duration: 'forever',
        planCodes: ['teams-monthly', 'teams-yearly', 'teams-3year'],
        public: true,
      },
      { code: demoCoupons.fiveOff, name: '$5 off', amountOffCents: 500, duration: 'once', public: true },
      {
        code: demoCoupons.expired,
        name: 'Summer 2024: 25% off',
        percentOff: 25,
        duration: 'once',
        expiresAt: daysAgo(90),
      },
    ]);

    const purchase = async (
      data: Omit<Extract<BillingEvent, { type: 'subscription.created' }>['data'], 'purchasedAt'> & {
        purchasedDaysAgo: number;
      },
    ) => {
      const { purchasedDaysAgo, ...rest } = data;
      await ledger.applyEvent({
        id: `demo-${data.referenceId}-created`,
        type: 'subscription.created',
        data: { ...rest, purchasedAt: daysAgo(purchasedDaysAgo).toISOString() },
      });
      const [subscription] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.referenceId, data.referenceId));
      if (!subscription) throw new Error(`demo subscription ${data.referenceId} missing`);
      return subscription;
    };

    await purchase({
      referenceId: 'demo-individual-monthly',
      accountEmail: demoAccounts.individual,
      planCode: 'personal-monthly',
      quantity: 1,
      blackfriday24Eligible: true,
      purchasedDaysAgo: 125,
    });
    await purchase({
      referenceId: 'demo-router-lifetime',
      accountEmail: demoAccounts.individual,
      planCode: 'router-lifetime',
      quantity: 1,
      blackfriday24Eligible: false,
      purchasedDaysAgo: 200,
    });
    // Canceled two weeks ago, its three years run on: it can still be uncanceled.
    const routerService = await purchase({
      referenceId: 'demo-router-service',
      accountEmail: demoAccounts.individual,
      planCode: 'router-3year',
      quantity: 1,
      blackfriday24Eligible: false,
      purchasedDaysAgo: 400,
    });
    await ledger.cancel(
      { userId: idOf(demoAccounts.individual), email: demoAccounts.individual },
      routerService.referenceId,
      {
        reason: 'unused',
      },
    );
    await purchase({
      referenceId: 'demo-router-promo',
      accountEmail: demoAccounts.individual,
      planCode: 'router-3year',
      quantity: 1,
      blackfriday24Eligible: false,
      purchasedDaysAgo: 1200,
    });
    await ledger.applyEvent({
      id: 'demo-router-promo-expired',
      type: 'subscription.expired',
      data: { referenceId: 'demo-router-promo' },
    });

    const teamsPlan = await purchase({
      referenceId: 'demo-teams-yearly',
      accountEmail: demoAccounts.teamOwner,
      planCode: 'teams-yearly',
      quantity: 10,
      blackfriday24Eligible: false,
      couponId: demoCoupons.fiveOff,
      purchasedDaysAgo: 400,
    });
    const familiesPlan = await purchase({
      referenceId: 'demo-families-monthly',
      accountEmail: demoAccounts.familiesOwner,
      planCode: 'families-monthly',
      quantity: 1,
      blackfriday24Eligible: false,
      purchasedDaysAgo: 95,
    });
    await purchase({
      referenceId: 'demo-dedicated-monthly',
      accountEmail: demoAccounts.dedicatedOwner,
      planCode: 'dedicated-server-monthly',
      quantity: 1,
      blackfriday24Eligible: false,
      couponId: demoCoupons.welcome,
      purchasedDaysAgo: 20,
    });
    const strictTeamPlan = await purchase({
      referenceId: 'demo-teams-two-step',
      accountEmail: demoAccounts.twoStep,
      planCode: 'teams-monthly',
      quantity: 3,
      blackfriday24Eligible: false,
      purchasedDaysAgo: 25,
    });
    await ledger.processPeriodEnds();
    // The cards the order site charges: the billing page names them (the families owner has none on file).
    const expiresInYears = (years: number) => new Date(seededAt).getUTCFullYear() + years;
    for (const [accountCode, paymentMethod] of [
      ['demo-individual', { brand: 'Visa', last4: '4242', expMonth: 8, expYear: expiresInYears(2) }],
      ['demo-team-owner', { brand: 'Mastercard', last4: '5454', expMonth: 3, expYear: expiresInYears(1) }],
    ] as const) {
      await ledger.applyEvent({
        id: `demo-${accountCode}-payment-method`,
        type: 'payment_method.updated',
        data: { accountCode, paymentMethod },
      });
    }

    const team = teamsPlan.teamId;
    const family = familiesPlan.teamId;
    if (team === null || family === null) throw new Error('demo teams missing');
    await tx.update(teams).set({ name: 'Northwind Broadcast' }).where(eq(teams.id, team));
    await tx.update(teams).set({ name: 'The Families' }).where(eq(teams.id, family));
    await tx
      .update(teamMembers)
      .set({ firstName: 'Tess', lastName: 'Owner' })
      .where(eq(teamMembers.userId, idOf(demoAccounts.teamOwner)));
    await tx
      .update(teamMembers)
      .set({ firstName: 'Fay', lastName: 'Families' })
      .where(eq(teamMembers.userId, idOf(demoAccounts.familiesOwner)));
    await tx.insert(teamMembers).values([
      {
        teamId: team,
        userId: idOf(demoAccounts.teamAdmin),
        role: 'admin',
        firstName: 'Adam',
        lastName: 'Admin',
        createdAt: daysAgo(390),
      },
      {
        teamId: team,
        userId: idOf(demoAccounts.teamUser),
        role: 'user',
        firstName: 'Uma',
        lastName: 'User',
        createdAt: daysAgo(200),
      },
    ]);
    // The new hire has an account, so they are invited rather than added (issue 9).
    const invitedAt = daysAgo(2);
    await tx.insert(teamInvitations).values({
      teamId: team,
      email: demoAccounts.newHire,
      role: 'user',
      firstName: 'Nico',
      lastName: 'New',
      codeHash: sha256Hex(demoInvitationCode),
      invitedBy: idOf(demoAccounts.teamAdmin),
      createdAt: invitedAt,
      expiresAt: new Date(invitedAt.getTime() + invitationLifetimeSeconds * 1000),
    });
    const ownerActor = { userId: idOf(demoAccounts.teamOwner), email: demoAccounts.teamOwner };
    const adminActor = { userId: idOf(demoAccounts.teamAdmin), email: demoAccounts.teamAdmin };
    const teamEvents: Parameters<typeof recordTeamEvent>[1][] = [
      {
        teamId: team,
        actor: ownerActor,
        kind: 'memberAdded',
        subject: demoAccounts.teamAdmin,
        details: { role: 'user' },
        at: daysAgo(390),
      },
      {
        teamId: team,
        actor: ownerActor,
        kind: 'roleChanged',
        subject: demoAccounts.teamAdmin,
        details: { from: 'user', to: 'admin' },
        at: daysAgo(389),
      },
      { teamId: team, actor: ownerActor, kind: 'seatsChanged', details: { from: 8, to: 10 }, at: daysAgo(250) },
      {
        teamId: team,
        actor: adminActor,
        kind: 'memberAdded',
        subject: demoAccounts.teamUser,
        details: { role: 'user' },
        at: daysAgo(200),
      },
      {
        teamId: team,
        actor: adminActor,
        kind: 'memberInvited',
        subject: demoAccounts.newHire,
        details: { role: 'user' },
        at: invitedAt,
      },
    ];
    for (const event of teamEvents) await recordTeamEvent(tx, event);

    await tx.insert(devices).values([
      { userId: idOf(demoAccounts.individual), name: 'Laptop' },
      { userId: idOf(demoAccounts.individual), name: 'Phone' },
      { userId: idOf(demoAccounts.teamOwner), name: 'Studio encoder' },
      { userId: idOf(demoAccounts.teamAdmin), name: 'Field kit' },
      { userId: idOf(demoAccounts.teamUser), name: 'Tablet' },
      { userId: idOf(demoAccounts.familiesOwner), name: 'Home router' },
      { userId: idOf(demoAccounts.dedicatedOwner), name: 'Broadcast van' },
    ]);

    await tx.insert(servers).values([
      { ownerId: idOf(demoAccounts.teamOwner), teamId: team, name: 'Frankfurt team server' },
      { ownerId: idOf(demoAccounts.individual), name: 'Private server' },
      { ownerId: idOf(demoAccounts.dedicatedOwner), name: 'Amsterdam dedicated server' },
    ]);

    // Issue 9, API keys and servers: two keys of the demo team, and where the servers stand.
    await seedDemoKeysAndServers(tx, {
      teamId: team,
      createdBy: idOf(demoAccounts.teamOwner),
      createdByEmail: demoAccounts.teamOwner,
      daysAgo,
    });

    // Issue 10, linked devices: the individual account at its device limit (5), of every kind,
    // last seen at different times, one signed out, the laptop counted against its subscription.
    const individualId = idOf(demoAccounts.individual);
    const hoursAgo = (hours: number) => new Date(seededAt - hours * 60 * 60 * 1000);
    const [individualPlan] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.referenceId, 'demo-individual-monthly'));
    await tx
      .update(devices)
      .set({
        name: 'Alex’s laptop',
        platform: 'macos',
        linkedAt: daysAgo(120),
        lastSeenAt: hoursAgo(0.2),
        subscriptionId: individualPlan?.id ?? null,
      })
      .where(and(eq(devices.userId, individualId), eq(devices.name, 'Laptop')));
    await tx
      .update(devices)
      .set({ name: 'Pixel phone', platform: 'android', linkedAt: daysAgo(90), lastSeenAt: hoursAgo(3) })
      .where(and(eq(devices.userId, individualId), eq(devices.name, 'Phone')));
    await tx.insert(devices).values([
      {
        userId: individualId,
        name: 'Streaming PC',
        platform: 'windows',
        linkedAt: daysAgo(60),
        lastSeenAt: daysAgo(1),
      },
      { userId: individualId, name: 'iPad (travel)', platform: 'ios', linkedAt: daysAgo(30), lastSeenAt: daysAgo(6) },
      {
        userId: individualId,
        name: 'Encoder box',
        platform: 'linux',
        linkedAt: daysAgo(14),
        lastSeenAt: daysAgo(10),
        signedOutAt: daysAgo(9),
      },
    ]);

    // Issue 10, routers: the individual's routers of both partner vendors on their router
    // subscriptions, the team owner's router lent to Northwind Broadcast, and router coupons.
    const teamRouter = await purchase({
      referenceId: 'demo-team-router',
      accountEmail: demoAccounts.teamOwner,
      planCode: 'router-lifetime',
      quantity: 1,
      blackfriday24Eligible: false,
      purchasedDaysAgo: 60,
    });
    const routerLifetime = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.referenceId, 'demo-router-lifetime'));
    await tx.insert(routers).values([
      {
        ownerId: idOf(demoAccounts.individual),
        vendor: 'miri',
        serial: 'MIRI-0042-7781',
        name: 'Living room router',
        subscriptionId: routerLifetime[0]?.id ?? null,
        state: 'online',
        lastActiveAt: daysAgo(0),
        // A hundred days with its owner and the 90-day message not shown yet: /routers shows it.
        createdAt: daysAgo(100),
        seenRouterActivationSuccess: true,
      },
      {
        ownerId: idOf(demoAccounts.individual),
        vendor: 'strata',
        serial: 'STR-5530-1902',
        name: 'Camper router',
        subscriptionId: routerService.id,
        state: 'offline',
        lastActiveAt: daysAgo(9),
        hasShown90DaySuccess: true,
        seenRouterActivationSuccess: true,
      },
      {
        ownerId: idOf(demoAccounts.teamOwner),
        vendor: 'strata',
        serial: 'STR-7711-0420',
        name: 'Studio uplink',
        subscriptionId: teamRouter.id,
        state: 'online',
        lastActiveAt: daysAgo(0),
        // Just set up: its owner's /routers greets it once.
        seenRouterActivationSuccess: false,
      },
    ]);
    await tx
      .insert(teamRouters)
      .values({ subscriptionId: teamRouter.id, teamId: team, associatedBy: idOf(demoAccounts.teamOwner) });
    await tx.insert(routerCoupons).values([
      { code: demoRouterCoupons.lifetime, planCode: 'router-lifetime', expiresAt: daysAgo(-365) },
      { code: demoRouterCoupons.threeYear, planCode: 'router-3year', expiresAt: daysAgo(-365) },
      { code: demoRouterCoupons.expired, planCode: 'router-3year', expiresAt: daysAgo(30) },
    ]);

    // Issue 21, linked sign-ins: the traveller signs in with Google too, and once linked Microsoft,
    // never used since; both show under "Linked sign-ins" on the account page, each with "Unlink".
    await tx.insert(federatedIdentities).values([
      {
        provider: 'google',
        subject: 'demo-google-traveller',
        userId: idOf(demoAccounts.traveller),
        email: demoAccounts.traveller,
        createdAt: daysAgo(40),
        lastUsedAt: daysAgo(2),
      },
      {
        provider: 'microsoft',
        subject: 'demo-microsoft-traveller',
        userId: idOf(demoAccounts.traveller),
        email: demoAccounts.traveller,
        createdAt: daysAgo(12),
        lastUsedAt: null,
      },
    ]);

    // Issue 22, two-step sign-in: an authenticator app on for a month, and its ten recovery codes.
    const twoStepId = idOf(demoAccounts.twoStep);
    await tx.insert(authenticatorApps).values({
      userId: twoStepId,
      ...sealedAuthenticatorKey(createKeySealer(keyEncryptionKey), twoStepId, demoAuthenticatorKey),
      createdAt: daysAgo(30),
      enabledAt: daysAgo(30),
    });
    await tx.insert(recoveryCodes).values(
      demoRecoveryCodes.map((code) => ({
        codeHash: recoveryCodeHash(code),
        userId: twoStepId,
        createdAt: daysAgo(30),
      })),
    );

    // A team whose owner requires two-step sign-in (issue 22): its member without it is sent to set it up.
    const strictTeam = strictTeamPlan.teamId;
    if (strictTeam === null) throw new Error('demo two-step team missing');
    await tx.update(teams).set({ name: 'Harbor Security', requireSecondFactor: true }).where(eq(teams.id, strictTeam));
    await tx.insert(teamMembers).values({
      teamId: strictTeam,
      userId: idOf(demoAccounts.secureMember),
      role: 'admin',
      firstName: 'Sam',
      lastName: 'Secure',
      createdAt: daysAgo(20),
    });
    const strictOwner = { userId: twoStepId, email: demoAccounts.twoStep };
    const strictTeamEvents: Parameters<typeof recordTeamEvent>[1][] = [
      {
        teamId: strictTeam,
        actor: strictOwner,
        kind: 'memberAdded',
        subject: demoAccounts.secureMember,
        details: { role: 'admin' },
        at: daysAgo(20),
      },
      {
        teamId: strictTeam,
        actor: strictOwner,
        kind: 'secondFactorRuleChanged',
        details: { required: true },
        at: daysAgo(3),
      },
    ];
    for (const event of strictTeamEvents) await recordTeamEvent(tx, event);

    // Issue 12, usage statistics: three weeks of tunnel events and traffic, at five minutes, for the
    // individual's devices on their private server and the team's devices on the team server.
    const serverNamed = async (name: string) =>
      (await tx.select({ id: servers.id }).from(servers).where(eq(servers.name, name)))[0]?.id ?? null;
    const teamServer = await serverNamed('Frankfurt team server');
    // The team's devices have been with it for two months, so their history fills the three weeks.
    const teamPeople = [demoAccounts.teamOwner, demoAccounts.teamAdmin, demoAccounts.teamUser].map(idOf);
    await tx
      .update(devices)
      .set({ linkedAt: daysAgo(60) })
      .where(inArray(devices.userId, teamPeople));
    await writeDemoUsage(
      tx,
      [
        { userId: individualId, serverId: await serverNamed('Private server'), rhythm: 'evening' },
        { userId: teamPeople[0] ?? '', serverId: teamServer, rhythm: 'always' },
        { userId: teamPeople[1] ?? '', serverId: teamServer, rhythm: 'office' },
        { userId: teamPeople[2] ?? '', serverId: teamServer, rhythm: 'office' },
      ],
      { end: new Date(seededAt), days: 21, intervalSeconds: 300, seed: 12 },
    );
  });
  return true;
}
