// @vitest-environment node
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrate, openDatabase } from '../../server/db/database';
import * as schema from '../../server/db/schema';

/**
 * The Drizzle schema and the SQL migrations are both written by hand (issue 23): after every
 * migration, a fresh database has exactly the tables, columns, types, nullability and primary keys
 * that server/db/schema.ts declares.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ url: 'memory://' });
  await migrate(database);
});
afterAll(() => database.close());

type Column = { type: string; nullable: boolean };
type Table = { columns: Record<string, Column>; primaryKey: string[] };

/** One spelling per type, as information_schema and Drizzle's SQL types write them. */
function normalisedType(type: string): string {
  const spelled = type
    .toLowerCase()
    .replace(/^(serial|int4)$/, 'integer')
    .replace(/^int8$/, 'bigint')
    .replace(/^bool$/, 'boolean')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^timestamp(\(\d\))? with time zone$/, 'timestamptz')
    .replace(/^timestamp(\(\d\))?( without time zone)?$/, 'timestamp')
    .replace(/^character varying(\(\d+\))?$/, 'varchar')
    .replace(/^varchar\(\d+\)$/, 'varchar')
    .replace(/^double precision$/, 'float8')
    .replace(/^numeric\(\d+, ?\d+\)$/, 'numeric');
  return spelled;
}

function declaredTables(): Record<string, Table> {
  const tables: Record<string, Table> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns: Record<string, Column> = {};
    for (const column of config.columns) {
      columns[column.name] = { type: normalisedType(column.getSQLType()), nullable: !column.notNull };
    }
    const primaryKey = [
      ...config.columns.filter((column) => column.primary).map((column) => column.name),
      ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
    ].sort();
    tables[config.name] = { columns, primaryKey };
  }
  return tables;
}

async function migratedTables(): Promise<Record<string, Table>> {
  const columnRows = await database.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
  }>(
    `select table_name, column_name, data_type, udt_name, is_nullable
       from information_schema.columns
      where table_schema = current_schema() and table_name <> 'schema_migrations'`,
  );
  const keyRows = await database.query<{ table_name: string; column_name: string }>(
    `select tc.table_name, kcu.column_name
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu
         on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'`,
  );
  const tables: Record<string, Table> = {};
  for (const row of columnRows) {
    const table = tables[row.table_name] ?? { columns: {}, primaryKey: [] };
    tables[row.table_name] = table;
    const type =
      row.data_type === 'ARRAY'
        ? `${normalisedType(row.udt_name.replace(/^_/, ''))}[]`
        : row.data_type === 'USER-DEFINED'
          ? row.udt_name
          : row.data_type;
    table.columns[row.column_name] = { type: normalisedType(type), nullable: row.is_nullable === 'YES' };
  }
  for (const row of keyRows) tables[row.table_name]?.primaryKey.push(row.column_name);
  for (const table of Object.values(tables)) table.primaryKey.sort();
  return tables;
}

describe('the Drizzle schema', () => {
  it('matches the database the migrations build: tables, columns, types, nullability, primary keys', async () => {
    expect(declaredTables()).toEqual(await migratedTables());
  });
});
