import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  initiateKhaltiPayment,
  isKhaltiRefusal,
  isKhaltiUnavailable,
  KhaltiError,
  type KhaltiSettings,
  KhaltiUnavailableError,
  lookUpKhaltiPayment,
  refundKhaltiPayment,
} from './khalti.ts';
import { resolvePaymentSettings } from './payment-settings.ts';

let harness: TestApp;
let settings: KhaltiSettings;

beforeAll(async () => {
  harness = await createTestApp({ env: { PUBLIC_URL: 'http://pay.test', PAYMENT_MODE: 'simulator' } });
  // The adapters reach the simulator over real HTTP, so this app listens on a free port.
  const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  // The settings the app itself gives the Khalti adapter in simulator mode.
  settings = resolvePaymentSettings(harness.app.config, address).khalti;
});
afterAll(() => harness.close());

/** A Khalti payment made through the simulator as a patron makes it: initiated, then paid. */
async function completedPayment(): Promise<{ pidx: string; transactionId: string }> {
  const { pidx } = await initiateKhaltiPayment(settings, {
    returnUrl: 'http://pay.test/khalti-payment-return',
    websiteUrl: 'http://pay.test',
    amountPaisa: 250_000,
    purchaseOrderId: 'PJ-7K3M9Q',
    purchaseOrderName: 'Refund test puja',
  });
  const decision = await harness.app.inject({
    method: 'POST',
    url: '/simulator/khalti/decide',
    payload: { pidx, decision: 'pay' },
  });
  expect(decision.statusCode).toBe(302);
  const lookup = await lookUpKhaltiPayment(settings, pidx);
  expect(lookup.status).toBe('Completed');
  return { pidx, transactionId: lookup.transactionId! };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the refund should have failed'),
    (error: unknown) => error,
  );

describe('refunding a Khalti payment through the simulator', () => {
  it('is reached by the real adapter with the simulator’s settings', () => {
    expect(settings.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/simulator\/khalti\/api\/v2\/$/);
  });

  it('refunds a completed payment once: the look-up says Refunded, a second try is refused', async () => {
    const { pidx, transactionId } = await completedPayment();
    await refundKhaltiPayment(settings, transactionId);
    const lookup = await lookUpKhaltiPayment(settings, pidx);
    expect(lookup.status).toBe('Refunded');
    expect(lookup.raw).toMatchObject({ refunded: true, transaction_id: transactionId });

    const again = await failure(refundKhaltiPayment(settings, transactionId));
    expect(again).toBeInstanceOf(KhaltiError);
    expect(again).toMatchObject({
      status: 400,
      body: { detail: 'Transaction already refunded.', error_key: 'validation_error' },
    });
    expect(isKhaltiRefusal(again)).toBe(true);
  });

  it('refuses an unknown transaction, a payment not completed and a wrong key', async () => {
    const unknown = await failure(refundKhaltiPayment(settings, 'NOSUCHTRANSACTION'));
    expect(unknown).toMatchObject({ status: 400, body: { detail: 'Transaction not found.' } });

    const { pidx } = await initiateKhaltiPayment(settings, {
      returnUrl: 'http://pay.test/khalti-payment-return',
      websiteUrl: 'http://pay.test',
      amountPaisa: 250_000,
      purchaseOrderId: 'PJ-7K3M9R',
      purchaseOrderName: 'Unpaid puja',
    });
    const unpaid = harness.app.paymentSimulator!.khalti.get(pidx)!;
    // A transaction id for a payment that is not (or no longer) completed.
    Object.assign(unpaid, { status: 'Pending', transactionId: 'PENDINGTRANSACTION' });
    const notCompleted = await failure(refundKhaltiPayment(settings, 'PENDINGTRANSACTION'));
    expect(notCompleted).toMatchObject({ status: 400 });
    expect(isKhaltiRefusal(notCompleted)).toBe(true);
    expect(unpaid.status).toBe('Pending');

    const { transactionId } = await completedPayment();
    const wrongKey = await failure(refundKhaltiPayment({ ...settings, secretKey: 'wrong' }, transactionId));
    expect(wrongKey).toMatchObject({ status: 401, body: { detail: 'Invalid token.' } });
    expect(isKhaltiRefusal(wrongKey)).toBe(true);
  });

  it('answers an outage with 503 as many times as asked, refunding nothing until it ends', async () => {
    const { pidx, transactionId } = await completedPayment();
    harness.app.paymentSimulator!.khaltiRefundOutage = 2;
    for (let call = 0; call < 2; call++) {
      const error = await failure(refundKhaltiPayment(settings, transactionId));
      expect(error).toBeInstanceOf(KhaltiUnavailableError);
      expect(error).toMatchObject({ status: 503 });
      expect(isKhaltiUnavailable(error)).toBe(true);
      expect((await lookUpKhaltiPayment(settings, pidx)).status).toBe('Completed');
    }
    expect(harness.app.paymentSimulator!.khaltiRefundOutage).toBe(0);
    await refundKhaltiPayment(settings, transactionId);
    expect((await lookUpKhaltiPayment(settings, pidx)).status).toBe('Refunded');
  });
});
