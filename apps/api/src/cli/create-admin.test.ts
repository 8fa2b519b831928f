import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';

const run = promisify(execFile);
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const createAdmin = (...args: string[]) =>
  run('npx', ['tsx', path.join(import.meta.dirname, 'create-admin.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: database.url },
  });

// Each case starts `tsx` in a process of its own: 20 s was not enough on a loaded two-core machine.
describe('npm run create-admin', { timeout: 60_000 }, () => {
  it('creates an administrator, then promotes an existing account', async () => {
    const created = await createAdmin('--phone', '+9779814000001', '--name', 'First Admin');
    expect(created.stdout).toContain('Created administrator +9779814000001');
    await database.db.insert(users).values({ phone: '+9779814000002', role: 'user', name: 'Later Admin' });
    await createAdmin('--phone', '+9779814000002');
    const rows = await database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(rows.map((row) => [row.phone, row.name]).sort()).toEqual([
      ['+9779814000001', 'First Admin'],
      ['+9779814000002', 'Later Admin'],
    ]);
  });

  it('refuses an invalid number and changes nothing', async () => {
    await expect(createAdmin('--phone', '98140')).rejects.toMatchObject({ code: 2 });
    expect(await database.db.$count(users)).toBe(2);
  });
});
