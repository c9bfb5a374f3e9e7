-- The check before a pending account is created (issue 3).

-- Secrets every API process must share, generated once by the first process that needs them
-- (the ALTCHA challenge signing key, unless BOT_CHECK_HMAC_KEY is set).
create table bot_check_keys (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);

-- Each ALTCHA solution is accepted once: its challenge is remembered until the challenge expires.
create table bot_check_used_challenges (
  challenge_id text primary key,
  expires_at timestamptz not null
);
create index bot_check_used_challenges_expires_at on bot_check_used_challenges (expires_at);
