import fs from 'node:fs/promises';
import { APPROVE_MANY_LIMIT, addDays, todayIn } from '@puja/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../../test/catalogue-fixtures.ts';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { insertOrder, insertPerson, payOrder } from '../../../test/order-fixtures.ts';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { auditEntries, ledgerEntries, orders, users } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';
import { toCsv } from '../../lib/csv.ts';
import { searchOf } from './back-office-orders.queries.ts';

/**
 * Issue 30 (docs/decisions/039): approving many orders at once, search as people type it, no completion
 * before the puja's day, and exports that open right.
 */
let money: MoneyHarness;
const today = todayIn('Asia/Kathmandu');
/** A second monastery, its staff, and one of its paid orders. */
const other = { staff: '', paidOrder: 0 };

const approveMany = (orderIds: unknown, token = money.tokens.staff) =>
  money.app.inject({
    method: 'POST',
    url: '/api/orders/approve-many',
    headers: bearer(token),
    payload: { order_ids: orderIds },
  });
/** How many SMS have gone out so far, once the queued notices are sent. */
const textsSent = async () => {
  await money.app.jobs.runDueJobs();
  const lines = await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8').catch(() => '');
  return lines.split('\n').filter(Boolean).length;
};
const statusOf = async (orderId: number) =>
  (await money.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
/** A paid order of the harness's monastery, `daysAhead` days from today. */
async function paidOrder(daysAhead = 3): Promise<number> {
  const id = await money.placeOrder({ daysAhead });
  await payOrder(money.db, id);
  return id;
}

beforeAll(async () => {
  money = await createMoneyHarness();
  const gompa = await insertMonastery(money.db, { slug: 'other-gompa', name: 'Other Gompa' });
  const puja = await insertPuja(money.db, { slug: 'other-puja', name: 'Other Puja' });
  const offering = await offer(money.db, gompa.id, puja.id, 1000);
  const member = await signInByPhone(money.harness, '9818700001');
  await money.db
    .update(users)
    .set({ role: 'monastery', monasteryId: gompa.id })
    .where(eq(users.id, member.user.id));
  other.staff = member.token;
  const patron = await insertPerson(money.db, { name: 'Other Patron' });
  const order = await insertOrder(money.db, offering, { userId: patron.id, pujaDate: addDays(today, 5) });
  other.paidOrder = (await payOrder(money.db, order.id)).id;
}, 60_000);
afterAll(() => money.close());

describe('approving many orders at once', () => {
  it('approves the valid orders of a mixed batch and says why each other one was refused', async () => {
    const [paidA, paidB] = [await paidOrder(), await paidOrder(4)];
    const unpaid = await money.placeOrder();
    const alreadyApproved = await paidOrder();
    expect((await money.approve(alreadyApproved)).statusCode).toBe(200);
    const textsBefore = await textsSent();

    const answer = await approveMany([
      paidA,
      unpaid,
      other.paidOrder,
      alreadyApproved,
      999_999,
      paidB,
      paidA,
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(
      body.results.map((result: { order_id: number; outcome: string; reason: string | null }) => [
        result.order_id,
        result.outcome,
        result.reason,
      ]),
    ).toEqual([
      [paidA, 'approved', null],
      [unpaid, 'refused', 'not_paid'],
      [other.paidOrder, 'refused', 'other_monastery'],
      [alreadyApproved, 'refused', 'not_pending'],
      [999_999, 'refused', 'not_found'],
      [paidB, 'approved', null],
    ]);
    expect([body.approved, body.refused]).toEqual([2, 4]);
    // Another monastery's order is not described, not even by its number.
    expect(body.results[2].number).toBeNull();

    expect(await statusOf(paidA)).toBe('approved');
    expect(await statusOf(paidB)).toBe('approved');
    expect(await statusOf(unpaid)).toBe('pending');
    expect(await statusOf(other.paidOrder)).toBe('pending');
    // The same audit entry as one approval, one per approved order, and each patron's notice queued.
    for (const id of [paidA, paidB]) {
      const entries = await money.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.subjectId, id), eq(auditEntries.action, 'approve')));
      expect(entries).toHaveLength(1);
      expect(entries[0]!.after).toMatchObject({ status: 'approved' });
    }
    expect(await textsSent()).toBe(textsBefore + 2);
  });

  it('changes no money: approving many moves nothing in the ledger, as one approval does not', async () => {
    const id = await paidOrder();
    const before = await money.db.$count(ledgerEntries);
    expect((await approveMany([id])).json().approved).toBe(1);
    expect(await money.db.$count(ledgerEntries)).toBe(before);
  });

  it('lets no staff member approve another monastery’s orders, and no patron or administrator use it', async () => {
    const own = await paidOrder();
    const answer = (await approveMany([own], other.staff)).json();
    expect(answer.results[0]).toMatchObject({ outcome: 'refused', reason: 'other_monastery', number: null });
    expect(await statusOf(own)).toBe('pending');
    expect((await approveMany([own], money.tokens.patron)).statusCode).toBe(403);
    expect((await approveMany([own], money.tokens.admin)).statusCode).toBe(403);
    expect(
      (
        await money.app.inject({
          method: 'POST',
          url: '/api/orders/approve-many',
          payload: { order_ids: [own] },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses an empty, oversized or malformed batch with a 422 and changes nothing', async () => {
    const id = await paidOrder();
    const tooMany = Array.from({ length: APPROVE_MANY_LIMIT + 1 }, (_, index) => index + 1);
    for (const bad of [[], tooMany, ['x'], [0], 'all', null, [id, -1]]) {
      expect((await approveMany(bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(422);
    }
    expect(await statusOf(id)).toBe('pending');
  });

  it('gives the ids every matching order has, for "select all that match", at most the limit', async () => {
    const day = addDays(today, 40);
    const ids = [await paidOrder(40), await paidOrder(40)];
    const answer = await money.app.inject({
      url: `/api/orders/ids?status=to_approve&from=${day}&to=${day}`,
      headers: bearer(money.tokens.staff),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ids, total: 2 });
    const foreign = await money.app.inject({
      url: `/api/orders/ids?status=to_approve&from=${day}&to=${day}`,
      headers: bearer(other.staff),
    });
    expect(foreign.json()).toEqual({ ids: [], total: 0 });
  });
});

describe('search as people type it', () => {
  it('reads a phone number with any spacing, +country or trunk 0 as one number', () => {
    expect(searchOf('+977 981-2100005')).toEqual({ phone: '+9779812100005', words: [] });
    expect(searchOf('981 210 0005')).toEqual({ phone: '+9779812100005', words: [] });
    expect(searchOf('(981) 210.0005')).toEqual({ phone: '+9779812100005', words: [] });
    expect(searchOf('+44 07911 123456')).toEqual({ phone: '+447911123456', words: [] });
    expect(searchOf('+44 7911 123456')).toEqual({ phone: '+447911123456', words: [] });
    expect(searchOf('9851112')).toEqual({ digits: '9851112', words: [] });
    expect(searchOf('PJ-7K3M9Q')).toEqual({ words: ['7k3m9q'] });
    expect(searchOf('pj 7k3m9q')).toEqual({ words: ['7k3m9q'] });
    expect(searchOf('Dólma  SHERPA')).toEqual({ words: ['dolma', 'sherpa'] });
  });

  it('finds a patron’s orders, and only theirs, by their phone as typed; numbers with or without PJ-; names without accents', async () => {
    const gompa = await insertMonastery(money.db, { slug: 'search-gompa', name: 'Search Gompa' });
    const puja = await insertPuja(money.db, { slug: 'search-puja', name: 'Search Puja' });
    const offering = await offer(money.db, gompa.id, puja.id, 1000);
    const member = await signInByPhone(money.harness, '9818700002');
    await money.db
      .update(users)
      .set({ role: 'monastery', monasteryId: gompa.id })
      .where(eq(users.id, member.user.id));
    const dawa = await insertPerson(money.db, { name: 'Dáwa Pálmo', phone: '+9779812100005' });
    // Numbers that share digits with Dawa's: a search by Dawa's number must not find them.
    const near = await insertPerson(money.db, { name: 'Near Number', phone: '+9779812100050' });
    const third = await insertPerson(money.db, { name: 'Third', phone: '+9779810002100' });
    const dawaOrders = [
      await insertOrder(money.db, offering, { userId: dawa.id, pujaDate: addDays(today, 2) }),
      await insertOrder(money.db, offering, { userId: dawa.id, pujaDate: addDays(today, 3) }),
    ];
    await insertOrder(money.db, offering, { userId: near.id, pujaDate: addDays(today, 2) });
    await insertOrder(money.db, offering, { userId: third.id, pujaDate: addDays(today, 2) });
    const search = async (q: string) => {
      const response = await money.app.inject({
        url: `/api/orders?q=${encodeURIComponent(q)}`,
        headers: bearer(member.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().orders as { id: number }[]).map((order) => order.id).sort();
    };
    const dawaIds = dawaOrders.map((order) => order.id).sort();
    for (const typed of ['+977 981-2100005', '981 210 0005', '9812100005', '+9779812100005', '09812100005'])
      expect(await search(typed), typed).toEqual(dawaIds);
    const number = dawaOrders[0]!.number;
    expect(await search(number)).toEqual([dawaOrders[0]!.id]);
    expect(await search(number.slice(3))).toEqual([dawaOrders[0]!.id]);
    expect(await search(number.slice(3).toLowerCase())).toEqual([dawaOrders[0]!.id]);
    expect(await search('dawa palmo')).toEqual(dawaIds);
    expect(await search('DÁWA')).toEqual(dawaIds);
  });
});

describe('no completion before the puja’s day (Nepal time)', () => {
  it('refuses to complete an approved puja before its day with a 409, and offers no completion', async () => {
    const id = await paidOrder(2);
    expect((await money.approve(id)).statusCode).toBe(200);
    const early = await money.complete(id, { early: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `This puja is on ${addDays(today, 2)} (Nepal time): it can be marked completed from that day on.`,
    );
    expect(await statusOf(id)).toBe('approved');
    const page = await money.app.inject({ url: `/api/orders/${id}`, headers: bearer(money.tokens.staff) });
    expect(page.json().actions.complete).toBe(false);
  });

  it('completes it on its day', async () => {
    const id = await paidOrder(0);
    expect((await money.approve(id)).statusCode).toBe(200);
    const page = await money.app.inject({ url: `/api/orders/${id}`, headers: bearer(money.tokens.staff) });
    expect(page.json().actions.complete).toBe(true);
    expect((await money.complete(id)).statusCode).toBe(200);
  });
});

describe('exports that open right', () => {
  it('keeps a phone number as text without an apostrophe, and still makes formulas inert', () => {
    const csv = toCsv(
      ['phone', 'name', 'amount'],
      [
        [{ text: '+9779812100005' }, { text: '=HYPERLINK("x")' }, '-2250.00'],
        [{ text: null }, '+SUM(A1)', 12],
      ],
    );
    expect(csv).toBe(
      'phone,name,amount\r\n"+9779812100005","\'=HYPERLINK(""x"")",-2250.00\r\n"",\'+SUM(A1),12\r\n',
    );
  });

  it('exports the payments with a byte-order mark, Nepal times with their offset, the order’s status and phones as text', async () => {
    const id = await paidOrder();
    const response = await money.app.inject({
      url: '/api/admin/payments/export.csv',
      headers: bearer(money.tokens.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = text.slice(1).trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual(expect.arrayContaining(['order_status', 'status', 'paid_at', 'phone']));
    const [row] = await money.db.select().from(orders).where(eq(orders.id, id));
    const line = rows.find((candidate) => candidate.startsWith(row!.number))!;
    expect(line).toContain(',pending,');
    expect(line).toMatch(/"\+977\d{10}"/);
    expect(line).not.toContain("'+977");
    expect(line).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:45,/);
  });

  it('exports the staff’s own orders as CSV in their words, and only their monastery’s', async () => {
    const id = await paidOrder(6);
    const response = await money.app.inject({
      url: '/api/orders/export.csv?status=to_approve',
      headers: bearer(money.tokens.staff),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = text.slice(1).trim().split('\r\n');
    expect(header).toBe(
      'order,status,payment_status,patron,phone,puja,puja_date,puja_time,amount_npr,names,intention,placed_at',
    );
    const [row] = await money.db.select().from(orders).where(eq(orders.id, id));
    const line = rows.find((candidate) => candidate.startsWith(row!.number))!;
    expect(line).toContain(`${row!.number},to_approve,Completed,`);
    expect(line).toContain(addDays(today, 6));
    expect(line).toMatch(/\+05:45$/);
    const foreign = await money.app.inject({
      url: '/api/orders/export.csv',
      headers: bearer(other.staff),
    });
    expect(foreign.rawPayload.toString('utf8')).not.toContain(row!.number);
    expect(
      (await money.app.inject({ url: '/api/orders/export.csv', headers: bearer(money.tokens.patron) }))
        .statusCode,
    ).toBe(403);
  });
});
