import * as v from 'valibot';
import { CurrencyCode, SubscriptionState, UpgradeOption } from './subscriptions';
import { UsagePeriod } from './usage-period';

const SubscriptionType = v.picklist(['teams', 'families', 'dedicated_server', 'others']);

export const Subscription = v.object({
  referenceId: v.string(),
  type: SubscriptionType,
  active: v.boolean(),
  productName: v.string(),
  planCode: v.string(),
  quantity: v.number(),
  /** Fewer seats asked for, from the next renewal (issue 27); null when the renewal bills `quantity`. */
  renewalQuantity: v.nullable(v.number()),
  ownerEmail: v.string(),
  /** Offered the Black Friday price: the plan has one and the owner has not delisted the offer. */
  blackfriday24Eligible: v.boolean(),
  upgradeDetails: v.object({ upgradeOptions: v.array(UpgradeOption) }),
  /** The plan's title in the catalogue ("Bonding Teams yearly"). */
  title: v.string(),
  state: SubscriptionState,
  cancelable: v.boolean(),
  /** ISO time the current period ends (renewal or expiry); null for a one-time plan. */
  currentPeriodEndsAt: v.nullable(v.string()),
  priceCents: v.number(),
  currency: CurrencyCode,
  durationMonths: v.number(),
  /** Seats the plan allows at least and at most (families: 1 and 1). */
  minSeats: v.number(),
  maxSeats: v.number(),
  /** Members plus pending invitations, the owner included; null for plans without a team. */
  seatsInUse: v.nullable(v.number()),
  /** For teams and families: the team and the caller's role in it (null when the caller is not a member). */
  team: v.nullable(
    v.object({
      teamId: v.number(),
      name: v.string(),
      role: v.nullable(v.picklist(['admin', 'user'])),
    }),
  ),
});
export type Subscription = v.InferOutput<typeof Subscription>;

const ActiveDevice = v.object({
  deviceUuid: v.string(),
  name: v.string(),
  lastSeen: v.string(),
});

const Server = v.object({
  serverId: v.string(),
  name: v.string(),
  /** -1 means private. */
  teamId: v.number(),
});

/** GET /api/account/user (docs/spec.md §3 and §7). */
export const AccountUser = v.object({
  success: v.literal(true),
  userid: v.string(),
  email: v.string(),
  title: v.nullable(v.string()),
  licenses: v.number(),
  activeDevices: v.array(ActiveDevice),
  servers: v.array(Server),
  availableDeviceLimit: v.number(),
  recurlyAccountCode: v.nullable(v.string()),
  subscriptions: v.array(Subscription),
  freeLicenseDataGB: v.number(),
  /** What the person's devices reported over `usagePeriod` (issue 27), in GB of 1024³ bytes. */
  usedDataGB: v.number(),
  /** The period `usedDataGB` counts, and the subscription whose period it is (null: the month). */
  usagePeriod: v.object({
    ...UsagePeriod.entries,
    referenceId: v.nullable(v.string()),
    title: v.nullable(v.string()),
  }),
});
export type AccountUser = v.InferOutput<typeof AccountUser>;
