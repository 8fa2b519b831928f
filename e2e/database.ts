import path from 'node:path';
import pg from 'pg';
import { findRunningEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';

/**
 * The database of the server under test (its embedded PostgreSQL, found from the data folder
 * playwright.config.ts gives it), for what a test cannot wait for in real time: a digest's hour. Used only
 * to move time, never to set up what the app itself can be asked to do.
 */
const dataDirectory =
  process.env.E2E_DATA_DIR ?? path.join('/tmp', `puja-e2e-${Number(process.env.E2E_PORT ?? 3100)}`);

export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const connectionString = await findRunningEmbeddedPostgres(dataDirectory);
  if (!connectionString) throw new Error(`No embedded PostgreSQL runs for ${dataDirectory}`);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Moves the notices waiting for the digest of the staff member with `phone` (E.164) `minutes` into the
 * past, as if they had waited that long: the every-minute digest job then finds them due.
 */
export async function ageWaitingNotices(phone: string, minutes: number): Promise<number> {
  return withDatabase(async (client) => {
    const moved = await client.query(
      `UPDATE staff_notices_pending SET created_at = created_at - make_interval(mins => $2)
       WHERE user_id = (SELECT id FROM users WHERE phone = $1)`,
      [phone, minutes],
    );
    return moved.rowCount ?? 0;
  });
}

/** How many notices wait for the digest of the staff member with `phone` (E.164). */
export async function waitingNotices(phone: string): Promise<number> {
  return withDatabase(async (client) => {
    const waiting = await client.query<{ count: string }>(
      `SELECT count(*) FROM staff_notices_pending WHERE user_id = (SELECT id FROM users WHERE phone = $1)`,
      [phone],
    );
    return Number(waiting.rows[0]?.count ?? 0);
  });
}
