-- Failed sends are tried again later, further apart each time.
alter table outbox add column next_attempt_at timestamptz not null default now();
drop index outbox_unsent;
create index outbox_due on outbox (next_attempt_at) where sent_at is null;
