import type { Database } from '../../db/database';

export type RouterDeps = { db: Database; now: () => Date };
