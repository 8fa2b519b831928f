import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;
/** What `db.transaction` hands its callback: writes that must commit or roll back together take this. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or one of its transactions: a query taking it runs alone or inside its caller's transaction. */
/**
 * How a write locks the row it reads first. `no key update` for an update: it keeps the audited "before"
 * true without blocking the key-share locks other rows' foreign keys take (an audit entry naming its actor,
 * an order naming its offering), which is what would otherwise deadlock. `update` for a delete: new rows
 * referring to this one must wait, so they are counted or refused.
 */
export type RowLock = 'update' | 'no key update';
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

// PostgreSQL `date` columns hold business dates (a puja's day in the business time zone): keep them as
// 'YYYY-MM-DD' strings instead of letting node-postgres turn them into midnight in the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function connectDatabase(connectionString: string, poolSize = 10): DatabaseConnection {
  // A request waits at most this long for a connection (the database unreachable, or every connection
  // busy) and then answers 503, rather than hanging until the client gives up (docs/decisions/025).
  // keepAlive: a connection whose server went silent (a network cut, not a refusal) is found dead in
  // seconds of idleness rather than after TCP's many minutes.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // A client that loses its server must not crash the process with an unheard 'error' event: an idle
  // one is dropped by the pool, a checked-out one fails its next query (answered 503, plugins/errors.ts).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** The generated SQL migrations, committed under apps/api/drizzle (found from source and from the bundle). */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db → ../../drizzle; dist → ../drizzle
  return here.endsWith(path.join('src', 'db'))
    ? path.resolve(here, '../../drizzle')
    : path.resolve(here, '../drizzle');
}

/** Any constant shared by every instance: the lock that makes migrations run one instance at a time. */
const MIGRATION_LOCK = 7_240_001;

/**
 * Our tables, then the job queue's own schema (`graphile_worker`, managed by graphile-worker itself).
 * Instances starting together take turns under an advisory lock: the second finds the work done.
 */
export async function migrateDatabase(connection: Pick<DatabaseConnection, 'db' | 'pool'>): Promise<void> {
  // A connection of its own holds the lock, so a pool of one connection still has it free for the work.
  const lockHolder = new pg.Client(connection.pool.options);
  await lockHolder.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(connection.db, { migrationsFolder: migrationsFolder() });
    await runMigrations({ pgPool: connection.pool, logger: new Logger(() => () => undefined) });
  } finally {
    // Ending the session releases its advisory lock.
    await lockHolder.end();
  }
}
