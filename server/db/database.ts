import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

/** Drizzle over either driver: both speak the PostgreSQL dialect, so services see one type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs SQL scripts (several statements each) in one transaction, all or nothing. */
  runScriptsInTransaction(scripts: string[]): Promise<void>;
  /**
   * Runs one plain query, without Drizzle: for schema bookkeeping, and for the hottest reads, where
   * Drizzle's row handling costs more than the query (on PGlite, twice the time of the account read).
   * A `name` makes it a prepared statement on PostgreSQL, parsed and planned once per connection.
   */
  query<Row>(text: string, params?: unknown[], options?: { name?: string }): Promise<Row[]>;
  /** Runs `work` while no other process holds the same lock (PostgreSQL); PGlite has one process. */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Listens to a notification channel. On PostgreSQL the listener has a connection of its own; when
   * that connection drops, notifications sent meanwhile are lost, so `onDrop` is called at once and
   * `onReady` again once it listens anew. Returns a function that stops listening.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

type ChannelListener = {
  onNotify(payload: string): void;
  /** Listening: every notification from now on arrives. */
  onReady(): void;
  /** Not listening: notifications may be missed until the next `onReady`. */
  onDrop(): void;
};

export type DatabaseOptions = {
  /** `postgres://…`, `memory://`, or null for PGlite on disk at `dataDir`. */
  url: string | null;
  dataDir?: string;
  /** PGlite in memory only: start from a data directory `snapshotMigratedDatabase` dumped. */
  snapshot?: Blob;
  /** PostgreSQL only: a schema to work in (tests give each file its own). */
  searchPath?: string;
  /** Called with every query sent, through Drizzle or `query` (tests count round trips with it). */
  onQuery?: (query: string) => void;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openHandle(options);
  const { onQuery } = options;
  if (!onQuery) return handle;
  return {
    ...handle,
    query: (text, params, queryOptions) => {
      onQuery(text);
      return handle.query(text, params, queryOptions);
    },
  };
}

async function openHandle({
  url,
  dataDir = 'data/pglite',
  snapshot,
  searchPath,
  onQuery,
}: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = onQuery ? { logQuery: onQuery } : undefined;
  if (url?.startsWith('postgres')) return openPostgres(url, searchPath, logger);
  if (url !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const client = url === 'memory://' ? new PGlite(snapshot ? { loadDataDir: snapshot } : {}) : new PGlite(dataDir);
  await client.waitReady;
  return pgliteHandle(client, logger);
}

function pgliteHandle(client: PGlite, logger?: { logQuery(query: string): void }): DatabaseHandle {
  return {
    db: drizzlePglite(client, { schema, logger }) as unknown as Database,
    kind: 'pglite',
    async runScriptsInTransaction(scripts) {
      await client.transaction(async (transaction) => {
        for (const script of scripts) await transaction.exec(script);
      });
    },
    async query<Row>(text: string, params: unknown[] = []) {
      return (await client.query<Row>(text, params)).rows;
    },
    exclusively: (work) => work(),
    async listen(channel, listener) {
      // One process, one connection: nothing can drop between the database and its listener.
      const unlisten = await client.listen(channel, listener.onNotify);
      listener.onReady();
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  searchPath: string | undefined,
  logger: { logQuery(query: string): void } | undefined,
): Promise<DatabaseHandle> {
  const connectionOptions = {
    connectionString: url,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  };
  const pool = new pg.Pool({ ...connectionOptions, max: 10 });
  // Surface a bad URL or an unreachable server at start, not at the first request.
  await pool.query('select 1');
  return {
    db: drizzleNodePostgres(pool, { schema, logger }) as unknown as Database,
    kind: 'postgres',
    async runScriptsInTransaction(scripts) {
      // One connection for the whole transaction; a failed script must not leave a pooled
      // connection inside an aborted transaction.
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        for (const script of scripts) await connection.query(script);
        await connection.query('commit');
      } catch (error) {
        await connection.query('rollback');
        throw error;
      } finally {
        connection.release();
      }
    },
    async query<Row>(text: string, params: unknown[] = [], options: { name?: string } = {}) {
      return (await pool.query({ text, values: params, name: options.name })).rows as Row[];
    },
    async exclusively(work) {
      // A session-level advisory lock on a connection of its own, held while `work` runs.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [migrationLockId]);
        return await work();
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
        connection.release();
      }
    },
    listen: (channel, listener) => listenOnOwnConnection(connectionOptions, channel, listener),
    close: () => pool.end(),
  };
}

const relistenDelayMs = 1000;

/** LISTEN on a connection outside the pool, connecting again after a drop until stopped. */
async function listenOnOwnConnection(
  connectionOptions: pg.ClientConfig,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    // Named with its process, so an operator (or a test) can tell it apart in pg_stat_activity.
    const candidate = new pg.Client({
      ...connectionOptions,
      application_name: `portal-listen-${channel}-${process.pid}`,
    });
    let listening = false;
    const drop = () => {
      if (!listening) return;
      listening = false;
      listener.onDrop();
      candidate.end().catch(() => {});
      if (!stopped) retry = setTimeout(reconnect, relistenDelayMs);
    };
    // Attached before connecting: an 'error' event without a handler would end the process.
    candidate.on('error', drop);
    candidate.on('end', drop);
    candidate.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await candidate.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await candidate.end().catch(() => {});
      return;
    }
    listening = true;
    client = candidate;
    listener.onReady();
  }

  function reconnect(): void {
    connect().catch(() => {
      if (!stopped) retry = setTimeout(reconnect, relistenDelayMs);
    });
  }

  // The first connection must succeed: a start-up with a wrong URL fails loudly.
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * A PGlite database with every migration applied, as a data directory to start others from:
 * loading one takes a fifth of the time of creating a database (the server tests start one per file).
 */
export async function snapshotMigratedDatabase(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migrate(pgliteHandle(client));
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: processes starting together take turns at migrating. */
const migrationLockId = 724_112_026;

/**
 * Applies the migrations not yet applied, in name order, each in its own transaction; processes
 * that start at the same time against one PostgreSQL take turns.
 */
export function migrate(handle: DatabaseHandle): Promise<string[]> {
  return handle.exclusively(() => applyPendingMigrations(handle));
}

async function applyPendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  await handle.query(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied = new Set(
    (await handle.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
  );
  const pending = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql') && !applied.has(name))
    .sort();
  for (const name of pending) {
    const script = readFileSync(join(migrationsDir, name), 'utf8');
    // The name is a file name of ours (digits, letters, underscores), safe to inline.
    await handle.runScriptsInTransaction([script, `insert into schema_migrations (name) values ('${name}')`]);
  }
  return pending;
}
