import fs from 'node:fs/promises';
import { addDays, todayIn } from '@puja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { orderVersion, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEntries, orders, users } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';

/** Re-dating an order to the day it already has changes nothing and tells nobody. */

let harness: TestApp;
let staff = '';
let patron = '';
let monasteryId = 0;
let pujaId = 0;
const today = todayIn('Asia/Kathmandu');

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const monastery = await insertMonastery(db, { slug: 'same-day-gompa', name: 'Same Day Gompa' });
  const puja = await insertPuja(db, { slug: 'same-day-puja', name: 'Same Day Puja' });
  await offer(db, monastery.id, puja.id, 2500);
  monasteryId = monastery.id;
  pujaId = puja.id;
  patron = (await signInByPhone(harness, '9817100001')).token;
  const member = await signInByPhone(harness, '9817100002');
  await db
    .update(users)
    .set({ role: 'monastery', monasteryId: monastery.id })
    .where(eq(users.id, member.user.id));
  staff = member.token;
});
afterAll(() => harness.close());

/** The SMS outbox so far, once the queued notices have been sent. */
const outbox = async () => {
  await harness.app.jobs.runDueJobs();
  return fs.readFile(outboxFile(harness.dataDirectory), 'utf8').catch(() => '');
};

describe('re-dating to the same day', () => {
  it('answers 422 on date, with no audit entry and no SMS; another day still works', async () => {
    const date = addDays(today, 5);
    const placed = await harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(patron),
      payload: { monastery: monasteryId, puja: pujaId, cost: 2500, date, payment: 'khalti' },
    });
    const id: number = placed.json().order.id;
    await payOrder(harness.database.db, id);
    const textsBefore = await outbox();
    const audited = () =>
      harness.database.db.$count(
        auditEntries,
        and(eq(auditEntries.subjectType, 'order'), eq(auditEntries.subjectId, id)),
      );
    const auditBefore = await audited();
    const [rowBefore] = await harness.database.db.select().from(orders).where(eq(orders.id, id));

    const same = await harness.app.inject({
      method: 'POST',
      url: `/api/order/${id}`,
      headers: bearer(staff),
      payload: { _method: 'patch', date, version: await orderVersion(harness.database.db, id) },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toEqual({
      message: "That is already the puja's date.",
      errors: { date: ["That is already the puja's date."] },
    });
    expect(await audited()).toBe(auditBefore);
    expect(await outbox()).toBe(textsBefore);
    const [rowAfter] = await harness.database.db.select().from(orders).where(eq(orders.id, id));
    expect(rowAfter).toEqual(rowBefore);

    const moved = await harness.app.inject({
      method: 'PATCH',
      url: `/api/order/${id}`,
      headers: bearer(staff),
      payload: { date: addDays(today, 6), version: await orderVersion(harness.database.db, id) },
    });
    expect(moved.statusCode).toBe(200);
    expect(await audited()).toBe(auditBefore + 1);
    expect((await outbox()).length).toBeGreaterThan(textsBefore.length);
  });
});
