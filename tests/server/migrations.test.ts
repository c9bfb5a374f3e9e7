// @vitest-environment node
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/db/database';

const allMigrations = readdirSync('server/db/migrations')
  .filter((name) => name.endsWith('.sql'))
  .sort();
const postgresUrl = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  it('apply every file once, in order, and nothing the second time', async () => {
    const database = await openDatabase({ url: 'memory://' });
    try {
      expect(await migrate(database)).toEqual(allMigrations);
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.runIf(postgresUrl)('take turns when two processes start together on one PostgreSQL', async () => {
    const schema = `test_${crypto.randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const first = await openDatabase({ url: postgresUrl ?? null, searchPath: schema });
    const second = await openDatabase({ url: postgresUrl ?? null, searchPath: schema });
    try {
      const [a, b] = await Promise.all([migrate(first), migrate(second)]);
      expect([...a, ...b].sort()).toEqual(allMigrations);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
