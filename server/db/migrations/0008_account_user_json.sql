-- GET /api/account/user (docs/spec.md §3 and §7) in one call: the account's own row with the
-- subscriptions it owns or reaches through a team, its devices and its servers, as the JSON text the
-- contract's AccountUser describes, so the server sends it as it comes. A PL/pgSQL function because
-- it keeps its plan per connection: sent as plain SQL, planning cost five times the execution on
-- PGlite, which prepares nothing. tests/server/account-user.test.ts parses the answer with the
-- contract's schema.
create function account_user_json(account_id uuid) returns text language plpgsql stable as $$
begin
  return (
    with visible as (
      select s.*, owner.email as owner_email, t.name as team_name, m.role as member_role
      from subscriptions s
      join users owner on owner.id = s.owner_id
      left join teams t on t.id = s.team_id
      left join team_members m on m.team_id = s.team_id and m.user_id = account_id
      where s.owner_id = account_id
         or s.team_id in (select tm.team_id from team_members tm where tm.user_id = account_id)
    )
    select json_build_object(
      'success', true,
      'userid', u.id,
      'email', u.email,
      'title', u.title,
      'licenses', (select coalesce(sum(v.quantity) filter (where v.active), 0) from visible v),
      'activeDevices', (
        select coalesce(json_agg(json_build_object(
          'deviceUuid', d.device_uuid,
          'name', d.name,
          'lastSeen', to_char(d.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by d.name), '[]'::json)
        from devices d where d.user_id = u.id
      ),
      'servers', (
        select coalesce(json_agg(json_build_object(
          'serverId', srv.id, 'name', srv.name, 'teamId', coalesce(srv.team_id, -1)
        ) order by srv.name), '[]'::json)
        from servers srv where srv.owner_id = u.id
      ),
      'availableDeviceLimit', u.available_device_limit,
      'recurlyAccountCode', u.recurly_account_code,
      'subscriptions', (
        select coalesce(json_agg(json_build_object(
          'referenceId', v.reference_id,
          'type', v.type,
          'active', v.active,
          'productName', v.product_name,
          'planCode', v.plan_code,
          'quantity', v.quantity,
          'ownerEmail', v.owner_email,
          'blackfriday24Eligible', v.blackfriday24_eligible,
          'upgradeDetails', json_build_object('upgradeOptions', v.upgrade_options),
          'team', case when v.team_id is null then null else json_build_object(
            'teamId', v.team_id, 'name', coalesce(v.team_name, ''), 'role', v.member_role
          ) end
        ) order by v.created_at), '[]'::json)
        from visible v
      ),
      'freeLicenseDataGB', u.free_license_data_gb,
      'usedDataGB', u.used_data_gb
    )::text
    from users u
    where u.id = account_id
  );
end
$$;
