import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.ts';
import { createLocalFileStorage } from '../../integrations/storage/file-storage.ts';
import { users } from '../schema/index.ts';
import { seedDemoData } from './seed-demo-data.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let uploads: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-seed-'));
});
afterAll(async () => {
  await database.drop();
  await fs.rm(uploads, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('fills an empty database with monasteries, pujas, prices, a special puja, pictures and the demo accounts', async () => {
    expect(await seedDemoData(database.db, createLocalFileStorage(uploads))).toBe(true);
    const counts = await database.db.execute<{
      monasteries: number;
      catalogue: number;
      special: number;
      offers: number;
      prices: number;
    }>(sql`
      SELECT (SELECT count(*)::int FROM monasteries) AS monasteries,
             (SELECT count(*)::int FROM pujas WHERE monastery_id IS NULL) AS catalogue,
             (SELECT count(*)::int FROM pujas WHERE monastery_id IS NOT NULL) AS special,
             (SELECT min(n)::int FROM (SELECT count(*) AS n FROM monastery_pujas GROUP BY monastery_id) per) AS offers,
             (SELECT count(DISTINCT cost_paisa)::int FROM monastery_pujas) AS prices`);
    const row = counts.rows[0]!;
    expect(row.monasteries).toBeGreaterThanOrEqual(6);
    expect(row.catalogue).toBeGreaterThanOrEqual(8);
    expect(row.special).toBe(1);
    expect(row.offers).toBeGreaterThanOrEqual(3);
    expect(row.prices).toBeGreaterThan(5);

    const pictures = await fs.readdir(path.join(uploads, 'catalogue'));
    expect(pictures.length).toBe(row.monasteries + row.catalogue + row.special);
    const firstBytes = await fs.readFile(path.join(uploads, 'catalogue', pictures[0]!));
    expect(firstBytes.subarray(8, 12).toString('ascii')).toBe('WEBP');

    const accounts = await database.db
      .select({ phone: users.phone, role: users.role, monasteryId: users.monasteryId })
      .from(users);
    expect(accounts.map((account) => [account.phone, account.role]).sort()).toEqual([
      ['+9779800000001', 'admin'],
      ['+9779800000002', 'monastery'],
      ['+9779800000003', 'user'],
    ]);
    expect(accounts.find((account) => account.role === 'monastery')?.monasteryId).not.toBeNull();
  });

  it('never seeds into a database that already has data', async () => {
    await database.db.execute(sql`DELETE FROM users`);
    expect(await seedDemoData(database.db, createLocalFileStorage(uploads))).toBe(false);
    expect((await database.db.select().from(users)).length).toBe(0);
  });
});
