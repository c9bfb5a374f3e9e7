import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { apiKeyLifetimeDays } from '../../contract/teams';
import type { Transaction } from '../services/billing/ledger-core';
import { hashApiKey } from '../services/teams/api-keys';
import { recordTeamEvent } from '../services/teams/audit';
import { apiKeys, servers, subscriptions } from './schema';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The demo team's API keys and the demo servers' facts. The keys' secrets are random and thrown
 * away: nobody can use them, as a real key is shown only once; a demo user creates one to try the
 * team API.
 */
export async function seedDemoKeysAndServers(
  tx: Transaction,
  demo: { teamId: number; createdBy: string; createdByEmail: string; daysAgo: (days: number) => Date },
) {
  const keys = [
    { description: 'Office monitoring', allowedIps: ['203.0.113.0/24', '2001:db8::/32'], createdDaysAgo: 40 },
    { description: 'Status dashboard', allowedIps: [], createdDaysAgo: 12 },
  ];
  for (const key of keys) {
    const secret = `bnd_${randomBytes(32).toString('base64url')}`;
    const createdAt = demo.daysAgo(key.createdDaysAgo);
    await tx.insert(apiKeys).values({
      teamId: demo.teamId,
      createdBy: demo.createdBy,
      description: key.description,
      prefix: secret.slice(0, 12),
      keyHash: hashApiKey(secret),
      allowedIps: key.allowedIps,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + apiKeyLifetimeDays * dayMs),
    });
    await recordTeamEvent(tx, {
      teamId: demo.teamId,
      actor: { userId: demo.createdBy, email: demo.createdByEmail },
      kind: 'apiKeyCreated',
      subject: key.description,
      details: { prefix: secret.slice(0, 12) },
      at: createdAt,
    });
  }

  const [dedicated] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.referenceId, 'demo-dedicated-monthly'));
  const facts = [
    { name: 'Frankfurt team server', location: 'Frankfurt, DE', address: '192.0.2.10', state: 'running' },
    { name: 'Private server', location: 'Lisbon, PT', address: '2001:db8:5::1', state: 'stopped' },
    {
      name: 'Amsterdam dedicated server',
      location: 'Amsterdam, NL',
      address: '198.51.100.20',
      state: 'running',
      subscriptionId: dedicated?.id ?? null,
    },
  ] as const;
  for (const { name, ...fact } of facts) {
    await tx.update(servers).set(fact).where(eq(servers.name, name));
  }
}
