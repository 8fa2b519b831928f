import { addDays, todayIn } from '@puja/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { monasteryPayoutDetails, payoutRuns, payouts } from '../../db/schema/index.ts';
import { postPayoutFailed, postPayoutPaid, postPayoutStarted } from '../ledger/ledger.service.ts';
import { makeRefundDue, refundKeys } from '../payments/money-events.ts';
import { findKeptPayment, lockOrder, refreshOrderPaymentStatus } from '../payments/payments.queries.ts';

/**
 * A monastery's earnings and monthly statement (docs/decisions/034), over books made through the real API
 * (orders paid at the simulator and completed by staff, at 10 % commission), payouts written as the
 * payouts module writes them, and a refund after a performed puja (a clawback).
 */
const TIME_ZONE = 'Asia/Kathmandu';
let money: MoneyHarness;
let otherStaff: string;
let adminId: number;
let otherMonasteryId: number;
const month = todayIn(TIME_ZONE).slice(0, 7);

beforeAll(async () => {
  money = await createMoneyHarness({ COMMISSION_BASIS_POINTS: '1000' });
  ({ token: otherStaff, monasteryId: otherMonasteryId } = await money.otherMonasteryStaff('9818000009'));
  const me = await money.app.inject({ url: '/api/me', headers: bearer(money.tokens.admin) });
  adminId = me.json().id ?? me.json().user?.id;
});
afterAll(() => money.close());

const get = (url: string, token?: string, language = 'en') =>
  money.app.inject({ url, headers: { ...(token ? bearer(token) : {}), 'accept-language': language } });
const base = () => `/api/earnings/${money.monasteryId}`;

async function performedOrder(): Promise<number> {
  const orderId = await money.placeOrder();
  await money.pay(orderId, 'esewa');
  expect((await money.approve(orderId)).statusCode).toBe(200);
  expect((await money.complete(orderId)).statusCode).toBe(200);
  return orderId;
}

let runDay = 0;
/** A payout run for the monastery's amount, as the payouts module records one. */
async function startPayout(amountPaisa: number) {
  return money.db.transaction(async (tx) => {
    const [details] = await tx
      .insert(monasteryPayoutDetails)
      .values({
        monasteryId: money.monasteryId,
        method: 'esewa',
        accountHolder: 'Money Gompa',
        accountNumber: '9800000000',
        createdBy: adminId,
      })
      .returning();
    const [run] = await tx
      .insert(payoutRuns)
      .values({ runOn: addDays('2030-01-01', runDay++), trigger: 'admin', createdBy: adminId })
      .returning();
    const [payout] = await tx
      .insert(payouts)
      .values({
        runId: run!.id,
        monasteryId: money.monasteryId,
        amountPaisa,
        payoutDetailsId: details!.id,
        method: 'esewa',
        accountMasked: '••••0000',
      })
      .returning();
    await postPayoutStarted(tx, payout!);
    return payout!;
  });
}

describe('a monastery’s earnings', () => {
  let first: number;
  let firstPayout: typeof payouts.$inferSelect;
  let secondPayout: typeof payouts.$inferSelect;

  it('builds from completions, payouts, a clawback and a failed payout, the balance going negative and back', async () => {
    first = await performedOrder();
    await performedOrder();
    // Something paid, not performed: money still to come.
    const waiting = await money.placeOrder();
    await money.pay(waiting, 'khalti');

    let summary = (await get(base(), money.tokens.staff)).json();
    expect(summary).toEqual({
      monastery: { id: money.monasteryId, name: 'Money Gompa' },
      balance: 4500,
      inTransit: 0,
      toCome: { amount: 2500, orders: 1 },
      thisMonth: { month, earned: 4500 },
      commissionBasisPoints: 1000,
    });

    firstPayout = await startPayout(450_000);
    await money.db.transaction(async (tx) => {
      await tx
        .update(payouts)
        .set({ status: 'paid', reference: 'ESW-TRF-1', paidOn: todayIn(TIME_ZONE) })
        .where(eq(payouts.id, firstPayout.id));
      await postPayoutPaid(tx, firstPayout);
    });
    // Refunded after the puja, and after the payout: clawed back, the balance goes below zero.
    await money.db.transaction(async (tx) => {
      await lockOrder(tx, first);
      const kept = (await findKeptPayment(tx, first))!;
      await makeRefundDue(tx, kept.id, { reason: 'cancelled', key: refundKeys.release(kept.id) });
      await refreshOrderPaymentStatus(tx, first);
    });
    summary = (await get(base(), money.tokens.staff)).json();
    expect(summary).toMatchObject({ balance: -2250, inTransit: 0, thisMonth: { earned: 2250 } });

    await performedOrder(); // nets the negative balance to 0
    await performedOrder();
    secondPayout = await startPayout(225_000);
    expect((await get(base(), money.tokens.staff)).json()).toMatchObject({ balance: 0, inTransit: 2250 });
    await money.db.transaction(async (tx) => {
      await tx
        .update(payouts)
        .set({ status: 'failed', failureReason: 'Account closed' })
        .where(eq(payouts.id, secondPayout.id));
      await postPayoutFailed(tx, secondPayout);
    });
    expect((await get(base(), money.tokens.staff)).json()).toMatchObject({ balance: 2250, inTransit: 0 });
  });

  it('lists the payouts, newest first, with reference, date and status', async () => {
    const response = await get(`${base()}/payouts`, money.tokens.staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      payouts: [
        {
          id: secondPayout.id,
          amount: 2250,
          status: 'failed',
          reference: null,
          failureReason: 'Account closed',
        },
        {
          id: firstPayout.id,
          amount: 4500,
          status: 'paid',
          reference: 'ESW-TRF-1',
          paidOn: todayIn(TIME_ZONE),
        },
      ],
      pageInfo: { page: 1, pageSize: 20, total: 2 },
    });
  });

  it('states the month: opening + every line’s net = closing, the same as the balance', async () => {
    const response = await get(`${base()}/statement?month=${month}`, money.tokens.staff);
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    expect(statement.opening).toBe(0);
    const kinds = statement.lines.map((line: { kind: string }) => line.kind);
    expect(kinds).toEqual([
      'order_completed',
      'order_completed',
      'payout_started',
      'payout_paid',
      'clawback',
      'order_completed',
      'order_completed',
      'payout_started',
      'payout_failed',
    ]);
    const nets = statement.lines.map((line: { net: number }) => line.net);
    expect(nets).toEqual([2250, 2250, -4500, 0, -2250, 2250, 2250, -2250, 2250]);
    const sum = nets.reduce((total: number, net: number) => total + net, 0);
    expect(statement.opening + sum).toBe(statement.closing);
    expect(statement.closing).toBe(2250);
    expect(statement.lines[0]).toMatchObject({ amount: 2500, commission: 250, net: 2250, puja: 'Tara Puja' });
    expect(statement.lines[4]).toMatchObject({ amount: -2500, commission: -250, net: -2250 });
    expect(statement.lines[3]).toMatchObject({ amount: 4500, reference: 'ESW-TRF-1' });
    expect(statement.lines[8]).toMatchObject({ amount: 2250, reference: 'Account closed' });
    expect(statement.totals).toEqual({
      orders: 4,
      amount: 7500,
      commission: 750,
      earned: 9000,
      clawedBack: 2250,
      paidOut: 6750,
      returned: 2250,
    });

    // The next month opens where this one closed; the one before had nothing.
    const next = addDays(`${month}-28`, 7).slice(0, 7);
    const after = (await get(`${base()}/statement?month=${next}`, money.tokens.staff)).json();
    expect(after).toMatchObject({ opening: 2250, lines: [], closing: 2250 });
    const previous = addDays(`${month}-01`, -1).slice(0, 7);
    expect((await get(`${base()}/statement?month=${previous}`, money.tokens.staff)).json()).toMatchObject({
      opening: 0,
      lines: [],
      closing: 0,
    });
  });

  it('gives the statement as CSV: UTF-8 with BOM, RFC 4180, Nepal dates, rupees with 2 decimals, the reader’s language', async () => {
    const response = await get(`${base()}/statement.csv?month=${month}`, money.tokens.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${money.monasteryId}-${month}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Date,Description,Order,Puja,Amount,Commission,Net,Reference,Card currency,Paid by card,Card payment in rupees,Card fee,Card fee in rupees',
    );
    expect(lines[1]).toBe(`${month}-01,Opening balance,,,,,0.00,,,,,,`);
    expect(lines[2]).toMatch(
      new RegExp(`^${todayIn(TIME_ZONE)},Puja performed,PJ-\\w+,Tara Puja,2500.00,250.00,2250.00,,,,,,$`),
    );
    expect(lines[6]).toMatch(
      /,Refund after the puja \(clawback\),PJ-\w+,Tara Puja,-2500.00,-250.00,-2250.00,,,,,,$/,
    );
    expect(lines).toContain(
      `${todayIn(TIME_ZONE)},Payout #${secondPayout.id} failed: money returned,,,2250.00,0.00,2250.00,Account closed,,,,,`,
    );
    expect(lines.at(-2)).toMatch(/,Closing balance,,,,,2250.00,,,,,,$/);
    expect(lines.at(-1)).toBe('');

    const nepali = await get(`${base()}/statement.csv?month=${month}`, money.tokens.staff, 'ne');
    expect(nepali.body.split('\r\n')[0]).toMatch(
      /^\uFEFFमिति,विवरण,अर्डर,पूजा,रकम,कमिसन,खुद,सन्दर्भ,कार्डको मुद्रा,/,
    );
  });

  it('gives the statement as a PDF in the reader’s language', async () => {
    const response = await get(`${base()}/statement.pdf?month=${month}`, money.tokens.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await extractPdfText(response.rawPayload)).join('\n');
    expect(text).toContain('Monthly statement');
    expect(text).toContain('Monastery: Money Gompa');
    expect(text).toMatch(/Opening balance Rs\. 0/);
    expect(text).toMatch(/Puja performed Rs\. 2,500 Rs\. 250 Rs\. 2,250/);
    expect(text).toContain('ESW-TRF-1');
    expect(text).toMatch(/Closing balance Rs\. 2,250/);

    const nepali = await get(`${base()}/statement.pdf?month=${month}`, money.tokens.staff, 'ne');
    const nepaliText = (await extractPdfText(nepali.rawPayload)).join('\n');
    // pdf.js gives back each shaped syllable (a vowel sign before its consonant): words without one are compared.
    expect(nepaliText).toContain('सुरुको बाँकी Rs. 0');
    expect(nepaliText).toContain('पूजा सम्पन्न Rs. 2,500 Rs. 250 Rs. 2,250');
  });

  it('lets staff read only their own monastery, administrators any, patrons none', async () => {
    const urls = [
      base(),
      `${base()}/payouts`,
      `${base()}/statement?month=${month}`,
      `${base()}/statement.csv?month=${month}`,
      `${base()}/statement.pdf?month=${month}`,
    ];
    for (const url of urls) {
      expect((await get(url, money.tokens.admin)).statusCode, url).toBe(200);
      expect((await get(url, otherStaff)).statusCode, url).toBe(403);
      expect((await get(url, money.tokens.patron)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
    // An administrator reads another monastery (nothing there yet), and a monastery that does not exist is 404.
    expect((await get(`/api/earnings/${otherMonasteryId}`, money.tokens.admin)).json()).toMatchObject({
      balance: 0,
      toCome: { amount: 0, orders: 0 },
    });
    expect((await get('/api/earnings/999999', money.tokens.admin)).statusCode).toBe(404);
  });

  it('refuses a month that is not one, changing nothing', async () => {
    for (const bad of ['2026-13', '26-01', 'abc', '2026-1', '1999-12']) {
      const response = await get(`${base()}/statement?month=${bad}`, money.tokens.staff);
      expect(response.statusCode, bad).toBe(422);
    }
    expect((await get(`${base()}/statement`, money.tokens.staff)).statusCode).toBe(422);
    expect((await get('/api/earnings/abc', money.tokens.staff)).statusCode).toBe(422);
  });
});
