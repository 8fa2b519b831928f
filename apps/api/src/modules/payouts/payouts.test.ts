import { addDays, todayIn } from '@puja/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness, PUJA_PRICE } from '../../../test/money-harness.ts';
import { bearer } from '../../../test/session-helpers.ts';
import { auditEntries, payoutRuns } from '../../db/schema/index.ts';
import { commissionOf, ledgerBalances, ledgerDifferences } from '../ledger/ledger.service.ts';
import { makeRefundDue, refundKeys } from '../payments/money-events.ts';
import { findKeptPayment, lockOrder, refreshOrderPaymentStatus } from '../payments/payments.queries.ts';

/**
 * Commission per monastery, payout details and payouts (docs/decisions/033), through the HTTP API against
 * the real database: who may call what, the rate of the completion's day, a run made once a day, the
 * transfer file, a transfer recorded or failed, and a refund after a payout netted by the next run.
 */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const today = todayIn('Asia/Kathmandu');
let money: MoneyHarness;
beforeAll(async () => {
  money = await createMoneyHarness({
    // Today is a payout day, so the scheduled job has a run to make.
    PAYOUT_SCHEDULE: `weekly:${WEEKDAYS[new Date(`${today}T00:00:00Z`).getUTCDay()]}`,
    PAYOUT_MINIMUM_PAISA: '100000',
    PAYOUT_HOLD_DAYS_AFTER_DETAILS_CHANGE: '7',
  });
});
afterAll(() => money.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  money.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(method, url, money.tokens.admin, payload);

/** A puja ordered, paid, approved and performed: what its monastery earns. */
async function performedOrder(): Promise<number> {
  const id = await money.placeOrder();
  await money.pay(id, 'esewa');
  expect((await money.approve(id)).statusCode).toBe(200);
  expect((await money.complete(id)).statusCode).toBe(200);
  return id;
}

/** A performed puja's money owed back after all (no screen does it yet: the money event itself). */
async function refundPerformed(orderId: number) {
  await money.db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const kept = (await findKeptPayment(tx, orderId))!;
    await makeRefundDue(tx, kept.id, { reason: 'cancelled', key: refundKeys.release(kept.id) });
    await refreshOrderPaymentStatus(tx, orderId);
  });
}

async function owed() {
  const response = await admin('GET', '/api/admin/payouts');
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return {
    ...body,
    mine: body.monasteries.find(
      (row: { monastery: { id: number } }) => row.monastery.id === money.monasteryId,
    ),
  };
}

/** What an account of this monastery (or the platform's) holds, as owed: credits turned positive. */
async function balance(account: string) {
  const rows = await ledgerBalances(money.db);
  const row = rows.find(
    (candidate) =>
      candidate.account === account && (candidate.monasteryId ?? money.monasteryId) === money.monasteryId,
  );
  return 0 - (row?.balancePaisa ?? 0);
}

/**
 * The schedule makes one run a day: a test that needs "another day" moves the earlier runs into the past,
 * each to a day of its own (2000-01-01 + its id).
 */
const moveRunsBack = () =>
  money.db.update(payoutRuns).set({ runOn: sql`DATE '2000-01-01' + ${payoutRuns.id}` });

describe('who may call the payout routes', () => {
  it('answers administrators only (staff and patrons 403, visitors 401), and staff their own rate', async () => {
    const id = money.monasteryId;
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', `/api/admin/monasteries/${id}/commission-rates`],
      [
        'POST',
        `/api/admin/monasteries/${id}/commission-rates`,
        { basis_points: 900, effective_from: addDays(today, 30) },
      ],
      ['GET', `/api/admin/monasteries/${id}/payout-details`],
      [
        'POST',
        `/api/admin/monasteries/${id}/payout-details`,
        { method: 'esewa', account_holder: 'Money Gompa', account: '9800000001' },
      ],
      ['GET', '/api/admin/payouts'],
      ['GET', '/api/admin/payout-runs'],
      ['POST', '/api/admin/payout-runs'],
      ['GET', '/api/admin/payout-runs/1'],
      ['GET', '/api/admin/payout-runs/1/transfers.csv'],
      ['POST', '/api/admin/payouts/1/record-transfer', { reference: 'REF-1', paid_on: today }],
      ['POST', '/api/admin/payouts/1/fail', { reason: 'Account closed' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, money.tokens.patron, payload)).statusCode, url).toBe(403);
      expect((await call(method, url, money.tokens.staff, payload)).statusCode, url).toBe(403);
    }
    // Nothing was changed by the refused calls.
    expect((await admin('GET', `/api/admin/monasteries/${id}/payout-details`)).json().current).toBeNull();
    expect((await admin('GET', `/api/admin/monasteries/${id}/commission-rates`)).json().rates).toEqual([]);

    const own = await call('GET', '/api/monastery-commission', money.tokens.staff);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      current: { basis_points: 1000, effective_from: null, is_default: true },
      upcoming: null,
    });
    expect((await call('GET', '/api/monastery-commission', money.tokens.patron)).statusCode).toBe(403);
    expect((await call('GET', '/api/monastery-commission', money.tokens.admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/monastery-commission')).statusCode).toBe(401);
  });

  it('answers 404 for what does not exist and 422 for a bad id', async () => {
    expect((await admin('GET', '/api/admin/monasteries/999999/commission-rates')).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/payout-runs/999999')).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/payout-runs/999999/transfers.csv')).statusCode).toBe(404);
    expect(
      (await admin('POST', '/api/admin/payouts/999999/fail', { reason: 'Closed account' })).statusCode,
    ).toBe(404);
    expect((await admin('GET', '/api/admin/payout-runs/abc')).statusCode).toBe(422);
  });
});

describe('commission per monastery', () => {
  it('takes the rate in force on the completion day, from today on, history kept and audited', async () => {
    const url = `/api/admin/monasteries/${money.monasteryId}/commission-rates`;
    const past = await admin('POST', url, { basis_points: 500, effective_from: addDays(today, -1) });
    expect(past.statusCode).toBe(422);
    expect((await admin('POST', url, { basis_points: 10_001, effective_from: today })).statusCode).toBe(422);
    expect((await admin('GET', url)).json().rates).toEqual([]);

    const later = await admin('POST', url, { basis_points: 700, effective_from: addDays(today, 10) });
    expect(later.statusCode).toBe(200);
    expect(later.json().current).toEqual({ basis_points: 1000, effective_from: null, is_default: true });
    expect(later.json().upcoming).toMatchObject({ basis_points: 700, effective_from: addDays(today, 10) });
    const now = await admin('POST', url, { basis_points: 500, effective_from: today });
    expect(now.json().current).toEqual({ basis_points: 500, effective_from: today, is_default: false });
    expect(now.json().rates.map((rate: { basis_points: number }) => rate.basis_points)).toEqual([700, 500]);
    expect((await call('GET', '/api/monastery-commission', money.tokens.staff)).json()).toEqual({
      current: { basis_points: 500, effective_from: today, is_default: false },
      upcoming: { basis_points: 700, effective_from: addDays(today, 10) },
    });
    const audited = await money.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'set-commission-rate'), eq(auditEntries.subjectId, money.monasteryId)),
      );
    expect(audited.map((entry) => entry.after)).toEqual([
      { basis_points: 700, effective_from: addDays(today, 10) },
      { basis_points: 500, effective_from: today },
    ]);

    await performedOrder();
    expect(await balance('monastery_payable')).toBe(PUJA_PRICE * 100 - commissionOf(PUJA_PRICE * 100, 500));
    expect(await balance('platform_commission')).toBe(commissionOf(PUJA_PRICE * 100, 500));
  });
});

describe('payouts', () => {
  const earned = PUJA_PRICE * 100 - commissionOf(PUJA_PRICE * 100, 500); // 237,500 paisa

  it('holds a monastery without payout details, and a change of details for the configured days', async () => {
    let { mine, next_run } = await owed();
    expect(mine).toMatchObject({
      earned: earned / 100,
      balance: earned / 100,
      due_now: earned / 100,
      hold_reason: 'no_details',
    });
    expect(next_run).toEqual({ monasteries: 0, amount: 0 });

    const url = `/api/admin/monasteries/${money.monasteryId}/payout-details`;
    expect(
      (await admin('POST', url, { method: 'bank', account_holder: 'Money Gompa', account: '0123456789' }))
        .statusCode,
    ).toBe(422);
    const first = await admin('POST', url, {
      method: 'bank',
      account_holder: 'Money Gompa Trust',
      bank_name: 'Nabil Bank',
      branch: 'Boudha',
      account: '00112233445566',
    });
    expect(first.statusCode).toBe(200);
    // A first entry holds nothing.
    expect(first.json()).toMatchObject({
      current: { account: '00112233445566', method: 'bank' },
      hold_until: null,
      history: [],
    });
    ({ mine, next_run } = await owed());
    expect(mine.hold_reason).toBeNull();
    expect(next_run).toEqual({ monasteries: 1, amount: earned / 100 });

    const changed = await admin('POST', url, {
      method: 'esewa',
      account_holder: 'Money Gompa',
      account: '9801234567',
      bank_name: 'ignored',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().current).toMatchObject({ method: 'esewa', bank_name: null, account: '9801234567' });
    expect(changed.json().history).toEqual([expect.objectContaining({ account: '••••5566' })]);
    expect(changed.json().hold_until).not.toBeNull();
    ({ mine } = await owed());
    expect(mine).toMatchObject({ hold_reason: 'details_changed', payout_method: 'esewa' });
    expect(mine.hold_until).toBe(changed.json().hold_until);
    expect((await admin('POST', '/api/admin/payout-runs')).statusCode).toBe(409);

    // The audit log never holds a whole account number.
    const audited = await money.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'set-payout-details'));
    expect(JSON.stringify(audited)).not.toMatch(/00112233445566|9801234567/);
    expect(audited.at(-1)!.after).toMatchObject({ method: 'esewa', account: '••••4567' });

    // Back to the bank, and the hold has passed (the details were set 8 days ago).
    await admin('POST', url, {
      method: 'bank',
      account_holder: 'Money Gompa Trust',
      bank_name: 'Nabil Bank',
      branch: 'Boudha',
      account: '00112233445566',
    });
    await money.db.execute(
      sql`UPDATE monastery_payout_details SET created_at = created_at - interval '8 days'`,
    );
    expect((await owed()).mine.hold_reason).toBeNull();
  });

  it('makes one run a day, on schedule or by hand, freezing what is due into payouts in transit', async () => {
    await money.app.jobs.handlers['run-payouts']({});
    const runs = await admin('GET', '/api/admin/payout-runs');
    expect(runs.json()).toMatchObject({
      total: 1,
      runs: [{ trigger: 'schedule', status: 'open', payouts: 1, amount: earned / 100 }],
    });
    const runId = runs.json().runs[0].id;
    expect(await balance('monastery_payable')).toBe(0);
    expect(await balance('payouts_in_transit')).toBe(earned);

    // Again by the job, and twice by hand: the same run.
    await money.app.jobs.handlers['run-payouts']({});
    const [byHand, again] = await Promise.all([
      admin('POST', '/api/admin/payout-runs'),
      admin('POST', '/api/admin/payout-runs'),
    ]);
    for (const response of [byHand, again]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ created: false, run: { id: runId } });
    }
    expect((await admin('GET', '/api/admin/payout-runs')).json().total).toBe(1);
    expect((await owed()).mine).toMatchObject({
      balance: 0,
      in_transit: earned / 100,
      due_now: 0,
      hold_reason: 'nothing_due',
    });
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('gives the run’s bank-transfer file: RFC 4180, UTF-8 with a byte order mark, the whole account', async () => {
    const [run] = (await admin('GET', '/api/admin/payout-runs')).json().runs;
    const detail = (await admin('GET', `/api/admin/payout-runs/${run.id}`)).json();
    const payout = detail.payouts[0];
    expect(payout).toMatchObject({
      status: 'in_transit',
      method: 'bank',
      account: '••••5566',
      amount: earned / 100,
    });
    const file = await admin('GET', `/api/admin/payout-runs/${run.id}/transfers.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="payout-run-${run.id}-${today}.csv"`,
    );
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.body.slice(1)).toBe(
      'monastery,method,account_holder,bank,branch,account,amount_npr,narration,run_date\r\n' +
        `Money Gompa,bank,Money Gompa Trust,Nabil Bank,Boudha,00112233445566,2375.00,PAYOUT-${payout.id},${today}\r\n`,
    );
  });

  it('records a transfer once (a second click changes nothing), and refuses a failed mark after it', async () => {
    const [run] = (await admin('GET', '/api/admin/payout-runs')).json().runs;
    const [payout] = (await admin('GET', `/api/admin/payout-runs/${run.id}`)).json().payouts;
    const url = `/api/admin/payouts/${payout.id}/record-transfer`;
    expect((await admin('POST', url, { reference: 'NABIL-1', paid_on: addDays(today, 1) })).statusCode).toBe(
      422,
    );
    expect((await admin('POST', url, { reference: 'NABIL-1', paid_on: addDays(today, -1) })).statusCode).toBe(
      422,
    );
    expect((await admin('POST', url, { reference: '', paid_on: today })).statusCode).toBe(422);
    const recorded = await admin('POST', url, { reference: 'NABIL-778899', paid_on: today });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().payout).toMatchObject({
      status: 'paid',
      reference: 'NABIL-778899',
      paid_on: today,
    });
    const again = await admin('POST', url, { reference: 'NABIL-778899', paid_on: today });
    expect(again.statusCode).toBe(200);
    expect(again.json().payout.updated_at).toBe(recorded.json().payout.updated_at);
    expect((await admin('POST', url, { reference: 'OTHER-1', paid_on: today })).statusCode).toBe(409);
    expect(
      (await admin('POST', `/api/admin/payouts/${payout.id}/fail`, { reason: 'Bounced' })).statusCode,
    ).toBe(409);
    expect((await admin('GET', `/api/admin/payout-runs/${run.id}`)).json().run).toMatchObject({
      status: 'closed',
      paid: 1,
    });
    expect(await balance('payouts_in_transit')).toBe(0);
    expect(await balance('payouts_sent')).toBe(earned);
    expect((await owed()).mine).toMatchObject({ paid_out: earned / 100, balance: 0 });
    // The transfer file lists only what is still to be sent.
    expect(
      (await admin('GET', `/api/admin/payout-runs/${run.id}/transfers.csv`)).body.split('\r\n'),
    ).toHaveLength(2);
    const audited = await money.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'record-transfer'));
    expect(audited).toHaveLength(1);
  });

  it('claws a refund after the payout back into a negative balance, which later earnings net', async () => {
    const runs = await admin('GET', '/api/admin/payout-runs');
    const [paidOrder] = await money.db
      .execute<{ order_id: number }>(
        sql`SELECT order_id FROM ledger_entries WHERE kind = 'order_completed' ORDER BY id LIMIT 1`,
      )
      .then((result) => result.rows);
    await refundPerformed(paidOrder!.order_id);
    let { mine } = await owed();
    expect(mine).toMatchObject({
      balance: -earned / 100,
      clawed_back: earned / 100,
      due_now: -earned / 100,
      hold_reason: 'nothing_due',
    });
    await moveRunsBack();
    // Nothing due: a run by hand is refused.
    expect((await admin('POST', '/api/admin/payout-runs')).statusCode).toBe(409);

    // The next order (at today's 5 %) brings the balance to 0: still nothing to pay.
    await performedOrder();
    expect((await owed()).mine).toMatchObject({ balance: 0, hold_reason: 'nothing_due' });
    expect((await admin('POST', '/api/admin/payout-runs')).statusCode).toBe(409);

    await performedOrder();
    ({ mine } = await owed());
    expect(mine).toMatchObject({ balance: earned / 100, due_now: earned / 100, hold_reason: null });
    const run = await admin('POST', '/api/admin/payout-runs');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({
      created: true,
      run: { trigger: 'admin', payouts: 1, amount: earned / 100 },
    });
    expect((await admin('GET', '/api/admin/payout-runs')).json().total).toBe(runs.json().total + 1);
    const audited = await money.db.select().from(auditEntries).where(eq(auditEntries.action, 'run-payouts'));
    expect(audited.at(-1)!.after).toEqual({ run_on: today, payouts: 1, amount: earned / 100 });
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });

  it('returns a failed transfer’s money to the balance, for the next run', async () => {
    const [run] = (await admin('GET', '/api/admin/payout-runs')).json().runs;
    const [payout] = (await admin('GET', `/api/admin/payout-runs/${run.id}`)).json().payouts;
    const url = `/api/admin/payouts/${payout.id}/fail`;
    expect((await admin('POST', url, { reason: '' })).statusCode).toBe(422);
    const failed = await admin('POST', url, { reason: 'The account is closed' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().payout).toMatchObject({ status: 'failed', failure_reason: 'The account is closed' });
    const again = await admin('POST', url, { reason: 'Another reason' });
    expect(again.statusCode).toBe(200);
    expect(again.json().payout.failure_reason).toBe('The account is closed');
    expect(
      (
        await admin('POST', `/api/admin/payouts/${payout.id}/record-transfer`, {
          reference: 'LATE-1',
          paid_on: today,
        })
      ).statusCode,
    ).toBe(409);
    expect(await balance('payouts_in_transit')).toBe(0);
    expect((await owed()).mine).toMatchObject({
      balance: earned / 100,
      due_now: earned / 100,
      hold_reason: null,
    });
    expect((await admin('GET', `/api/admin/payout-runs/${run.id}`)).json().run).toMatchObject({
      status: 'closed',
      failed: 1,
    });
    // Another run the same day pays it again (docs/decisions/042); the schedule and a second click, with
    // nothing left to pay, make none.
    const total = (await admin('GET', '/api/admin/payout-runs')).json().total;
    const next = await admin('POST', '/api/admin/payout-runs');
    expect(next.json()).toMatchObject({ created: true, run: { run_on: today, amount: earned / 100 } });
    expect(next.json().run.id).not.toBe(run.id);
    await money.app.jobs.handlers['run-payouts']({});
    const click = await admin('POST', '/api/admin/payout-runs');
    expect(click.json()).toMatchObject({ created: false, run: { id: next.json().run.id } });
    expect((await admin('GET', '/api/admin/payout-runs')).json().total).toBe(total + 1);
    expect(await balance('payouts_in_transit')).toBe(earned);
    expect(await ledgerDifferences(money.db)).toEqual([]);
  });
});
