import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DevicePlatform } from '../../contract/devices';

/** The tables of server/db/migrations, for typed queries. Migrations are the source of truth. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  phone: text('phone'),
  title: text('title'),
  role: text('role').notNull().default('user'),
  idp: text('idp').notNull().default('password'),
  recurlyAccountCode: text('recurly_account_code'),
  availableDeviceLimit: integer('available_device_limit').notNull().default(5),
  freeLicenseDataGb: doublePrecision('free_license_data_gb').notNull().default(0),
  /** The language of the account's mails; null when not known. */
  locale: text('locale'),
  createdAt: createdAt(),
  /** When the owner of the address proved it (a mailed code or link, a provider's word); null: not yet. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  userAgent: text('user_agent'),
  signInMethod: text('sign_in_method', { enum: ['password', 'provider', 'qr', 'passkey'] })
    .notNull()
    .default('password'),
  provider: text('provider'),
  clientAddress: text('client_address'),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the person last proved it was them: the sign-in, or a recent sign-in (migration 0030). */
  authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull(),
});

/** Session signing keys (migration 0025): the newest two are published; only the newest signs. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** The private JWK, encrypted (server/services/key-encryption.ts); null once the key no longer signs. */
  sealedPrivateJwk: text('sealed_private_jwk'),
  /** The id of the key-encryption key it is encrypted with; null with it. */
  kekId: text('kek_id'),
  publicJwk: jsonb('public_jwk').notNull().$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});

/** A person's identity at an OpenID Connect provider (migration 0017). */
export const federatedIdentities = pgTable(
  'federated_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/** A provider's sign-in waiting for the account's owner to consent to its link (migration 0027). */
export const identityLinks = pgTable('identity_links', {
  bindingHash: text('binding_hash').primaryKey(),
  confirmationHash: text('confirmation_hash').unique(),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirect: text('redirect').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** An account's authenticator app (migration 0028): its sealed key; on once `enabledAt` is set. */
export const authenticatorApps = pgTable('authenticator_apps', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  kekId: text('kek_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last TOTP time step whose code was accepted: a code is good once. */
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** An account's recovery codes (migration 0028), as SHA-256 of each, each good once. */
export const recoveryCodes = pgTable('recovery_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A sign-in waiting for its second step (migration 0028), bound to its browser by `bindingHash`. */
export const secondFactorChallenges = pgTable('second_factor_challenges', {
  bindingHash: text('binding_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  signInMethod: text('sign_in_method').notNull(),
  provider: text('provider'),
  redirect: text('redirect'),
  accountCreated: boolean('account_created').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** An account's passkey (migration 0030): a WebAuthn credential and its signature counter. */
export const passkeys = pgTable('passkeys', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** A WebAuthn ceremony's challenge (migration 0030), used once, bound to a browser or a session. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'signIn', 'secondStep', 'reauthenticate'] }).notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id'),
  bindingHash: text('binding_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A sign-in started at a provider, used once within its lifetime (migration 0017). */
export const federatedSignIns = pgTable('federated_sign_ins', {
  bindingHash: text('binding_hash').primaryKey(),
  provider: text('provider').notNull(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirect: text('redirect').notNull(),
  clientAddress: text('client_address').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

export const teams = pgTable('teams', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  /** The owner's rule that members use two-step sign-in (migration 0030). */
  requireSecondFactor: boolean('require_second_factor').notNull().default(false),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().$type<'admin' | 'user'>(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  referenceId: text('reference_id').notNull().unique(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  type: text('type').notNull().$type<'teams' | 'families' | 'dedicated_server' | 'others'>(),
  state: text('state').notNull().default('active').$type<'active' | 'canceled' | 'expired'>(),
  productName: text('product_name').notNull(),
  planCode: text('plan_code').notNull(),
  quantity: integer('quantity').notNull().default(1),
  /** Fewer seats asked for, billed from the next renewal; null: the renewal bills `quantity`. */
  renewalQuantity: integer('renewal_quantity'),
  blackfriday24Eligible: boolean('blackfriday24_eligible').notNull().default(false),
  blackfriday24DelistedAt: timestamp('blackfriday24_delisted_at', { withTimezone: true }),
  billingAccountCode: text('billing_account_code').references(() => billingAccounts.code),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  /** Null for a one-time plan. */
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason').$type<
    'tooExpensive' | 'missingFeatures' | 'switchedService' | 'unused' | 'other'
  >(),
  cancelNote: text('cancel_note'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const plans = pgTable('plans', {
  planCode: text('plan_code').primaryKey(),
  productName: text('product_name').notNull(),
  title: text('title').notNull(),
  type: text('type').notNull().$type<'teams' | 'families' | 'dedicated_server' | 'router' | 'others'>(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  /** 0 for a one-time plan. */
  durationMonths: integer('duration_months').notNull(),
  cancelable: boolean('cancelable').notNull(),
  minSeats: integer('min_seats').notNull().default(1),
  maxSeats: integer('max_seats').notNull().default(1),
  maxTeamMembers: integer('max_team_members'),
  upgradeTo: text('upgrade_to').array().notNull().default(sql`'{}'`),
  blackfriday24PriceCents: integer('blackfriday24_price_cents'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const billingAccounts = pgTable('billing_accounts', {
  code: text('code').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  /** The card the order site charges (migration 0034): all four or none. */
  paymentBrand: text('payment_brand'),
  paymentLast4: text('payment_last4'),
  paymentExpMonth: integer('payment_exp_month'),
  paymentExpYear: integer('payment_exp_year'),
  paymentUpdatedAt: timestamp('payment_updated_at', { withTimezone: true }),
});

export const invoices = pgTable('invoices', {
  number: integer('number').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
  accountCode: text('account_code')
    .notNull()
    .references(() => billingAccounts.code),
  subscriptionId: uuid('subscription_id')
    .notNull()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull().$type<'purchase' | 'renewal' | 'upgrade' | 'seats'>(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  currency: text('currency').notNull(),
  totalCents: integer('total_cents').notNull(),
});

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceNumber: integer('invoice_number')
      .notNull()
      .references(() => invoices.number, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull().$type<'plan' | 'prorationCredit' | 'couponDiscount'>(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [primaryKey({ columns: [table.invoiceNumber, table.position] })],
);

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  percentOff: integer('percent_off'),
  amountOffCents: integer('amount_off_cents'),
  currency: text('currency').notNull().default('USD'),
  duration: text('duration').notNull().$type<'once' | 'forever'>(),
  /** Null: any plan. */
  planCodes: text('plan_codes').array(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  createdAt: createdAt(),
  /** Listed to the owners it applies to; otherwise it is redeemed by its code alone (migration 0026). */
  public: boolean('public').notNull().default(false),
  /** May be combined with other coupons on one subscription, if they are stackable too. */
  stackable: boolean('stackable').notNull().default(false),
});

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    accountCode: text('account_code')
      .notNull()
      .references(() => billingAccounts.code),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    appliedInvoiceNumber: integer('applied_invoice_number').references(() => invoices.number),
  },
  (table) => [primaryKey({ columns: [table.couponCode, table.subscriptionId] })],
);

export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  payload: jsonb('payload').notNull(),
});

export const devices = pgTable('devices', {
  deviceUuid: uuid('device_uuid').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The nickname the person sees; the device's own name until renamed. */
  name: text('name').notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  platform: text('platform').notNull().default('other').$type<DevicePlatform>(),
  role: text('role').notNull().default('client').$type<'client'>(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
});

export const deviceActivations = pgTable('device_activations', {
  deviceUuid: uuid('device_uuid').primaryKey().default(sql`gen_random_uuid()`),
  /** SHA-256 of `${code}:${deviceUuid}`. */
  codeHash: text('code_hash').notNull(),
  pollTokenHash: text('poll_token_hash').notNull().unique(),
  platform: text('platform').notNull().$type<DevicePlatform>(),
  deviceName: text('device_name').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }),
  linkedUserId: uuid('linked_user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** Wrong codes entered anywhere while this one waited (migration 0021). */
  wrongGuesses: integer('wrong_guesses').notNull().default(0),
});

export const qrSignIns = pgTable('qr_sign_ins', {
  id: uuid('id').primaryKey(),
  /** SHA-256 of the key in the waiting browser's HttpOnly cookie. */
  browserKeyHash: text('browser_key_hash').notNull(),
  userAgent: text('user_agent'),
  clientAddress: text('client_address').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'cascade' }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  declinedAt: timestamp('declined_at', { withTimezone: true }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  /** The number the waiting browser shows (migration 0029); null only on rows made before it. */
  matchNumber: integer('match_number'),
  /** The three numbers the approver picks from, in the order shown: the match and two decoys. */
  numberChoices: integer('number_choices').array(),
});

export const servers = pgTable('servers', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  location: text('location').notNull().default(''),
  address: text('address'),
  state: text('state').notNull().default('running').$type<'requested' | 'provisioning' | 'running' | 'stopped'>(),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const teamInvitations = pgTable('team_invitations', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').notNull().$type<'admin' | 'user'>(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  codeHash: text('code_hash').notNull().unique(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
});

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'`),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
});

export const serverRequests = pgTable('server_requests', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  subscriptionId: uuid('subscription_id')
    .notNull()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  requestedBy: uuid('requested_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeInterval: text('time_interval').notNull(),
  createdAt: createdAt(),
});

export const teamAuditEvents = pgTable('team_audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  kind: text('kind').notNull(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorEmail: text('actor_email'),
  subject: text('subject'),
  details: jsonb('details').notNull().default({}).$type<Record<string, string | number | boolean | null>>(),
});

/** Routers (issue 10, docs/decisions/0007-routers.md). */
export const routers = pgTable('routers', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  vendor: text('vendor').notNull().$type<'miri' | 'strata'>(),
  serial: text('serial').notNull(),
  name: text('name').notNull(),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  state: text('state').notNull().default('setup').$type<'setup' | 'online' | 'offline'>(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  hasShown90DaySuccess: boolean('has_shown_90day_success').notNull().default(false),
  seenRouterActivationSuccess: boolean('seen_router_activation_success').notNull().default(false),
  createdAt: createdAt(),
});

/** A router subscription lent to one team at a time. */
export const teamRouters = pgTable('team_routers', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  associatedBy: uuid('associated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const routerCoupons = pgTable('router_coupons', {
  code: text('code').primaryKey(),
  planCode: text('plan_code')
    .notNull()
    .references(() => plans.planCode),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
});

export const pendingAccounts = pgTable('pending_accounts', {
  email: text('email').primaryKey(),
  /** The language of the sign-up, for its mails. */
  locale: text('locale'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const verificationCodes = pgTable('verification_codes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const passwordResetRequests = pgTable('password_reset_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  locale: text('locale').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
});

export const botCheckKeys = pgTable('bot_check_keys', {
  name: text('name').primaryKey(),
  /** Encrypted (server/services/key-encryption.ts) under the key-encryption key `kekId` (migration 0025). */
  sealedSecret: text('sealed_secret').notNull(),
  kekId: text('kek_id').notNull(),
  createdAt: createdAt(),
});

export const botCheckUsedChallenges = pgTable('bot_check_used_challenges', {
  challengeId: text('challenge_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const phoneVerificationCodes = pgTable('phone_verification_codes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164. */
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  toNumber: text('to_number').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});

// Usage statistics (issue 12); the rollups of the net samples are read and written in SQL only.
export const statsBatches = pgTable('stats_batches', {
  batchId: text('batch_id').primaryKey(),
  serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
  bodySha256: text('body_sha256').notNull(),
  tunnelEvents: integer('tunnel_events').notNull(),
  netSamples: integer('net_samples').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tunnelEvents = pgTable('tunnel_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  deviceUuid: uuid('device_uuid')
    .notNull()
    .references(() => devices.deviceUuid, { onDelete: 'cascade' }),
  serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  type: text('type').notNull().$type<'connect' | 'disconnect'>(),
});

export const netSamples = pgTable('net_samples', {
  deviceUuid: uuid('device_uuid')
    .notNull()
    .references(() => devices.deviceUuid, { onDelete: 'cascade' }),
  serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  intervalSeconds: integer('interval_seconds').notNull(),
  rxBytes: bigint('rx_bytes', { mode: 'number' }).notNull(),
  txBytes: bigint('tx_bytes', { mode: 'number' }).notNull(),
});

/**
 * Net samples summed per device into 5-minute and hourly buckets as they arrive, which the reports
 * read (written with raw SQL in server/services/stats/usage-store.ts: an upsert that adds).
 */
export const netRollups = pgTable(
  'net_rollups',
  {
    deviceUuid: uuid('device_uuid')
      .notNull()
      .references(() => devices.deviceUuid, { onDelete: 'cascade' }),
    bucketSeconds: integer('bucket_seconds').notNull().$type<300 | 3600>(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    rxBytes: bigint('rx_bytes', { mode: 'number' }).notNull(),
    txBytes: bigint('tx_bytes', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.deviceUuid, table.bucketSeconds, table.bucketStart] })],
);
