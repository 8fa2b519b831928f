import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { insertPerson } from '../../../test/order-fixtures.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { browserKeys, readPush, startPushStandIn } from '../../../test/stand-ins/push-stand-in.ts';
import { pushSubscriptions, staffNoticesPending, users } from '../../db/schema/index.ts';
import { emailOutboxFolder } from '../../integrations/email/outbox-email.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';
import { createStaffNotices } from './staff-notices.service.ts';

/** Staff told of orders as each chose: SMS, e-mail, web push; each order or a digest (docs/decisions/041). */
let money: MoneyHarness;
let pushService: Awaited<ReturnType<typeof startPushStandIn>>;
/** Digests at a time of the test's choosing: the service over the same database, with a fake clock. */
let digests: ReturnType<typeof createStaffNotices>;
const DIGEST_PHONE = '+9779818000003';
let eachPhone: string;

beforeAll(async () => {
  pushService = await startPushStandIn();
  money = await createMoneyHarness({ WEB_PUSH_SERVICES: pushService.origin });
  digests = createStaffNotices({
    db: money.db,
    sms: true,
    publicUrl: 'http://money.test',
    businessTimeZone: 'Asia/Kathmandu',
  });
  const each = await insertPerson(money.db, {
    role: 'monastery',
    monasteryId: money.monasteryId,
    language: 'en',
  });
  eachPhone = each.phone!;
});
afterAll(async () => {
  await money?.close();
  await pushService?.close();
});

const texts = async (to: string) => {
  await money.app.jobs.runDueJobs();
  const lines = await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8').catch(() => '');
  return lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((message) => message.to === to && !/sign-in code/.test(message.text))
    .map((message) => message.text);
};
const settings = (body: object, token = money.tokens.staff) =>
  money.app.inject({ method: 'PATCH', url: '/api/me/staff-notices', headers: bearer(token), payload: body });
const paidOrder = async () => {
  const id = await money.placeOrder();
  await money.pay(id);
  return id;
};
const minutes = (count: number) => count * 60_000;

describe('how often staff are told', () => {
  it('30 paid orders in 15 minutes: 30 SMS for each-order staff, one digest for 15-minute staff', async () => {
    const chosen = await settings({ sms: true, email: false, push: false, frequency: 'quarter-hour' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ frequency: 'quarter-hour', has_phone: true, push_devices: 0 });

    const start = new Date();
    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) ids.push(await paidOrder());

    const each = await texts(eachPhone);
    expect(each).toHaveLength(30);
    // Each SMS opens its own order on the staff's side.
    expect(each[0]).toContain(`http://money.test/monastery/orders/${ids[0]}`);
    expect(each[29]).toContain(`/monastery/orders/${ids[29]}`);
    expect(await texts(DIGEST_PHONE)).toEqual([]);
    // Waiting as rows, not in memory.
    expect(await money.db.select().from(staffNoticesPending)).toHaveLength(30);

    expect(await digests.sendDigests(new Date(start.getTime() + minutes(14)))).toBe(0);
    expect(await texts(DIGEST_PHONE)).toEqual([]);
    expect(await digests.sendDigests(new Date(Date.now() + minutes(15)))).toBe(1);
    const digest = await texts(DIGEST_PHONE);
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatch(/^30 new notices about your orders: PJ-\w+, PJ-\w+, PJ-\w+, \+27 more\./);
    expect(digest[0]).toContain('http://money.test/monastery/orders?status=to_approve');
    expect(await money.db.select().from(staffNoticesPending)).toHaveLength(0);
    // Told once: a second run finds nothing.
    expect(await digests.sendDigests(new Date(Date.now() + minutes(30)))).toBe(0);
    expect(await texts(DIGEST_PHONE)).toHaveLength(1);
  });

  it('an hourly digest waits an hour from its first notice; a daily one goes at 07:00 Nepal time', async () => {
    await settings({ sms: true, email: false, push: false, frequency: 'hourly' });
    const start = new Date();
    await paidOrder();
    await paidOrder();
    expect(await digests.sendDigests(new Date(start.getTime() + minutes(59)))).toBe(0);
    expect(await digests.sendDigests(new Date(Date.now() + minutes(60)))).toBe(1);
    expect((await texts(DIGEST_PHONE)).at(-1)).toMatch(/^2 new notices about your orders/);

    await settings({ sms: true, email: false, push: false, frequency: 'daily' });
    await paidOrder();
    // 07:00 in Nepal is 01:15 UTC: the first 07:00 after the order sends it, not an hour later.
    const next0700 = new Date(Date.now());
    next0700.setUTCHours(1, 15, 0, 0);
    if (next0700.getTime() <= Date.now()) next0700.setUTCDate(next0700.getUTCDate() + 1);
    expect(await digests.sendDigests(new Date(next0700.getTime() - 1000))).toBe(0);
    expect(await digests.sendDigests(next0700)).toBe(1);
    expect((await texts(DIGEST_PHONE)).at(-1)).toMatch(/^1 new notices about your orders/);
  });
});

describe('e-mail and web push', () => {
  it('e-mails a staff member who chose e-mail, with the order’s link, composed in their language', async () => {
    const staffId = (await money.db.select().from(users).where(eq(users.phone, DIGEST_PHONE)))[0]!.id;
    await money.db
      .update(users)
      .set({ email: 'tenzin@kopan.example', language: 'zh-Hant' })
      .where(eq(users.id, staffId));
    expect(
      (await settings({ sms: false, email: true, push: false, frequency: 'each' })).json(),
    ).toMatchObject({
      has_email: true,
      email: true,
    });
    const before = await texts(DIGEST_PHONE);
    const id = await paidOrder();
    await money.app.jobs.runDueJobs();
    expect(await texts(DIGEST_PHONE)).toEqual(before);
    const folder = emailOutboxFolder(money.harness.dataDirectory);
    const mails = await Promise.all(
      (await fs.readdir(folder)).map(async (file) =>
        simpleParser(await fs.readFile(path.join(folder, file))),
      ),
    );
    const mine = mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes('tenzin@kopan.example'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(/^預約 PJ-/);
    expect(mine[0]!.text).toContain(`http://money.test/monastery/orders/${id}`);
    expect(mine[0]!.text).toContain('http://money.test/monastery/account');
  });

  it('sends a signed, encrypted push to each device, and forgets a device its push service dropped', async () => {
    const phone = await settings({ sms: false, email: false, push: true, frequency: 'each' });
    expect(phone.json().vapid_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const keys = browserKeys();
    const endpoint = `${pushService.origin}/push/device-1`;
    const subscribed = await money.app.inject({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      headers: bearer(money.tokens.staff),
      payload: { endpoint, keys: keys.json },
    });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().push_devices).toBe(1);

    const id = await paidOrder();
    await money.app.jobs.runDueJobs();
    expect(pushService.pushes).toHaveLength(1);
    const push = readPush(pushService.pushes[0]!, pushService.origin, keys);
    expect(push.serverKey).toBe(phone.json().vapid_public_key);
    expect(push.claims.sub).toBe('mailto:office@example.org');
    expect(push.message.url).toBe(`http://money.test/monastery/orders/${id}`);
    expect(push.message.title).toMatch(/^PJ-/);
    expect(pushService.pushes[0]!.headers.ttl).toBe('86400');

    pushService.answer('/push/device-1', 410);
    await paidOrder();
    await money.app.jobs.runDueJobs();
    expect(pushService.pushes).toHaveLength(2);
    expect(await money.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('refuses a push service it does not know, and anyone but staff', async () => {
    const keys = browserKeys();
    const elsewhere = await money.app.inject({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      headers: bearer(money.tokens.staff),
      payload: { endpoint: 'https://169.254.169.254/latest/meta-data', keys: keys.json },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.endpoint).toBeDefined();
    expect(await money.db.select().from(pushSubscriptions)).toEqual([]);

    const patron = await money.app.inject({
      method: 'GET',
      url: '/api/me/staff-notices',
      headers: bearer(money.tokens.patron),
    });
    expect(patron.statusCode).toBe(403);
    const bad = await settings({ sms: true, email: false, push: false, frequency: 'weekly' });
    expect(bad.statusCode).toBe(422);
  });
});
