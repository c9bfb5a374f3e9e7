-- The card the order site charges, as its `payment_method.updated` event names it (issue 27): the
-- brand, the last four digits and the expiry, never the number. All four or none.
alter table billing_accounts
  add column payment_brand text,
  add column payment_last4 text,
  add column payment_exp_month integer,
  add column payment_exp_year integer,
  add column payment_updated_at timestamptz;

alter table billing_accounts add constraint billing_accounts_payment_method_check check (
  (payment_brand is null and payment_last4 is null and payment_exp_month is null and payment_exp_year is null)
  or (
    payment_brand is not null and payment_last4 ~ '^[0-9]{4}$'
    and payment_exp_month between 1 and 12 and payment_exp_year between 2000 and 2999
  )
);
