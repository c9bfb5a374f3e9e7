-- Devices (issue 10): activation by code, linked devices with their platform and subscription, and
-- signing an active device out. `name` stays the name the person sees (the nickname), so the
-- account read keeps reading it; it is re-created below only to leave signed-out devices out.

alter table devices
  add column platform text not null default 'other'
    check (platform in ('windows', 'macos', 'linux', 'android', 'ios', 'other')),
  add column role text not null default 'client' check (role in ('client')),
  add column linked_at timestamptz not null default now(),
  -- The subscription whose seats the device counts against; null when it is associated with none.
  add column subscription_id uuid references subscriptions (id) on delete set null,
  -- Set when the person signs the device out: it stays linked, but is no longer active.
  add column signed_out_at timestamptz;
create index devices_subscription_id on devices (subscription_id) where subscription_id is not null;

-- A device's request to be linked. The code is six digits and lives ten minutes; only
-- SHA-256(code || ':' || device_uuid) is kept, and the device polls with a secret token of its own,
-- of which only the SHA-256 is kept too.
create table device_activations (
  device_uuid uuid primary key default gen_random_uuid(),
  code_hash text not null,
  poll_token_hash text not null unique,
  platform text not null
    check (platform in ('windows', 'macos', 'linux', 'android', 'ios', 'other')),
  device_name text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  linked_at timestamptz,
  linked_user_id uuid references users (id) on delete cascade
);
create index device_activations_expires_at on device_activations (expires_at);

-- The account read of 0011, with only the devices that are signed in as active devices.
create or replace function account_user_json(account_id uuid) returns text language plpgsql stable as $$
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
          'seatsInUse', case when v.team_id is null then null else team_seats_in_use(v.team_id, v.owner_id) end,
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
