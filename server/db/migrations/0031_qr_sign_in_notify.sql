-- A browser waiting on a QR sign-in request is answered when the request is approved or declined,
-- whichever process recorded it: the request id is announced on the channel qr_sign_in_answered
-- when the transaction commits (issue 26), instead of every waiting browser re-reading its row.
create function notify_qr_sign_in_answered() returns trigger language plpgsql as $$
begin
  perform pg_notify('qr_sign_in_answered', new.id::text);
  return new;
end
$$;

create trigger qr_sign_ins_answered_notify
  after update of approved_at, declined_at on qr_sign_ins
  for each row when (old.approved_at is distinct from new.approved_at or old.declined_at is distinct from new.declined_at)
  execute function notify_qr_sign_in_answered();
