import * as v from 'valibot';

export const SubscriptionType = v.picklist(['teams', 'families', 'dedicated_server', 'others']);
export type SubscriptionType = v.InferOutput<typeof SubscriptionType>;

export const Subscription = v.object({
  referenceId: v.string(),
  type: SubscriptionType,
  active: v.boolean(),
  productName: v.string(),
  planCode: v.string(),
  quantity: v.number(),
  ownerEmail: v.string(),
  blackfriday24Eligible: v.boolean(),
  upgradeDetails: v.object({ upgradeOptions: v.array(v.object({ hash: v.string() })) }),
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

export const ActiveDevice = v.object({
  deviceUuid: v.string(),
  name: v.string(),
  lastSeen: v.string(),
});
export type ActiveDevice = v.InferOutput<typeof ActiveDevice>;

export const Server = v.object({
  serverId: v.string(),
  name: v.string(),
  /** -1 means private. */
  teamId: v.number(),
});

/** GET /api/account/user (spec sections 3 and 7). */
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
  usedDataGB: v.number(),
});
export type AccountUser = v.InferOutput<typeof AccountUser>;
