-- "Forgot password" requests waiting to be worked through (issue 20). The route writes one row for
-- every address it accepts, known or not, and answers; a background task later looks the address up
-- and mails a link only where there is an account. Both answers thus cost one insert, so their
-- timing tells nobody which addresses have accounts. A row is deleted as it is taken.
create table password_reset_requests (
  id bigint generated always as identity primary key,
  email text not null,
  -- The request's language, for an account that has chosen none.
  locale text not null,
  requested_at timestamptz not null
);
