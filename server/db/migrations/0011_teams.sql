-- Teams (issue 9): invitations, API keys with IP allow-lists, servers' facts, dedicated server
-- requests, the members' data use, and the audit log of every change to a team.

alter table team_members add column usage_bytes_this_period bigint not null default 0
  check (usage_bytes_this_period >= 0);

create table team_invitations (
  id uuid primary key default gen_random_uuid(),
  team_id integer not null references teams (id) on delete cascade,
  email text not null check (email = lower(email)),
  role text not null check (role in ('admin', 'user')),
  first_name text,
  last_name text,
  -- SHA-256 of the code mailed to the address; the code itself is never stored.
  code_hash text not null unique,
  invited_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  canceled_at timestamptz
);
-- One pending invitation per address and team.
create unique index team_invitations_pending on team_invitations (team_id, email)
  where accepted_at is null and canceled_at is null;

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  team_id integer not null references teams (id) on delete cascade,
  created_by uuid not null references users (id) on delete cascade,
  description text not null,
  -- The key's first characters, shown to recognise it.
  prefix text not null,
  -- SHA-256 of the whole key (a 256-bit random secret, so a fast hash is enough).
  key_hash text not null unique,
  -- Empty: any address.
  allowed_ips text[] not null default '{}',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  invalidated_at timestamptz
);
create index api_keys_team on api_keys (team_id);

alter table servers add column location text not null default '';
alter table servers add column address text;
alter table servers add column state text not null default 'running'
  check (state in ('requested', 'provisioning', 'running', 'stopped'));
alter table servers add column subscription_id uuid references subscriptions (id) on delete set null;
alter table servers add column created_at timestamptz not null default now();

create table server_requests (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references subscriptions (id) on delete cascade,
  requested_by uuid not null references users (id) on delete cascade,
  -- The daily window (UTC, HH:MM-HH:MM) for setting up and maintaining the server (decision 0005).
  time_interval text not null,
  created_at timestamptz not null default now()
);

create table team_audit_events (
  id bigint primary key generated always as identity,
  team_id integer not null references teams (id) on delete cascade,
  at timestamptz not null default now(),
  kind text not null,
  actor_id uuid references users (id) on delete set null,
  -- Kept as it was then, so the log still names a person whose account is gone.
  actor_email text,
  subject text,
  details jsonb not null default '{}'
);
create index team_audit_events_team on team_audit_events (team_id, at desc, id desc);

-- The seats a team takes: its members and pending invitations, the owner included whether or not a
-- member row names them. One definition for the account read and the ledger's seat rules.
create function team_seats_in_use(team integer, owner uuid) returns integer language sql stable as $$
  select (
    (select count(*) from team_members m where m.team_id = team)
    + (select count(*) from team_invitations i
       where i.team_id = team and i.accepted_at is null and i.canceled_at is null and i.expires_at > now())
    + case when exists (select 1 from team_members m where m.team_id = team and m.user_id = owner) then 0 else 1 end
  )::integer
$$;

-- The account read of 0010, with seats in use from team_seats_in_use().
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
