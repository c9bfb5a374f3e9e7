-- Seats added mid-period are charged at once on an invoice of their own (issue 27,
-- docs/decisions/0023-seats-priced.md).
alter table invoices drop constraint invoices_reason_check;
alter table invoices add constraint invoices_reason_check check (reason in ('purchase', 'renewal', 'upgrade', 'seats'));
