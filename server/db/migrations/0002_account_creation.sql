-- Account creation with an e-mailed code (issue 3), and the outbox every e-mail goes through.

create table pending_accounts (
  email text primary key check (email = lower(email)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Codes are stored hashed; a code is live while neither consumed nor voided and not expired.
create table verification_codes (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(email)),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  voided_at timestamptz,
  created_at timestamptz not null default now()
);
create index verification_codes_email on verification_codes (email);

create table outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index outbox_unsent on outbox (created_at) where sent_at is null;
