import { ORDER_NUMBER_PATTERN } from '@puja/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyHarness, type MoneyHarness } from '../../../test/money-harness.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { auditEntries, orders, paymentAttempts, refunds } from '../../db/schema/index.ts';

/** Money from payment to puja or refund (docs/decisions/010), through the HTTP API and the simulator. */
let money: MoneyHarness;
beforeAll(async () => {
  money = await createMoneyHarness();
});
afterAll(() => money.close());

/** Everything about an order's money, to prove a refusal changed nothing. */
async function snapshot(orderId: number) {
  return { order: await money.order(orderId), attempts: await money.attempts(orderId) };
}

describe('order numbers', () => {
  it('gives every order its own random PJ- number, shown in the API and in every SMS', async () => {
    const first = await money.placeOrder();
    const second = await money.placeOrder();
    const [a, b] = [await money.order(first), await money.order(second)];
    expect(a.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(b.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(a.number).not.toBe(b.number);
    await money.pay(first);
    const texts = await money.patronTexts();
    expect(texts.some((text) => text.startsWith(`${a.number}: Payment of Rs. 2,500 received`))).toBe(true);
  });
});

describe('one payment per order', () => {
  it('refuses to start a payment for an order that is paid, declined, cancelled or expired', async () => {
    const paid = await money.placeOrder();
    await money.pay(paid);
    const declined = await money.placeOrder();
    await money.decline(declined);
    const cancelled = await money.placeOrder();
    await money.cancel(cancelled);
    const expired = await money.placeOrder();
    await money.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, expired));
    for (const [orderId, message] of [
      [paid, /already paid/],
      [declined, /declined/],
      [cancelled, /cancelled/],
      [expired, /expired/],
    ] as const) {
      for (const provider of ['esewa', 'khalti'] as const) {
        const before = await money.attempts(orderId);
        const started = await money.startPayment(orderId, provider);
        expect(started.statusCode).toBe(409);
        expect(started.json().message).toMatch(message);
        expect(await money.attempts(orderId)).toEqual(before);
      }
    }
  });

  it('records a payment finished after the monastery declined, and makes it a refund due at once', async () => {
    const orderId = await money.placeOrder();
    const started = (await money.startPayment(orderId, 'khalti')).json();
    expect((await money.decline(orderId)).statusCode).toBe(200);
    const location = await money.decideAtProvider('khalti', started, 'pay');
    expect(await money.returnFromProvider(location)).toBe(`/orders?status=refund&oid=${orderId}`);
    const [attempt] = await money.attempts(orderId);
    expect(attempt).toMatchObject({ status: 'Completed', refund: { state: 'due', reason: 'declined' } });
    expect(await money.order(orderId)).toMatchObject({ status: 'declined', paymentStatus: 'Refund due' });
  });

  it('keeps one of two payments of one order and makes the other a refund due', async () => {
    const orderId = await money.placeOrder();
    const esewa = (await money.startPayment(orderId, 'esewa')).json();
    const khalti = (await money.startPayment(orderId, 'khalti')).json();
    const esewaBack = await money.decideAtProvider('esewa', esewa, 'pay');
    const khaltiBack = await money.decideAtProvider('khalti', khalti, 'pay');
    expect(await money.returnFromProvider(esewaBack)).toBe(`/orders?status=success&oid=${orderId}`);
    expect(await money.returnFromProvider(khaltiBack)).toBe(`/orders?status=refund&oid=${orderId}`);
    const attempts = await money.attempts(orderId);
    expect(
      attempts.map((attempt) => [attempt.provider, attempt.status, attempt.refund?.state ?? null]),
    ).toEqual([
      ['esewa', 'Completed', null],
      ['khalti', 'Completed', 'due'],
    ]);
    expect(attempts[1]!.refund?.reason).toBe('duplicate');
    // The order is still paid and can be approved; the extra money shows on it as a refund due.
    expect((await money.order(orderId)).paymentStatus).toBe('Completed');
    const listed = (
      await money.app.inject({
        url: '/api/order/create',
        headers: { authorization: `Bearer ${money.tokens.patron}` },
      })
    ).json();
    const shown = listed.orders.find((order: { id: number }) => order.id === orderId);
    expect(shown.payments.map((payment: { status: string }) => payment.status)).toEqual([
      'Completed',
      'Refund due',
    ]);
    expect((await money.approve(orderId)).statusCode).toBe(200);
  });

  it('a database constraint refuses a second kept payment, whatever the code does', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId);
    const [kept] = await money.attempts(orderId);
    await expect(
      money.db.insert(paymentAttempts).values({
        orderId,
        provider: 'khalti',
        reference: 'forced-second',
        amountPaisa: kept!.amountPaisa,
        status: 'Completed',
      }),
    ).rejects.toThrow();
  });
});

describe('refunds as rows (docs/decisions/044)', () => {
  it('the database refuses refunds past what was paid, even two asked for at once, and two open at once', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId);
    const [payment] = await money.attempts(orderId);
    const part = Math.ceil(payment!.amountPaisa * 0.6);
    // Refunds already made, so that only the sum is in question (not the one-open-refund index).
    const refund = (key: string, amountPaisa = part) => ({
      paymentAttemptId: payment!.id,
      amountPaisa,
      reason: 'concern' as const,
      idempotencyKey: key,
      state: 'refunded' as const,
      refundedAt: new Date(),
    });
    // Two transactions each record 60 %: the first holds the payment's lock until it commits; the second,
    // waiting on that lock, then counts the first and is refused.
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const first = money.db.transaction(async (tx) => {
      await tx.insert(refunds).values(refund('race-1'));
      firstInserted();
      await firstHolds;
    });
    await inserted;
    const second = money.db.transaction(async (tx) => {
      await tx.insert(refunds).values(refund('race-2'));
    });
    // The second's refusal can arrive before the first's commit is acknowledged: expect it from now on, or
    // it would be a rejection nobody handles yet.
    const secondRefused = expect(second).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'refunds_within_payment' }),
    });
    // The second is blocked on the lock; let the first commit.
    setTimeout(releaseFirst, 200);
    await first;
    await secondRefused;
    const rows = await money.db.select().from(refunds).where(eq(refunds.paymentAttemptId, payment!.id));
    expect(rows.map((row) => row.idempotencyKey)).toEqual(['race-1']);
    // A second refund still to make is refused, however small.
    const open = (key: string) => ({ ...refund(key, 1), state: 'due' as const, refundedAt: null });
    await money.db.insert(refunds).values(open('open-1'));
    await expect(money.db.insert(refunds).values(open('open-2'))).rejects.toThrow();
    await money.db
      .update(refunds)
      .set({ state: 'refunded', refundedAt: new Date() })
      .where(eq(refunds.idempotencyKey, 'open-1'));
    // Never past what was paid; up to it, yes.
    await expect(
      money.db.insert(refunds).values(refund('rest-plus-one', payment!.amountPaisa - part)),
    ).rejects.toThrow();
    await money.db.insert(refunds).values(refund('rest', payment!.amountPaisa - part - 1));
  });
});

describe('cancelling', () => {
  it('cancels an unpaid order with nothing to refund', async () => {
    const orderId = await money.placeOrder();
    const response = await money.cancel(orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({
      id: orderId,
      status: 'cancelled',
      payment_status: 'Pending',
    });
  });

  it('cancels a paid order and makes all of its money a refund due', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId, 'khalti');
    const response = await money.cancel(orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ status: 'cancelled', payment_status: 'Refund due' });
    expect(response.json().order.payments[0]).toMatchObject({
      status: 'Refund due',
      refund_reason: 'cancelled',
      amount: 2500,
    });
    expect((await money.patronTexts()).at(-1)).toMatch(
      /You cancelled your Tara Puja\. Your Rs\. 2,500 will be refunded/,
    );
  });

  it('refuses once approved (409), someone else’s order (403), and changes nothing', async () => {
    const approved = await money.placeOrder();
    await money.pay(approved);
    await money.approve(approved);
    const before = await snapshot(approved);
    const late = await money.cancel(approved);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already approved/);
    const mine = await money.placeOrder();
    const foreign = await money.cancel(mine, money.tokens.otherPatron);
    expect(foreign.statusCode).toBe(403);
    expect(await snapshot(approved)).toEqual(before);
    expect((await money.order(mine)).status).toBe('pending');
    // Staff and administrators do not cancel: they decline.
    expect((await money.cancel(mine, money.tokens.staff)).statusCode).toBe(403);
  });
});

describe('refunds', () => {
  it('refunds a declined Khalti payment through Khalti’s refund API, once, and tells the patron', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId, 'khalti');
    await money.decline(orderId);
    const [attempt] = await money.attempts(orderId);
    expect((await money.order(orderId)).paymentStatus).toBe('Refund due');

    // Only administrators refund.
    expect((await money.refundThroughKhalti(attempt!.id, money.tokens.staff)).statusCode).toBe(403);
    const refunded = await money.refundThroughKhalti(attempt!.id);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().payment).toMatchObject({
      status: 'Refunded',
      refund_reference: attempt!.providerTransactionCode,
    });
    expect((await money.order(orderId)).paymentStatus).toBe('Refunded');
    // The simulator's own look-up now says Refunded, as Khalti's would.
    const simulated = [...money.app.paymentSimulator!.khalti.values()].find(
      (payment) => payment.pidx === attempt!.reference,
    );
    expect(simulated?.status).toBe('Refunded');
    expect((await money.patronTexts()).at(-1)).toMatch(/Rs\. 2,500 has been refunded to your Khalti account/);

    const before = await snapshot(orderId);
    const again = await money.refundThroughKhalti(attempt!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment has already been refunded.');
    expect(await snapshot(orderId)).toEqual(before);
    const audit = await money.db.select().from(auditEntries).where(eq(auditEntries.subjectType, 'payment'));
    expect(audit.filter((entry) => entry.subjectId === attempt!.id).map((entry) => entry.action)).toEqual([
      'refund',
    ]);
  });

  it('keeps a Khalti refund Khalti did not answer, and the refunds job finishes it', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId, 'khalti');
    await money.cancel(orderId);
    const [attempt] = await money.attempts(orderId);
    money.app.paymentSimulator!.khaltiRefundOutage = 1;
    const accepted = await money.refundThroughKhalti(attempt!.id);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().message).toMatch(/retried automatically/);
    expect(accepted.json().payment.status).toBe('Refund due');
    expect(accepted.json().payment.refund_requested_at).not.toBeNull();
    // A second click does not call Khalti again.
    expect((await money.refundThroughKhalti(attempt!.id)).statusCode).toBe(409);

    // A minute later the job asks Khalti (the look-up says Completed: not refunded) and refunds again.
    await money.db
      .update(refunds)
      .set({ requestedAt: sql`now() - interval '2 minutes'` })
      .where(eq(refunds.paymentAttemptId, attempt!.id));
    await money.app.jobs.handlers['process-refunds']({});
    expect((await money.order(orderId)).paymentStatus).toBe('Refunded');
  });

  it('shows Khalti’s refusal, and lets the administrator record a refund made in Khalti’s portal', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId, 'khalti');
    await money.decline(orderId);
    const [attempt] = await money.attempts(orderId);
    // Khalti will not refund this one (its own record of the payment is not a completed one).
    const simulated = [...money.app.paymentSimulator!.khalti.values()].find(
      (payment) => payment.pidx === attempt!.reference,
    )!;
    simulated.status = 'Pending';
    const refused = await money.refundThroughKhalti(attempt!.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(
      /Khalti refused the refund .*Only a completed transaction can be refunded.*merchant portal/,
    );
    const listed = (await money.listPayments(`?q=${(await money.order(orderId)).number}`)).json().payments[0];
    expect(listed).toMatchObject({ status: 'Refund due', refund_requested_at: null });
    expect(listed.refund_error).toMatch(/Only a completed transaction/);

    const recorded = await money.recordRefund(attempt!.id, 'KHALTI-PORTAL-77');
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().payment).toMatchObject({ status: 'Refunded', refund_error: null });
    const audit = await money.db.select().from(auditEntries).where(eq(auditEntries.subjectId, attempt!.id));
    expect(audit.filter((entry) => entry.subjectType === 'payment').map((entry) => entry.action)).toEqual([
      'refund',
      'record-refund',
    ]);
  });

  it('records an eSewa refund made in the merchant portal, with its reference, once', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId, 'esewa');
    await money.cancel(orderId);
    const [attempt] = await money.attempts(orderId);
    expect((await money.refundThroughKhalti(attempt!.id)).statusCode).toBe(409);
    const bad = await money.recordRefund(attempt!.id, ' ');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const recorded = await money.recordRefund(attempt!.id, 'ESW-REF-1234');
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().payment).toMatchObject({ status: 'Refunded', refund_reference: 'ESW-REF-1234' });
    expect((await money.recordRefund(attempt!.id, 'ESW-REF-9999')).statusCode).toBe(409);
    expect((await money.attempts(orderId))[0]!.refund?.providerReference).toBe('ESW-REF-1234');
  });

  it('lists refunds due first, filters, and exports CSV to administrators only', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId, 'esewa');
    await money.decline(orderId);
    const number = (await money.order(orderId)).number;
    const list = await money.listPayments();
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.payments[0].status).toBe('Refund due');
    expect(body.refundsDue.count).toBeGreaterThanOrEqual(1);
    const found = (await money.listPayments(`?q=${number}`)).json();
    expect(found.total).toBe(1);
    expect(found.payments[0].order.number).toBe(number);
    expect(
      (await money.listPayments('?status=Refunded'))
        .json()
        .payments.every((payment: { status: string }) => payment.status === 'Refunded'),
    ).toBe(true);
    expect((await money.listPayments('?status=Nonsense')).statusCode).toBeLessThan(500);
    expect((await money.listPayments('', money.tokens.staff)).statusCode).toBe(403);
    const csv = await money.app.inject({
      url: `/api/admin/payments/export.csv?q=${number}`,
      headers: { authorization: `Bearer ${money.tokens.admin}` },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^order,order_status,patron,phone,monastery,puja/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(number);
  });
});

describe('receipts', () => {
  it('answers 404 with a clear message for an unpaid order', async () => {
    const orderId = await money.placeOrder();
    const response = await money.receipt(orderId);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Nothing has been paid/);
  });

  it('gives the payment and the refund receipts to the patron, the staff and admins, and 403 to others', async () => {
    const orderId = await money.placeOrder();
    await money.pay(orderId, 'khalti');
    await money.decline(orderId);
    const [attempt] = await money.attempts(orderId);
    await money.refundThroughKhalti(attempt!.id);
    const number = (await money.order(orderId)).number;
    for (const token of [money.tokens.patron, money.tokens.staff, money.tokens.admin]) {
      const response = await money.receipt(orderId, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    }
    const pages = await extractPdfText((await money.receipt(orderId)).rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Payment receipt');
    expect(pages[1]).toContain('Refund receipt');
    for (const page of pages) {
      expect(page).toContain(number);
      expect(page).toContain('Rs. 2,500');
      expect(page).toContain('Khalti');
    }
    expect((await money.receipt(orderId, money.tokens.otherPatron)).statusCode).toBe(403);
  });
});

describe('unpaid orders expire', () => {
  it('expires an unpaid order past its window, tells the patron, and refunds a payment that comes after', async () => {
    const orderId = await money.placeOrder();
    const started = (await money.startPayment(orderId, 'esewa')).json();
    await money.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, orderId));
    await money.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(paymentAttempts.orderId, orderId));
    const paidOrder = await money.placeOrder();
    await money.pay(paidOrder);
    await money.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, paidOrder));

    await money.app.jobs.handlers['expire-orders']({});
    expect((await money.order(orderId)).status).toBe('expired');
    expect((await money.order(paidOrder)).status).toBe('pending');
    expect((await money.patronTexts()).at(-1)).toMatch(/Your order expired unpaid/);

    const location = await money.decideAtProvider('esewa', started, 'pay');
    expect(await money.returnFromProvider(location)).toBe(`/orders?status=refund&oid=${orderId}`);
    expect(await money.order(orderId)).toMatchObject({ status: 'expired', paymentStatus: 'Refund due' });
  });

  it('waits for a patron who is paying right now, but never past the puja’s day', async () => {
    const paying = await money.placeOrder();
    await money.startPayment(paying, 'khalti');
    await money.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, paying));
    const dayPassed = await money.placeOrder();
    await money.startPayment(dayPassed, 'khalti');
    await money.db.update(orders).set({ pujaDate: '2020-01-01' }).where(eq(orders.id, dayPassed));
    await money.app.jobs.handlers['expire-orders']({});
    expect((await money.order(paying)).status).toBe('pending');
    expect((await money.order(dayPassed)).status).toBe('expired');
  });
});
