-- Phone verification (issue 11): codes sent by SMS, the SMS outbox, and one account per number.

-- A number is verified on at most one account; the database decides between two accounts at once.
create unique index users_phone_unique on users (phone) where phone is not null;

-- Codes are stored hashed and belong to the account that asked: no other session can use them.
-- A code is live while neither accepted nor voided and not expired; an accepted code is consumed
-- when its number is added to the account.
create table phone_verification_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  consumed_at timestamptz,
  voided_at timestamptz,
  created_at timestamptz not null default now()
);
create index phone_verification_codes_user_phone on phone_verification_codes (user_id, phone);

-- Every SMS is written here first, in the same database as the code it carries; a provider
-- adapter sends it (or, without a provider, it stays here and in the development mailbox).
create table sms_outbox (
  id uuid primary key default gen_random_uuid(),
  to_number text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index sms_outbox_to_number on sms_outbox (to_number, created_at);
