-- The account as the dashboard reads it (GET /api/account/user), in one call. A PL/pgSQL function
-- because its plan is prepared once per connection and then reused: planning this query cost ten
-- times its execution on every call when it was sent as plain SQL (PGlite prepares nothing).
create function account_overview(account_id uuid) returns json language plpgsql stable as $$
begin
  return (
    select json_build_object(
      'id', u.id,
      'email', u.email,
      'title', u.title,
      'availableDeviceLimit', u.available_device_limit,
      'recurlyAccountCode', u.recurly_account_code,
      'freeLicenseDataGb', u.free_license_data_gb,
      'usedDataGb', u.used_data_gb,
      -- Owned, or reached through a team, with the account's role in that team.
      'subscriptions', (
        select coalesce(json_agg(json_build_object(
          'referenceId', s.reference_id, 'type', s.type, 'active', s.active,
          'productName', s.product_name, 'planCode', s.plan_code, 'quantity', s.quantity,
          'ownerEmail', owner.email, 'blackfriday24Eligible', s.blackfriday24_eligible,
          'upgradeOptions', s.upgrade_options, 'teamId', s.team_id, 'teamName', t.name, 'role', m.role
        ) order by s.created_at), '[]'::json)
        from subscriptions s
        join users owner on owner.id = s.owner_id
        left join teams t on t.id = s.team_id
        left join team_members m on m.team_id = s.team_id and m.user_id = u.id
        where s.owner_id = u.id
           or s.team_id in (select tm.team_id from team_members tm where tm.user_id = u.id)
      ),
      'devices', (
        select coalesce(json_agg(json_build_object(
          'deviceUuid', d.device_uuid, 'name', d.name, 'lastSeenAt', d.last_seen_at
        ) order by d.name), '[]'::json)
        from devices d where d.user_id = u.id
      ),
      'servers', (
        select coalesce(json_agg(json_build_object(
          'serverId', srv.id, 'name', srv.name, 'teamId', srv.team_id
        ) order by srv.name), '[]'::json)
        from servers srv where srv.owner_id = u.id
      )
    )
    from users u
    where u.id = account_id
  );
end
$$;
