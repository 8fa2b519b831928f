import fs from 'node:fs/promises';
import { addDays, todayIn } from '@puja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness, PUJA_PRICE } from '../../../test/money-harness.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { auditEntries, ledgerEntries, orders } from '../../db/schema/index.ts';
import { outboxFile } from '../../integrations/sms/outbox-sms.ts';
import { ledgerBalances, ledgerDifferences } from '../ledger/ledger.service.ts';

/**
 * Concerns (docs/decisions/036) through the HTTP API against the real database: who may raise, read and
 * resolve them, the window, one open at a time, the hold from payouts, and each resolution's money: a part
 * refund (commission given back pro rata) before and after a payout, a whole refund, a redo, a rejection.
 */
const today = todayIn('Asia/Kathmandu');
const PRICE_PAISA = PUJA_PRICE * 100;
const COMMISSION = PRICE_PAISA / 10; // COMMISSION_BASIS_POINTS' default, 10 %
const EARNED = PRICE_PAISA - COMMISSION;
let money: MoneyHarness;
beforeAll(async () => {
  money = await createMoneyHarness({ PAYOUT_MINIMUM_PAISA: '100000', CONCERN_WINDOW_DAYS: '14' });
});
afterAll(() => money.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  money.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const admin = (method: Method, url: string, payload?: object) =>
  call(method, url, money.tokens.admin, payload);
const raise = (
  orderId: number,
  payload: object = { kind: 'name_missed', message: 'My mother’s name was not read.' },
  token = money.tokens.patron,
) => call('POST', `/api/order/${orderId}/concern`, token, payload);
const resolve = (concernId: number, payload: object) =>
  admin('POST', `/api/admin/concerns/${concernId}/resolve`, payload);

async function performedOrder(): Promise<number> {
  const id = await money.placeOrder();
  await money.pay(id, 'esewa');
  expect((await money.approve(id)).statusCode).toBe(200);
  expect((await money.complete(id)).statusCode).toBe(200);
  return id;
}

/** Raises a concern on the order and answers its id. */
async function concernOn(orderId: number): Promise<number> {
  const raised = await raise(orderId);
  expect(raised.statusCode, raised.body).toBe(200);
  return raised.json().order.concerns.at(-1).id;
}

/** The monastery's line of the administrators' Payouts view. */
async function owed() {
  const body = (await admin('GET', '/api/admin/payouts')).json();
  return body.monasteries.find(
    (row: { monastery: { id: number } }) => row.monastery.id === money.monasteryId,
  );
}

/** An account's balance for this monastery (or the platform's), credits turned positive. */
async function balance(account: string) {
  const rows = await ledgerBalances(money.db);
  const row = rows.find(
    (candidate) =>
      candidate.account === account && (candidate.monasteryId ?? money.monasteryId) === money.monasteryId,
  );
  return 0 - (row?.balancePaisa ?? 0);
}

/** The postings of the order's entries of one kind, by account. */
async function postingsOf(orderId: number, kind: string) {
  const result = await money.db.execute<{ account: string; amount: string }>(sql`
    SELECT l.account, sum(l.amount_paisa)::text AS amount FROM ledger_postings l
    JOIN ledger_entries e ON e.id = l.entry_id
    WHERE e.order_id = ${orderId} AND e.kind = ${kind} GROUP BY l.account`);
  return Object.fromEntries(result.rows.map((row) => [row.account, Number(row.amount)]));
}

describe('who may raise, read and resolve concerns', () => {
  it('lets only the order’s patron raise one, and only administrators list and resolve', async () => {
    const orderId = await performedOrder();
    const body = { kind: 'no_proof', message: 'I saw no photo of the names.' };
    expect((await call('POST', `/api/order/${orderId}/concern`, undefined, body)).statusCode).toBe(401);
    expect((await raise(orderId, body, money.tokens.staff)).statusCode).toBe(403);
    expect((await raise(orderId, body, money.tokens.admin)).statusCode).toBe(403);
    expect((await raise(orderId, body, money.tokens.otherPatron)).statusCode).toBe(403);
    expect((await raise(999_999, body)).statusCode).toBe(404);
    expect((await raise(orderId, { kind: 'angry', message: 'x' })).statusCode).toBe(422);
    expect((await raise(orderId, { kind: 'other', message: '   ' })).statusCode).toBe(422);
    // Nothing was raised by the refusals.
    const order = (await call('GET', `/api/get-messages/${orderId}`, money.tokens.patron)).json().order;
    expect(order.concerns).toEqual([]);
    expect(order.concern_until).not.toBeNull();

    for (const [method, url, payload] of [
      ['GET', '/api/admin/concerns'],
      ['POST', '/api/admin/concerns/1/resolve', { outcome: 'reject', note: 'No.' }],
    ] as [Method, string, object?][]) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, money.tokens.patron, payload)).statusCode, url).toBe(403);
      expect((await call(method, url, money.tokens.staff, payload)).statusCode, url).toBe(403);
    }
    expect((await resolve(999_999, { outcome: 'reject', note: 'No.' })).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/concerns?status=everything')).statusCode).toBe(422);
  });

  it('refuses a concern on a puja not performed, a second open one and one after the window', async () => {
    const pending = await money.placeOrder();
    expect((await raise(pending)).statusCode).toBe(409);

    const orderId = await performedOrder();
    const raised = await raise(orderId);
    expect(raised.statusCode).toBe(200);
    expect(raised.json().order).toMatchObject({
      concerns: [{ kind: 'name_missed', status: 'open', resolved_at: null, refund_amount: null }],
      concern_until: null,
    });
    expect((await raise(orderId)).statusCode).toBe(409);
    const [audit] = await money.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'raise-concern'), eq(auditEntries.subjectId, orderId)));
    expect(audit!.after).toMatchObject({ kind: 'name_missed' });

    const late = await performedOrder();
    await money.db
      .update(orders)
      .set({ closedAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(orders.id, late));
    expect((await raise(late)).statusCode).toBe(409);
  });

  it('tells the monastery’s staff by SMS when a concern is raised, and nobody when one is refused', async () => {
    const orderId = await performedOrder();
    const [order] = await money.db.select().from(orders).where(eq(orders.id, orderId));
    /** The texts about this order sent to the monastery's staff member. */
    const staffTexts = async () => {
      await money.app.jobs.runDueJobs();
      return (await fs.readFile(outboxFile(money.harness.dataDirectory), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .filter((message) => message.to === '+9779818000003' && message.text.startsWith(`${order!.number}: `))
        .map((message) => message.text);
    };
    const before = await staffTexts();
    await concernOn(orderId);
    const after = await staffTexts();
    expect(after.slice(before.length)).toEqual([
      expect.stringMatching(/raised a concern about .+; an administrator will look into it\. http/),
    ]);
    expect((await raise(orderId)).statusCode).toBe(409);
    expect(await staffTexts()).toEqual(after);
  });

  it('shows the concern to the monastery’s staff on the order’s page, read only', async () => {
    const orderId = await performedOrder();
    await concernOn(orderId);
    const page = await call('GET', `/api/orders/${orderId}`, money.tokens.staff);
    expect(page.statusCode).toBe(200);
    expect(page.json().order.concerns).toMatchObject([{ status: 'open', kind: 'name_missed' }]);
  });
});

describe('resolving concerns, and the money', () => {
  it('holds an open concern’s earnings from payouts, and the queue shows the order’s proof', async () => {
    // A clean slate for this monastery's balance: every earlier concern rejected.
    for (const concern of (await admin('GET', '/api/admin/concerns')).json().concerns)
      expect(
        (await resolve(concern.id, { outcome: 'reject', note: 'Checked with the monastery.' })).statusCode,
      ).toBe(200);
    expect(
      (
        await admin('POST', `/api/admin/monasteries/${money.monasteryId}/payout-details`, {
          method: 'esewa',
          account_holder: 'Money Gompa',
          account: '9801234567',
        })
      ).statusCode,
    ).toBe(200);
    const before = await owed();
    const orderId = await performedOrder();
    const concernId = await concernOn(orderId);
    const mine = await owed();
    expect(mine.held).toBe(before.held + EARNED / 100);
    expect(mine.due_now).toBe(before.due_now);

    const queue = await admin('GET', '/api/admin/concerns');
    expect(queue.statusCode).toBe(200);
    const row = queue.json().concerns.find((concern: { id: number }) => concern.id === concernId);
    expect(row).toMatchObject({
      status: 'open',
      order: { id: orderId, status: 'completed', refundable: PUJA_PRICE, provider: 'esewa' },
    });
    expect(row.images).toHaveLength(1);
    expect(queue.json().open).toBeGreaterThanOrEqual(1);
  });

  it('refunds part: never more than what remains, commission given back pro rata, the patron told', async () => {
    const [open] = (await admin('GET', '/api/admin/concerns')).json().concerns;
    const orderId = open.order.id;
    const refusedMore = await resolve(open.id, { outcome: 'refund', amount: PUJA_PRICE + 1 });
    expect(refusedMore.statusCode).toBe(422);
    expect((await resolve(open.id, { outcome: 'refund', amount: 10.005 })).statusCode).toBe(422);
    expect((await resolve(open.id, { outcome: 'refund', amount: 0 })).statusCode).toBe(422);
    const refunded = await resolve(open.id, {
      outcome: 'refund',
      amount: 1000,
      note: 'One name was missed.',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().concern).toMatchObject({ status: 'refunded', refund_amount: 1000 });
    expect((await resolve(open.id, { outcome: 'reject', note: 'Too late.' })).statusCode).toBe(409);

    // Two fifths of the payment: two fifths of the commission and of the monastery's share go back.
    expect(await postingsOf(orderId, 'clawback')).toEqual({
      monastery_payable: (EARNED * 2) / 5,
      platform_commission: (COMMISSION * 2) / 5,
      refunds_payable: -100_000,
    });
    const order = (await call('GET', `/api/get-messages/${orderId}`, money.tokens.patron)).json().order;
    expect(order.payment_status).toBe('Completed');
    expect(order.payments[0]).toMatchObject({
      status: 'Refund due',
      refund_reason: 'concern',
      refund_amount: 1000,
    });
    expect(order.concerns[0]).toMatchObject({ status: 'refunded', refund_amount: 1000 });
    expect(await ledgerDifferences(money.db)).toEqual([]);

    // A second concern while the first part is still to be made: its refund waits for that one.
    const second = await concernOn(orderId);
    const waiting = await resolve(second, { outcome: 'refund', amount: 500 });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toMatch(/previous refund of this payment is still to be made/);

    // Made through the existing path: the eSewa refund recorded by an administrator.
    const paymentId = order.payments[0].id;
    const recorded = await money.recordRefund(paymentId, 'ESEWA-REF-1');
    expect(recorded.statusCode).toBe(200);
    expect(await ledgerDifferences(money.db)).toEqual([]);
    const texts = await money.patronTexts();
    expect(texts.some((text) => /concern .* was upheld: Rs\. 1,000 will be refunded/.test(text))).toBe(true);
    expect(texts.some((text) => /Rs\. 1,000 has been refunded to your eSewa account/.test(text))).toBe(true);

    // Several part refunds of one payment (docs/decisions/044): the queue shows the refunds made and what
    // remains; another part, never more than that.
    const queued = (await admin('GET', '/api/admin/concerns')).json().concerns;
    expect(queued.find((concern: { id: number }) => concern.id === second).order).toMatchObject({
      refundable: PUJA_PRICE - 1000,
      refunds: [{ amount: 1000, reason: 'concern', state: 'refunded', reference: 'ESEWA-REF-1' }],
    });
    expect((await resolve(second, { outcome: 'refund', amount: PUJA_PRICE - 1000 + 0.01 })).statusCode).toBe(
      422,
    );
    expect((await resolve(second, { outcome: 'refund', amount: 1000 })).statusCode).toBe(200);
    // The two parts together give back four fifths of each share.
    expect(await postingsOf(orderId, 'clawback')).toEqual({
      monastery_payable: (EARNED * 4) / 5,
      platform_commission: (COMMISSION * 4) / 5,
      refunds_payable: -200_000,
    });
    expect((await money.recordRefund(paymentId, 'ESEWA-REF-2')).statusCode).toBe(200);
    const shown = (await call('GET', `/api/get-messages/${orderId}`, money.tokens.patron)).json().order;
    expect(shown.payment_status).toBe('Completed');
    expect(shown.payments[0]).toMatchObject({ status: 'Refunded', refundable: PUJA_PRICE - 2000 });
    expect(
      shown.payments[0].refunds.map((refund: { amount: number; reference: string }) => [
        refund.amount,
        refund.reference,
      ]),
    ).toEqual([
      [1000, 'ESEWA-REF-1'],
      [1000, 'ESEWA-REF-2'],
    ]);
    expect(await ledgerDifferences(money.db)).toEqual([]);

    // A payment that gave part back pays for one performance only: no redo; a rejection still may be.
    const again = await concernOn(orderId);
    expect((await resolve(again, { outcome: 'refund', amount: 500.01 })).statusCode).toBe(422);
    expect((await resolve(again, { outcome: 'redo', date: addDays(today, 2) })).statusCode).toBe(409);
    expect((await resolve(again, { outcome: 'reject', note: 'Already refunded in part.' })).statusCode).toBe(
      200,
    );
  });

  it('claws a refund after a payout back into a negative balance that the next run nets', async () => {
    // Everything earned so far is paid out.
    const run = await admin('POST', '/api/admin/payout-runs');
    expect(run.statusCode, run.body).toBe(200);
    expect(await balance('monastery_payable')).toBe(0);
    const [paidOrder] = await money.db
      .select({ orderId: ledgerEntries.orderId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'order_completed'))
      .orderBy(ledgerEntries.id)
      .limit(1);
    const concernId = await concernOn(paidOrder!.orderId!);
    const refunded = await resolve(concernId, { outcome: 'refund', amount: PUJA_PRICE });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The whole payment: all of each share back, the balance below zero.
    expect(await balance('monastery_payable')).toBe(-EARNED);
    const mine = await owed();
    expect(mine).toMatchObject({ balance: -EARNED / 100, hold_reason: 'nothing_due' });
    const statement = await call(
      'GET',
      `/api/earnings/${money.monasteryId}/statement?month=${today.slice(0, 7)}`,
      money.tokens.staff,
    );
    expect(statement.json().lines.at(-1)).toMatchObject({ kind: 'clawback', net: -EARNED / 100 });
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('sends a redo back to be performed, its earnings back to held, and earns again when performed', async () => {
    const orderId = await performedOrder();
    // The earlier clawback is netted by this order's earnings.
    expect(await balance('monastery_payable')).toBe(0);
    const concernId = await concernOn(orderId);
    expect((await resolve(concernId, { outcome: 'redo', date: addDays(today, -1) })).statusCode).toBe(422);
    const redoDate = addDays(today, 5);
    const redone = await resolve(concernId, { outcome: 'redo', date: redoDate });
    expect(redone.statusCode, redone.body).toBe(200);
    expect(redone.json().concern).toMatchObject({ status: 'redone', redo_date: redoDate });
    const order = (await call('GET', `/api/get-messages/${orderId}`, money.tokens.patron)).json().order;
    expect(order).toMatchObject({ status: 'approved', payment_status: 'Completed', concern_until: null });
    expect(await balance('monastery_payable')).toBe(-EARNED);
    expect(await postingsOf(orderId, 'order_redone')).toEqual({
      held_for_orders: -PRICE_PAISA,
      monastery_payable: EARNED,
      platform_commission: COMMISSION,
    });
    expect(await ledgerDifferences(money.db)).toEqual([]);
    expect((await money.patronTexts()).some((text) => text.includes(`performed again on ${redoDate}`))).toBe(
      true,
    );

    expect((await money.complete(orderId)).statusCode).toBe(200);
    expect(await balance('monastery_payable')).toBe(0);
    const keys = await money.db
      .select({ key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'order_completed')));
    expect(keys.map((row) => row.key).sort()).toEqual([
      `order-completed:${orderId}`,
      `order-completed:${orderId}:2`,
    ]);
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('rejects only with a reason, which the patron is told, and audits each resolution', async () => {
    const orderId = await performedOrder();
    const concernId = await concernOn(orderId);
    expect((await resolve(concernId, { outcome: 'reject' })).statusCode).toBe(422);
    expect((await resolve(concernId, { outcome: 'reject', note: '  ' })).statusCode).toBe(422);
    expect((await resolve(concernId, { outcome: 'maybe' })).statusCode).toBe(422);
    const rejected = await resolve(concernId, {
      outcome: 'reject',
      note: 'The video shows every name read.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().concern).toMatchObject({
      status: 'rejected',
      resolution_note: 'The video shows every name read.',
    });
    expect(
      (await money.patronTexts()).some((text) =>
        // The SMS leads to the order's page for the reason (docs/decisions/048).
        text.includes('was not upheld. Why: http'),
      ),
    ).toBe(true);
    const audits = await money.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'resolve-concern'), eq(auditEntries.subjectId, orderId)));
    expect(audits.map((entry) => entry.after)).toEqual([
      { concern_id: concernId, concern_status: 'rejected' },
    ]);
    // The order's money is no longer held.
    expect(await ledgerDifferences(money.db)).toEqual([]);
    const resolved = await admin('GET', '/api/admin/concerns?status=resolved');
    expect(resolved.json().concerns[0]).toMatchObject({ id: concernId, status: 'rejected' });
  });
});
