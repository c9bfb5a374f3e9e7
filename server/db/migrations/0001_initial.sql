-- Accounts, sessions and their keys, sign-in rate limits, and the subscription data the dashboard shows.
-- Runs on PostgreSQL 15 and newer (PGlite is 18).

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  password_hash text,
  phone text,
  title text,
  role text not null default 'user',
  idp text not null default 'password',
  recurly_account_code text,
  available_device_limit integer not null default 5 check (available_device_limit >= 0),
  free_license_data_gb double precision not null default 0,
  used_data_gb double precision not null default 0,
  created_at timestamptz not null default now()
);

create table sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  user_agent text
);
create index sessions_user_id on sessions (user_id);

create table signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);

create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (key, window_start)
);
create index rate_limits_window_start on rate_limits (window_start);

create table teams (
  id integer generated always as identity primary key,
  name text not null,
  created_at timestamptz not null default now()
);

create table team_members (
  team_id integer not null references teams (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('admin', 'user')),
  first_name text,
  last_name text,
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
create index team_members_user_id on team_members (user_id);

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  reference_id text not null unique,
  owner_id uuid not null references users (id) on delete cascade,
  team_id integer references teams (id) on delete set null,
  type text not null check (type in ('teams', 'families', 'dedicated_server', 'others')),
  active boolean not null default true,
  product_name text not null,
  plan_code text not null,
  quantity integer not null default 1 check (quantity >= 1),
  blackfriday24_eligible boolean not null default false,
  upgrade_options jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index subscriptions_owner_id on subscriptions (owner_id);
create index subscriptions_team_id on subscriptions (team_id);

create table devices (
  device_uuid uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  last_seen_at timestamptz not null default now()
);
create index devices_user_id on devices (user_id);

create table servers (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  team_id integer references teams (id) on delete cascade,
  name text not null
);
create index servers_owner_id on servers (owner_id);
