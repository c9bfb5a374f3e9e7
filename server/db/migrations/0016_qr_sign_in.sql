-- Sign-in with a QR code (issue 11): a browser on the sign-in page asks for a request and shows its
-- id as a QR code; a signed-in person opens the link on another device and approves or declines.
-- The id alone is worth nothing: only the browser that asked holds the key (an HttpOnly cookie) that
-- turns an approved request into a session, and only SHA-256 of that key is kept here.
create table qr_sign_ins (
  id uuid primary key,
  browser_key_hash text not null,
  -- Where the request came from, shown to the person who approves it.
  user_agent text,
  client_address text not null,
  created_at timestamptz not null default now(),
  -- Until when the request can be answered; once approved, until when it can be redeemed.
  expires_at timestamptz not null,
  approved_by uuid references users (id) on delete cascade,
  approved_at timestamptz,
  declined_at timestamptz,
  redeemed_at timestamptz,
  check (approved_at is null or declined_at is null),
  check (redeemed_at is null or approved_at is not null)
);
create index qr_sign_ins_expires_at on qr_sign_ins (expires_at);
