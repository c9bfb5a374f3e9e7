-- Sign-in through OpenID Connect providers (issue 11).

-- A person's identity at a provider: the provider's subject identifier stays the same when the
-- person changes their address there, so it, not the e-mail, finds the account on later sign-ins.
create table federated_identities (
  provider text not null,
  subject text not null,
  user_id uuid not null references users (id) on delete cascade,
  -- The address the provider gave when the identity was linked (for support; the account keeps its own).
  email text not null,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);
create index federated_identities_user_id on federated_identities (user_id);

-- A sign-in started at a provider and not yet completed: kept where every API process sees it, and
-- bound to the browser that started it by a random secret in an HttpOnly cookie, of which only the
-- SHA-256 is kept. Used once (used_at), within its lifetime (expires_at).
create table federated_sign_ins (
  binding_hash text primary key,
  provider text not null,
  state text not null,
  nonce text not null,
  code_verifier text not null,
  -- Where to go afterwards, already checked: a portal path or an order-site address.
  redirect text not null,
  client_address text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index federated_sign_ins_expires_at on federated_sign_ins (expires_at);
