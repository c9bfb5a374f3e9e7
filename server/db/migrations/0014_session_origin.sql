-- Your sessions (issue 11): how each session began and where from, so that a person can tell their
-- sessions apart and sign out the ones they do not recognise.
alter table sessions
  add column sign_in_method text not null default 'password'
    check (sign_in_method in ('password', 'provider', 'qr')),
  -- The provider's key (google, apple, enterprise…) for sessions begun through one.
  add column provider text,
  -- The client's address as the portal saw it; the place shown is derived from it.
  add column client_address text,
  add column last_active_at timestamptz not null default now();
