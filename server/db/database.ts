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
  /** Runs one plain query, for schema bookkeeping. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` while no other process holds the same lock (PostgreSQL); PGlite has one process. */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** `postgres://…`, `memory://`, or null for PGlite on disk at `dataDir`. */
  url: string | null;
  dataDir?: string;
  /** PostgreSQL only: a schema to work in (tests give each file its own). */
  searchPath?: string;
};

export async function openDatabase({
  url,
  dataDir = 'data/pglite',
  searchPath,
}: DatabaseOptions): Promise<DatabaseHandle> {
  if (url?.startsWith('postgres')) return openPostgres(url, searchPath);
  if (url !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const client = url === 'memory://' ? new PGlite() : new PGlite(dataDir);
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
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
    close: () => client.close(),
  };
}

async function openPostgres(url: string, searchPath?: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // Surface a bad URL or an unreachable server at start, not at the first request.
  await pool.query('select 1');
  return {
    db: drizzleNodePostgres(pool, { schema }) as unknown as Database,
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
    async query<Row>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as Row[];
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
    close: () => pool.end(),
  };
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
