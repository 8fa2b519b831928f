import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../../db/client.ts';

/** Whether the database answers at all (readiness). Throws when it does not. */
export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1');
}

/** The job queue's jobs: due now (waiting for a worker), scheduled later, or out of attempts. */
export async function countJobsByState(
  db: Executor,
): Promise<{ due: number; later: number; failed: number }> {
  const result = await db.execute<{ due: string; later: string; failed: string }>(sql`
    SELECT count(*) FILTER (WHERE attempts < max_attempts AND run_at <= now()) AS due,
           count(*) FILTER (WHERE attempts < max_attempts AND run_at > now()) AS later,
           count(*) FILTER (WHERE attempts >= max_attempts) AS failed
    FROM graphile_worker._private_jobs`);
  const row = result.rows[0]!;
  return { due: Number(row.due), later: Number(row.later), failed: Number(row.failed) };
}
