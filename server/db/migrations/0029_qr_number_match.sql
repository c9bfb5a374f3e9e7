-- Number matching for sign-in with a QR code (issue 22): the waiting browser shows a two-digit
-- number and the approving person picks it among three, so a single tap on an attacker's code
-- (shown to the victim) no longer signs the attacker in. docs/decisions/0020-qr-sign-in.md.
alter table qr_sign_ins
  add column match_number integer,
  -- The match and two decoys, distinct, in the order the approver sees them.
  add column number_choices integer[],
  add constraint qr_sign_ins_match_number check (match_number between 10 and 99),
  add constraint qr_sign_ins_number_choices check (
    (match_number is null and number_choices is null)
    or (cardinality(number_choices) = 3 and match_number = any (number_choices))
  );

-- A request made before this migration has no number, so it can no longer be approved: it expires
-- (its browser asks for a new one, with a number). Approved ones can still be redeemed.
update qr_sign_ins
set expires_at = created_at
where match_number is null and approved_at is null and declined_at is null;
