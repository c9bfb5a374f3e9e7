-- Linking a provider's sign-in to an account that already exists (issue 21): the provider vouching
-- for the address is not enough, the account's owner consents, with the account's password or by
-- a link mailed to the account's address. Until then the sign-in waits here, bound to the browser
-- that made it by a random secret in an HttpOnly cookie (only its SHA-256 is kept), and the mailed
-- link is kept as its SHA-256 too. Used once (used_at), within its lifetime (expires_at).
create table identity_links (
  binding_hash text primary key,
  confirmation_hash text unique,
  provider text not null,
  subject text not null,
  -- The address the provider gave; the same as the account's, which is why the link is offered.
  email text not null,
  user_id uuid not null references users (id) on delete cascade,
  redirect text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index identity_links_expires_at on identity_links (expires_at);
create index identity_links_user_id on identity_links (user_id);

-- The account page lists linked sign-ins with when each was last used.
alter table federated_identities add column last_used_at timestamptz;
update federated_identities set last_used_at = created_at;
