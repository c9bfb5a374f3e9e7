-- Passkeys, recent sign-in and a team's two-step rule (issue 22, second part).
-- docs/decisions/0014-passkeys-and-recent-sign-in.md.

-- A passkey: the credential's id and its COSE public key (both base64url). counter is the authenticator's
-- signature counter (0 for those that keep none): a lower one than stored means a cloned key.
create table passkeys (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  public_key text not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  backed_up boolean not null default false,
  name text not null check (char_length(name) between 1 and 64),
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index passkeys_user_id on passkeys (user_id);

-- A WebAuthn ceremony's challenge, used once within 5 minutes. It is bound to what asked for it: a
-- browser's cookie (a sign-in with a passkey alone: binding_hash; a second step: the waiting second
-- step's binding_hash and its account), or a session (adding a passkey, a recent sign-in).
create table passkey_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('register', 'signIn', 'secondStep', 'reauthenticate')),
  user_id uuid references users (id) on delete cascade,
  session_id uuid,
  binding_hash text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index passkey_challenges_expires_at on passkey_challenges (expires_at);

-- When the session's person last proved it was them: at its sign-in, or by a recent sign-in.
alter table sessions add column authenticated_at timestamptz;
update sessions set authenticated_at = created_at;
alter table sessions alter column authenticated_at set not null;

-- The owner's rule that members use two-step sign-in.
alter table teams add column require_second_factor boolean not null default false;

-- A session begun with a passkey says so in "Your sessions".
alter table sessions drop constraint sessions_sign_in_method_check;
alter table sessions add constraint sessions_sign_in_method_check
  check (sign_in_method in ('password', 'provider', 'qr', 'passkey'));
