-- Accounts nobody proved (issue 21): when the owner of an account's address proved it (a code or a
-- link mailed to it, or a provider that vouches for it). Until then the account cannot be a way in:
-- a team admin who adds a new address gets no password for it, purchases do not attach to it.
alter table users add column email_verified_at timestamptz;

-- Accounts from before: those with a password either signed up with a mailed code or were given a
-- password by a team admin, which can no longer be told apart; they are taken as proved, so nobody
-- loses their purchases. Accounts without a password prove their address when they choose one.
update users set email_verified_at = created_at where password_hash is not null;
