-- Secrets at rest (issue 21): an outbox keeps a mail's or a text's body (its code or link) only
-- while it may still be delivered; delivery and the sweep (server/services/outbox.ts) blank the
-- rest. These indexes hold only the rows that still have a body, so the sweep reads those alone.
create index outbox_holding_body on outbox (created_at) where text_body <> '';
create index sms_outbox_holding_body on sms_outbox (created_at) where body <> '';
