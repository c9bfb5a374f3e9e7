-- The built-in billing ledger (issue 8, docs/decisions/0004-billing-ledger.md): the plan catalogue,
-- billing accounts, subscription states and periods, invoices with lines, coupons and their
-- redemptions, and the order site's events, each applied once. The catalogue's rows come from
-- server/data/plans.json, upserted after the migrations at every start (server/services/billing).

create table plans (
  plan_code text primary key,
  product_name text not null,
  title text not null,
  type text not null check (type in ('teams', 'families', 'dedicated_server', 'router', 'others')),
  price_cents integer not null check (price_cents >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- 0 for a one-time plan, which never renews.
  duration_months integer not null check (duration_months >= 0),
  cancelable boolean not null,
  min_seats integer not null default 1 check (min_seats >= 1),
  max_seats integer not null default 1 check (max_seats >= min_seats),
  -- How many people a families or teams plan's team may hold beside its seats; null: the seats decide.
  max_team_members integer,
  upgrade_to text[] not null default '{}',
  -- The Black Friday 2024 price, offered to subscriptions marked eligible.
  blackfriday24_price_cents integer check (blackfriday24_price_cents >= 0),
  sort_order integer not null default 0
);

create table billing_accounts (
  code text primary key,
  user_id uuid not null unique references users (id) on delete cascade,
  created_at timestamptz not null default now()
);

alter table subscriptions add column state text not null default 'active'
  check (state in ('active', 'canceled', 'expired'));
update subscriptions set state = case when active then 'active' else 'expired' end;
alter table subscriptions drop column active;
alter table subscriptions drop column upgrade_options;
alter table subscriptions add constraint subscriptions_quantity_positive check (quantity >= 1);
alter table subscriptions add column billing_account_code text references billing_accounts (code);
alter table subscriptions add column current_period_start timestamptz;
-- Null for a one-time plan.
alter table subscriptions add column current_period_end timestamptz;
alter table subscriptions add column canceled_at timestamptz;
alter table subscriptions add column cancel_reason text
  check (cancel_reason in ('tooExpensive', 'missingFeatures', 'switchedService', 'unused', 'other'));
alter table subscriptions add column cancel_note text;
alter table subscriptions add column blackfriday24_delisted_at timestamptz;
alter table subscriptions add column updated_at timestamptz not null default now();
-- The period job looks for ends that have passed.
create index subscriptions_period_end on subscriptions (current_period_end) where state <> 'expired';

create table invoices (
  number integer primary key generated always as identity (start with 1001),
  account_code text not null references billing_accounts (code),
  subscription_id uuid not null references subscriptions (id) on delete cascade,
  reason text not null check (reason in ('purchase', 'renewal', 'upgrade')),
  issued_at timestamptz not null,
  period_start timestamptz,
  period_end timestamptz,
  currency text not null,
  total_cents integer not null check (total_cents >= 0)
);
create index invoices_subscription on invoices (subscription_id, issued_at);

create table invoice_lines (
  invoice_number integer not null references invoices (number) on delete cascade,
  position integer not null,
  kind text not null check (kind in ('plan', 'prorationCredit', 'couponDiscount')),
  description text not null,
  quantity integer not null,
  amount_cents integer not null,
  primary key (invoice_number, position)
);

create table coupons (
  code text primary key,
  name text not null,
  percent_off integer check (percent_off between 1 and 100),
  amount_off_cents integer check (amount_off_cents > 0),
  currency text not null default 'USD',
  duration text not null check (duration in ('once', 'forever')),
  -- Null: any plan.
  plan_codes text[],
  expires_at timestamptz,
  -- Null: no limit.
  max_redemptions integer check (max_redemptions > 0),
  created_at timestamptz not null default now(),
  check ((percent_off is null) <> (amount_off_cents is null))
);

create table coupon_redemptions (
  coupon_code text not null references coupons (code),
  subscription_id uuid not null references subscriptions (id) on delete cascade,
  account_code text not null references billing_accounts (code),
  redeemed_at timestamptz not null default now(),
  -- A once coupon is used by the next invoice.
  applied_invoice_number integer references invoices (number),
  primary key (coupon_code, subscription_id)
);

create table billing_events (
  event_id text primary key,
  type text not null,
  received_at timestamptz not null default now(),
  payload jsonb not null
);
