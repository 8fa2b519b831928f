import fs from 'node:fs/promises';
import path from 'node:path';
import { addDays, todayIn, zonedTimeToUtc } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { insertOrder, insertPerson } from '../../../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { monasteryPujas } from '../../db/schema/index.ts';
import { orderNames, remindersSent } from '../../db/schema/index.ts';
import { emailOutboxFolder } from '../../integrations/email/outbox-email.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { namesLine, timeInZone } from './reminders.service.ts';

/** Reminders the day before a puja and each morning, as durable jobs sent once (docs/decisions/038). */
let harness: TestApp;
let offering: typeof monasteryPujas.$inferSelect;
let quietOffering: typeof monasteryPujas.$inferSelect;
const today = todayIn('Asia/Kathmandu');
const tomorrow = addDays(today, 1);

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  const gompa = await insertMonastery(db, { slug: 'reminder-gompa', name: 'Reminder Gompa' });
  const quiet = await insertMonastery(db, { slug: 'quiet-gompa', name: 'Quiet Gompa' });
  const puja = await insertPuja(db, { slug: 'reminder-puja', name: 'Tara Puja' });
  offering = await offer(db, gompa.id, puja.id, 2500);
  quietOffering = await offer(db, quiet.id, puja.id, 2500);
  for (const monasteryId of [gompa.id, quiet.id])
    await insertPerson(db, { role: 'monastery', monasteryId, language: 'ne', name: 'Staff' });
});
afterAll(() => harness.close());

const sms = async () => {
  await harness.app.jobs.runDueJobs();
  return (await fs.readFile(outboxFile(harness.dataDirectory), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string });
};
const emails = async () => {
  const folder = emailOutboxFolder(harness.dataDirectory);
  const files = await fs.readdir(folder).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .map(async (file) => simpleParser(await fs.readFile(path.join(folder, file)))),
  );
};
/** Runs a reminder job as the schedule would: queued, then worked by the queue. */
const runJob = async (name: 'remind-patrons' | 'remind-staff') => {
  await enqueueJob(harness.database.db, name, {});
  await harness.app.jobs.runDueJobs();
};

describe('the patron’s reminder the day before', () => {
  it('is sent once per order, however often the job runs, and not for a cancelled or declined order', async () => {
    const { db } = harness.database;
    const patron = await insertPerson(db, { name: 'Dolma', language: 'en' });
    const reminded = await insertOrder(db, offering, {
      userId: patron.id,
      status: 'approved',
      pujaDate: tomorrow,
      pujaTime: '07:30',
    });
    await db.insert(orderNames).values(
      ['Ama Dolma', 'Pasang', 'Nima', 'Karma', 'Tashi'].map((name, position) => ({
        orderId: reminded.id,
        position,
        name,
      })),
    );
    const cancelled = await insertOrder(db, offering, {
      userId: patron.id,
      status: 'cancelled',
      pujaDate: tomorrow,
    });
    const declined = await insertOrder(db, offering, {
      userId: patron.id,
      status: 'declined',
      pujaDate: tomorrow,
    });
    const notTomorrow = await insertOrder(db, offering, {
      userId: patron.id,
      status: 'approved',
      pujaDate: addDays(today, 2),
    });

    await runJob('remind-patrons');
    await runJob('remind-patrons');
    const sent = (await sms()).filter((message) => message.text.includes('Tomorrow: '));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: patron.phone });
    expect(sent[0]!.text).toBe(
      `${reminded.number}: Tomorrow: your Tara Puja, at 07:30 Nepal time. Names: Ama Dolma, Pasang, Nima, +2 more http://localhost:3000/orders?oid=${reminded.id}`,
    );
    for (const order of [cancelled, declined, notTomorrow])
      expect(sent.some((message) => message.text.startsWith(order.number))).toBe(false);
    const claimed = await db.select().from(remindersSent).where(eq(remindersSent.kind, 'patron-day-before'));
    expect(claimed).toEqual([expect.objectContaining({ subjectId: reminded.id, day: tomorrow })]);
  });

  it('comes by e-mail when chosen, in the patron’s language, with their own time and every name', async () => {
    const { db } = harness.database;
    const patron = await insertPerson(db, {
      name: 'Pema',
      language: 'zh-Hant',
      email: 'pema@example.test',
      reminderChannel: 'email',
      timeZone: 'Asia/Taipei',
    });
    const order = await insertOrder(db, offering, {
      userId: patron.id,
      status: 'approved',
      pujaDate: tomorrow,
      pujaTime: '07:00',
    });
    await db.insert(orderNames).values({ orderId: order.id, position: 0, name: '陳大明' });
    const smsBefore = (await sms()).length;
    await runJob('remind-patrons');
    await runJob('remind-patrons');
    expect((await sms()).length).toBe(smsBefore);
    const mails = (await emails()).filter((mail) => mail.subject?.startsWith(order.number));
    expect(mails).toHaveLength(1);
    // 07:00 in Kathmandu (UTC+5:45) is 09:15 in Taipei (UTC+8).
    expect(mails[0]!.text).toContain('尼泊爾時間 07:00（您的時間 09:15）');
    expect(mails[0]!.text).toContain('祈福對象：陳大明');
    expect(mails[0]!.subject).toBe(`${order.number}: 明天：您的Tara Puja`);
  });

  it('goes out late, once, saying “today”, when the evening’s slot ran after midnight; not for a puja begun', async () => {
    const { db } = harness.database;
    const patron = await insertPerson(db, { name: 'Lhakpa', language: 'en' });
    // A monastery of its own (without staff), so the morning reminder's count below is not changed.
    const lateGompa = await insertMonastery(db, { slug: 'late-gompa', name: 'Late Gompa' });
    const lateOffering = await offer(db, lateGompa.id, offering.pujaId, 2500);
    // Missed on the evening before: the server was down at 23:00 and back after midnight.
    const late = await insertOrder(db, lateOffering, {
      userId: patron.id,
      status: 'approved',
      pujaDate: today,
      pujaTime: '23:59',
    });
    const begun = await insertOrder(db, lateOffering, {
      userId: patron.id,
      status: 'approved',
      pujaDate: today,
      pujaTime: '00:00',
    });
    const nextDay = await insertOrder(db, lateOffering, {
      userId: patron.id,
      status: 'approved',
      pujaDate: tomorrow,
    });
    // The 23:15 slot of yesterday (Nepal), as graphile-worker's backfill hands it over.
    const slot = zonedTimeToUtc(addDays(today, -1), '23:15', 'Asia/Kathmandu');
    for (let run = 0; run < 2; run += 1) {
      await enqueueJob(db, 'remind-patrons', { _cron: { ts: slot.toISOString(), backfilled: true } });
      await harness.app.jobs.runDueJobs();
    }
    const texts = (await sms()).map((message) => message.text);
    const about = (order: { number: string }) => texts.filter((text) => text.startsWith(`${order.number}: `));
    expect(about(late)).toEqual([
      `${late.number}: Today: your Tara Puja, at 23:59 Nepal time. http://localhost:3000/orders?oid=${late.id}`,
    ]);
    expect(about(begun)).toEqual([]);
    // Tomorrow's puja is the next evening's, not this late slot's.
    expect(about(nextDay)).toEqual([]);
  });

  it('is not sent to a patron who chose none', async () => {
    const { db } = harness.database;
    const patron = await insertPerson(db, { reminderChannel: 'none' });
    const order = await insertOrder(db, offering, {
      userId: patron.id,
      status: 'approved',
      pujaDate: tomorrow,
    });
    await runJob('remind-patrons');
    expect((await sms()).some((message) => message.text.startsWith(order.number))).toBe(false);
  });
});

describe('the staff’s morning reminder', () => {
  it('tells each monastery with pujas today once, with the count and the run sheet; none without pujas', async () => {
    const { db } = harness.database;
    const patron = await insertPerson(db);
    for (const status of ['approved', 'approved', 'cancelled'] as const)
      await insertOrder(db, offering, { userId: patron.id, status, pujaDate: today });
    // The quiet monastery's only order today was declined: no pujas, no reminder.
    await insertOrder(db, quietOffering, { userId: patron.id, status: 'declined', pujaDate: today });
    await runJob('remind-staff');
    await runJob('remind-staff');
    const morning = (await sms()).filter((message) => message.text.includes('/monastery/run-sheet'));
    expect(morning).toHaveLength(1);
    expect(morning[0]!.text).toBe(
      `आज, ${today} का पूजाहरू: 2। पूजा सूची: http://localhost:3000/monastery/run-sheet`,
    );
  });
});

describe('what a reminder writes', () => {
  it('names the first few and how many more', () => {
    expect(namesLine('en', ['A', 'B'], 2)).toBe('Names: A, B');
    expect(namesLine('en', ['A', 'B', 'C'], 30)).toBe('Names: A, B, C, +27 more');
  });

  it('gives the time in the patron’s zone, with their day when it differs, and nothing when it is Nepal’s', () => {
    expect(timeInZone('2026-12-03', '07:00', 'Asia/Kathmandu', 'Europe/London')).toBe('01:15');
    expect(timeInZone('2026-12-03', '05:00', 'Asia/Kathmandu', 'America/New_York')).toBe('2026-12-02 18:15');
    expect(timeInZone('2026-12-03', '07:00', 'Asia/Kathmandu', 'Asia/Kathmandu')).toBeUndefined();
  });
});
