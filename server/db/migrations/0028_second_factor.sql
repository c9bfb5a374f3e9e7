-- Two-step sign-in (issue 22): an authenticator app (TOTP) and recovery codes.

-- One app per account. Its key is sealed under the key-encryption key (kek_id), bound to the
-- account's id. A row without enabled_at is a setup waiting for the app's first code. last_step is
-- the last time step whose code was accepted: a code is good once (a later code must be newer).
create table authenticator_apps (
  user_id uuid primary key references users (id) on delete cascade,
  secret_sealed text not null,
  kek_id text not null,
  created_at timestamptz not null,
  enabled_at timestamptz,
  last_step bigint
);

-- Ten codes a set, each 128 random bits kept as its SHA-256, each good once (used_at).
create table recovery_codes (
  code_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null,
  used_at timestamptz
);
create index recovery_codes_user_id on recovery_codes (user_id);

-- A sign-in whose password or provider was right, waiting for its second step: bound to the browser
-- that made it by a random secret in an HttpOnly cookie (only its SHA-256 is kept), used once
-- within its lifetime. A provider's sign-in keeps where it was to lead.
create table second_factor_challenges (
  binding_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  sign_in_method text not null,
  provider text,
  redirect text,
  account_created boolean not null default false,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index second_factor_challenges_expires_at on second_factor_challenges (expires_at);
