-- The language of a person's mails (one of contract/locales.ts), negotiated from the browser at
-- sign-up, so a resent code and a later reset link come in the same language. Null: not known
-- (accounts from before, demo and single sign-on accounts); the mail then follows the request.
alter table pending_accounts add column locale text;
alter table users add column locale text;
