import { sql } from 'drizzle-orm';
import { hashPassword } from '../services/passwords';
import type { Database } from './database';
import { devices, servers, subscriptions, teamMembers, teams, users } from './schema';

/** Demo accounts created on an empty database outside production (listed in the README). */
export const demoAccounts = {
  individual: 'individual@demo.bondline.example',
  teamOwner: 'team.owner@demo.bondline.example',
  teamAdmin: 'team.admin@demo.bondline.example',
  teamUser: 'team.user@demo.bondline.example',
  familiesOwner: 'families.owner@demo.bondline.example',
} as const;

/** Demo data only: never created in production. */
export const demoPassword = 'bonding-demo-2026';

/** Creates the demo accounts when the database has no user at all; returns whether it did. */
export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;

  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values([
        {
          email: demoAccounts.individual,
          passwordHash,
          title: 'Alex Individual',
          freeLicenseDataGb: 50,
          usedDataGb: 12.75,
          recurlyAccountCode: 'demo-individual',
        },
        {
          email: demoAccounts.teamOwner,
          passwordHash,
          title: 'Tess Owner',
          freeLicenseDataGb: 500,
          usedDataGb: 183.2,
          recurlyAccountCode: 'demo-team-owner',
        },
        { email: demoAccounts.teamAdmin, passwordHash, title: 'Adam Admin', usedDataGb: 41.5 },
        { email: demoAccounts.teamUser, passwordHash, title: 'Uma User', usedDataGb: 7.25 },
        {
          email: demoAccounts.familiesOwner,
          passwordHash,
          title: 'Fay Families',
          freeLicenseDataGb: 100,
          usedDataGb: 64,
          recurlyAccountCode: 'demo-families',
        },
      ])
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => {
      const user = created.find((candidate) => candidate.email === email);
      if (!user) throw new Error(`demo user ${email} missing`);
      return user.id;
    };

    const [team, family] = await tx
      .insert(teams)
      .values([{ name: 'Northwind Broadcast' }, { name: 'The Families' }])
      .returning({ id: teams.id });
    if (!team || !family) throw new Error('demo teams missing');

    await tx.insert(teamMembers).values([
      { teamId: team.id, userId: idOf(demoAccounts.teamOwner), role: 'admin', firstName: 'Tess', lastName: 'Owner' },
      { teamId: team.id, userId: idOf(demoAccounts.teamAdmin), role: 'admin', firstName: 'Adam', lastName: 'Admin' },
      { teamId: team.id, userId: idOf(demoAccounts.teamUser), role: 'user', firstName: 'Uma', lastName: 'User' },
      {
        teamId: family.id,
        userId: idOf(demoAccounts.familiesOwner),
        role: 'admin',
        firstName: 'Fay',
        lastName: 'Families',
      },
    ]);

    await tx.insert(subscriptions).values([
      {
        referenceId: 'demo-individual-monthly',
        ownerId: idOf(demoAccounts.individual),
        type: 'others' as const,
        productName: 'Bonding Personal',
        planCode: 'personal-monthly',
        quantity: 1,
        blackfriday24Eligible: true,
      },
      {
        referenceId: 'demo-teams-yearly',
        ownerId: idOf(demoAccounts.teamOwner),
        teamId: team.id,
        type: 'teams' as const,
        productName: 'Bonding Teams',
        planCode: 'teams-yearly',
        quantity: 10,
      },
      {
        referenceId: 'demo-families-monthly',
        ownerId: idOf(demoAccounts.familiesOwner),
        teamId: family.id,
        type: 'families' as const,
        productName: 'Bonding Families',
        planCode: 'families-monthly',
        quantity: 5,
      },
      {
        referenceId: 'demo-router-promo',
        ownerId: idOf(demoAccounts.individual),
        type: 'others' as const,
        productName: 'Bonding Router',
        planCode: 'router-3year',
        quantity: 1,
        state: 'expired' as const,
      },
    ]);

    await tx.insert(devices).values([
      { userId: idOf(demoAccounts.individual), name: 'Laptop' },
      { userId: idOf(demoAccounts.individual), name: 'Phone' },
      { userId: idOf(demoAccounts.teamOwner), name: 'Studio encoder' },
      { userId: idOf(demoAccounts.teamAdmin), name: 'Field kit' },
      { userId: idOf(demoAccounts.teamUser), name: 'Tablet' },
      { userId: idOf(demoAccounts.familiesOwner), name: 'Home router' },
    ]);

    await tx.insert(servers).values([
      { ownerId: idOf(demoAccounts.teamOwner), teamId: team.id, name: 'Frankfurt team server' },
      { ownerId: idOf(demoAccounts.individual), name: 'Private server' },
    ]);
  });
  return true;
}
