-- Routers (issue 10, docs/decisions/0007-routers.md): partner routers owned by a person and served
-- by a router subscription, router subscriptions associated with teams, and router coupons that
-- become router subscriptions.

create table routers (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  vendor text not null check (vendor in ('miri', 'strata')),
  -- The vendor's device id, printed on the router.
  serial text not null,
  name text not null,
  -- The router subscription that serves it; a router without one only shows its state.
  subscription_id uuid references subscriptions (id) on delete set null,
  state text not null default 'setup' check (state in ('setup', 'online', 'offline')),
  last_active_at timestamptz not null default now(),
  -- The partner app's success messages are shown until these are set.
  has_shown_90day_success boolean not null default false,
  seen_router_activation_success boolean not null default false,
  created_at timestamptz not null default now(),
  unique (vendor, serial)
);
create index routers_owner on routers (owner_id);
create index routers_subscription on routers (subscription_id);

-- A router subscription lent to one team at a time.
create table team_routers (
  subscription_id uuid primary key references subscriptions (id) on delete cascade,
  team_id integer not null references teams (id) on delete cascade,
  associated_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index team_routers_team on team_routers (team_id);

create table router_coupons (
  -- Upper case; the person's entry is matched without regard to case.
  code text primary key check (code = upper(code)),
  -- The router plan the coupon grants.
  plan_code text not null references plans (plan_code),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  redeemed_by uuid references users (id) on delete set null,
  redeemed_at timestamptz,
  -- The subscription it became.
  subscription_id uuid references subscriptions (id) on delete set null,
  check (redeemed_by is null or redeemed_at is not null)
);
