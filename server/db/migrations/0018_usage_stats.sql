-- Usage statistics (issue 12): what the VPN servers report about the linked devices, in signed
-- batches. Tunnel events are kept one by one (the connect rows of the tunnel stats); net samples
-- (bytes received and sent in an interval) are kept as sent and, in the same statement, added to
-- rollups of five minutes and of an hour, so a month of a team's traffic is read from a few
-- thousand rollup rows rather than millions of samples. docs/decisions/0008-usage-stats.md.

-- One row per batch: its id is taken once (the unique key serialises two posts of one batch), in
-- the same transaction as the batch's rows. body_sha256 tells a retry from another batch that
-- reuses the id.
create table stats_batches (
  batch_id text primary key,
  server_id uuid references servers (id) on delete set null,
  body_sha256 text not null,
  tunnel_events integer not null,
  net_samples integer not null,
  received_at timestamptz not null default now()
);

create table tunnel_events (
  id bigint generated always as identity primary key,
  device_uuid uuid not null references devices (device_uuid) on delete cascade,
  server_id uuid references servers (id) on delete set null,
  at timestamptz not null,
  type text not null check (type in ('connect', 'disconnect'))
);
create index tunnel_events_device_at on tunnel_events (device_uuid, at);

create table net_samples (
  device_uuid uuid not null references devices (device_uuid) on delete cascade,
  server_id uuid references servers (id) on delete set null,
  at timestamptz not null,
  interval_seconds integer not null check (interval_seconds between 1 and 3600),
  rx_bytes bigint not null check (rx_bytes >= 0),
  tx_bytes bigint not null check (tx_bytes >= 0)
);
-- Minute buckets (ranges up to six hours) read the samples themselves, from the index alone.
create index net_samples_device_at on net_samples (device_uuid, at) include (rx_bytes, tx_bytes);

-- Sums per device and bucket (300 and 3600 seconds); day buckets add up the hourly rows.
create table net_rollups (
  device_uuid uuid not null references devices (device_uuid) on delete cascade,
  bucket_seconds integer not null check (bucket_seconds in (300, 3600)),
  bucket_start timestamptz not null,
  rx_bytes bigint not null,
  tx_bytes bigint not null,
  primary key (device_uuid, bucket_seconds, bucket_start)
);
