import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { runAdmin, withDatabase } from '../../test/global-setup.ts';
import { connectDatabase, migrateDatabase } from './client.ts';

describe('migrations', () => {
  it('run once when two instances start together on an empty database', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `puja_migrate_${randomBytes(4).toString('hex')}`;
    await runAdmin(adminUrl, `CREATE DATABASE "${name}"`);
    const first = connectDatabase(withDatabase(adminUrl, name), 1);
    const second = connectDatabase(withDatabase(adminUrl, name), 1);
    try {
      await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
      const applied = await first.db.execute<{ count: string }>(
        sql`SELECT count(*) FROM drizzle.__drizzle_migrations`,
      );
      expect(Number(applied.rows[0]!.count)).toBeGreaterThanOrEqual(3);
      const queue = await first.db.execute(sql`SELECT graphile_worker.add_job('send-sms', '{}'::json)`);
      expect(queue.rowCount).toBe(1);
    } finally {
      await first.close();
      await second.close();
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
