-- Issue 27. One definition of data used: what the VPN servers reported for a person's devices
-- (their hourly rollups, as the reports read them) over a usage period, never a stored figure.
-- The account read counts the current period of the first live subscription the person owns or
-- belongs to, a connectivity plan before a router's (the calendar month when none has a period),
-- and names it; the team read counts each member over the team subscription's period
-- (server/services/stats/usage-period.ts, the same rule).

-- Fewer seats take effect at the next renewal (docs/decisions/0023-seats-priced.md): the count the
-- renewal will bill, null when it bills the seats the subscription has.
alter table subscriptions add column renewal_quantity integer check (renewal_quantity >= 1);

alter table users drop column used_data_gb;
alter table team_members drop column usage_bytes_this_period;

-- Bytes received and sent by a person's devices in the hourly buckets of [since, until), the first
-- bucket being the hour `since` falls in, as the reports bucket a range.
create function usage_bytes(person uuid, since timestamptz, until timestamptz) returns bigint language sql stable as $$
  select coalesce(sum(r.rx_bytes + r.tx_bytes), 0)::bigint
  from net_rollups r
  join devices d on d.device_uuid = r.device_uuid
  where d.user_id = person and r.bucket_seconds = 3600
    and r.bucket_start >= date_bin('1 hour', since, timestamptz '1970-01-01Z') and r.bucket_start < until
$$;

drop function account_user_json(uuid, timestamptz);

-- The account read of 0019, with data used counted over its usage period and the seats the next
-- renewal bills.
create function account_user_json(account_id uuid, at timestamptz) returns text language plpgsql stable as $$
begin
  return (
    with visible as (
      select s.*, owner.email as owner_email, t.name as team_name, m.role as member_role,
        p.title as plan_title, p.cancelable as plan_cancelable, p.price_cents as plan_price_cents,
        p.currency as plan_currency, p.duration_months as plan_duration_months,
        p.min_seats as plan_min_seats, p.max_seats as plan_max_seats, p.upgrade_to as plan_upgrade_to,
        p.type as plan_type,
        (s.blackfriday24_eligible and s.blackfriday24_delisted_at is null) as offered_blackfriday24
      from subscriptions s
      join users owner on owner.id = s.owner_id
      left join plans p on p.plan_code = s.plan_code
      left join teams t on t.id = s.team_id
      left join team_members m on m.team_id = s.team_id and m.user_id = account_id
      where s.owner_id = account_id
         or s.team_id in (select tm.team_id from team_members tm where tm.user_id = account_id)
    ),
    usage_period as (
      select reference_id, title, starts_at, ends_at from (
        select v.reference_id, coalesce(v.plan_title, v.product_name) as title,
          v.current_period_start as starts_at, v.current_period_end as ends_at,
          0 as fallback, coalesce(v.plan_type = 'router', false) as router_plan, v.owner_id = account_id as owned, v.created_at
        from visible v
        where v.state <> 'expired' and v.current_period_start <= at
          and (v.current_period_end is null or v.current_period_end > at)
        union all
        select null, null, date_trunc('month', at, 'UTC'), date_trunc('month', at, 'UTC') + interval '1 month',
          1, false, false, null
      ) candidates
      order by fallback, router_plan, owned desc, created_at, reference_id
      limit 1
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
          'renewalQuantity', v.renewal_quantity,
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
      'usedDataGB', usage_bytes(u.id, up.starts_at, coalesce(up.ends_at, at)) / 1073741824.0,
      'usagePeriod', json_build_object(
        'referenceId', up.reference_id,
        'title', up.title,
        'startsAt', to_char(up.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'endsAt', to_char(up.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      )
    )::text
    from users u, usage_period up
    where u.id = account_id
  );
end
$$;
