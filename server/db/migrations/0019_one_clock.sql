-- One clock (issue 20): a rule that depends on the time takes it from the services' now(), passed in
-- as a parameter, never from the database's own clock. The two agree in production, but not in tests
-- (whose clock is set) nor across a clock skew between the app and a managed database; the seats an
-- invitation holds depended on which clock one asked. `now()` stays only as a column default that
-- records when a row was written.

drop function account_user_json(uuid);
drop function team_seats_in_use(integer, uuid);

-- The seats a team takes at `at`: its members and the invitations still pending then, the owner
-- included whether or not a member row names them.
create function team_seats_in_use(team integer, owner uuid, at timestamptz) returns integer language sql stable as $$
  select (
    (select count(*) from team_members m where m.team_id = team)
    + (select count(*) from team_invitations i
       where i.team_id = team and i.accepted_at is null and i.canceled_at is null and i.expires_at > at)
    + case when exists (select 1 from team_members m where m.team_id = team and m.user_id = owner) then 0 else 1 end
  )::integer
$$;

-- The account read of 0012, its seats counted at `at`.
create function account_user_json(account_id uuid, at timestamptz) returns text language plpgsql stable as $$
begin
  return (
    with visible as (
      select s.*, owner.email as owner_email, t.name as team_name, m.role as member_role,
        p.title as plan_title, p.cancelable as plan_cancelable, p.price_cents as plan_price_cents,
        p.currency as plan_currency, p.duration_months as plan_duration_months,
        p.min_seats as plan_min_seats, p.max_seats as plan_max_seats, p.upgrade_to as plan_upgrade_to,
        (s.blackfriday24_eligible and s.blackfriday24_delisted_at is null) as offered_blackfriday24
      from subscriptions s
      join users owner on owner.id = s.owner_id
      left join plans p on p.plan_code = s.plan_code
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
      'licenses', (select coalesce(sum(v.quantity) filter (where v.state <> 'expired'), 0) from visible v),
      'activeDevices', (
        select coalesce(json_agg(json_build_object(
          'deviceUuid', d.device_uuid,
          'name', d.name,
          'lastSeen', to_char(d.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by d.name), '[]'::json)
        from devices d where d.user_id = u.id and d.signed_out_at is null
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
          'active', v.state <> 'expired',
          'productName', v.product_name,
          'planCode', v.plan_code,
          'quantity', v.quantity,
          'ownerEmail', v.owner_email,
          'blackfriday24Eligible', v.offered_blackfriday24,
          'upgradeDetails', json_build_object('upgradeOptions', (
            select coalesce(json_agg(json_build_object(
              'hash', encode(sha256(convert_to(
                v.reference_id || ':' || o.plan_code || ':' || o.price_cents || ':' ||
                coalesce(o.blackfriday24_price_cents::text, ''), 'UTF8')), 'hex'),
              'planCode', o.plan_code,
              'productName', o.product_name,
              'title', o.title,
              'type', o.type,
              'priceCents', o.price_cents,
              'discountPriceCents', case when v.offered_blackfriday24 then o.blackfriday24_price_cents end,
              'currency', o.currency,
              'durationMonths', o.duration_months,
              'cancelable', o.cancelable,
              'maxSeats', o.max_seats
            ) order by o.sort_order, o.plan_code), '[]'::json)
            from plans o
            where v.state <> 'expired' and o.plan_code = any(coalesce(v.plan_upgrade_to, '{}'))
          )),
          'title', coalesce(v.plan_title, v.product_name),
          'state', v.state,
          'cancelable', coalesce(v.plan_cancelable, false),
          'currentPeriodEndsAt', to_char(v.current_period_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'priceCents', coalesce(v.plan_price_cents, 0),
          'currency', coalesce(v.plan_currency, 'USD'),
          'durationMonths', coalesce(v.plan_duration_months, 0),
          'minSeats', coalesce(v.plan_min_seats, 1),
          'maxSeats', coalesce(v.plan_max_seats, 1),
          'seatsInUse', case when v.team_id is null then null else team_seats_in_use(v.team_id, v.owner_id, at) end,
          'team', case when v.team_id is null then null else json_build_object(
            'teamId', v.team_id, 'name', coalesce(v.team_name, ''), 'role', v.member_role
          ) end
        ) order by v.created_at, v.reference_id), '[]'::json)
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
