import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { snapshotMigratedDatabase } from '../../server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory on disk, or '' on PostgreSQL (each file migrates its schema). */
    migratedSnapshotPath: string;
  }
}

/**
 * Migrates one PGlite database for the whole server suite, so each test portal loads it in place of
 * creating and migrating its own (tests/server/support.ts). The migrations themselves are still
 * applied from nothing by migrations.test.ts, and on PostgreSQL by every file.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedSnapshotPath', '');
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'portal-server-tests-'));
  const path = join(folder, 'migrated.tar');
  writeFileSync(path, Buffer.from(await (await snapshotMigratedDatabase()).arrayBuffer()));
  project.provide('migratedSnapshotPath', path);
  return () => rmSync(folder, { recursive: true, force: true });
}
