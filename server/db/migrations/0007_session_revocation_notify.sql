-- Every process keeps a cache of verified sessions. A revoked or deleted session is announced on
-- the channel session_revoked (payload: the session id) when its transaction commits, whichever
-- code path revoked it, so every process drops it from its cache.
create function notify_session_revoked() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('session_revoked', old.id::text);
    return old;
  end if;
  perform pg_notify('session_revoked', new.id::text);
  return new;
end
$$;

create trigger sessions_revoked_notify
  after update of revoked_at on sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function notify_session_revoked();

create trigger sessions_deleted_notify
  after delete on sessions
  for each row execute function notify_session_revoked();
