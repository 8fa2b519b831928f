import { afterEach, describe, expect, it } from 'vitest';
import { type StandInHandler, startStandIn } from '../../../test/stand-ins/http-stand-in.ts';
import {
  isKhaltiRefusal,
  isKhaltiUnavailable,
  KhaltiError,
  KhaltiUnavailableError,
  refundKhaltiPayment,
} from './khalti.ts';

const SECRET = 'test-khalti-secret-key';
const standIns: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

/** A Khalti stand-in, and our settings pointing at it as they point at https://dev.khalti.com/api/v2/. */
async function khalti(handler: StandInHandler) {
  const standIn = await startStandIn(handler);
  standIns.push(standIn);
  return { standIn, settings: { baseUrl: `${standIn.url}/api/v2/`, secretKey: SECRET } };
}

const refused = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeDefined();
  return error;
};

describe('refunding a Khalti payment', () => {
  it('asks for a full refund exactly as Khalti documents it, and resolves on 200', async () => {
    const { standIn, settings } = await khalti(() => ({
      status: 200,
      body: { detail: 'Transaction refund successful.' },
    }));
    await expect(refundKhaltiPayment(settings, 'GFq9PFS7b2iYvL8Lir9oXe')).resolves.toBeUndefined();
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/merchant-transaction/GFq9PFS7b2iYvL8Lir9oXe/refund/',
      body: '',
    });
    expect(request!.headers.authorization).toBe(`Key ${SECRET}`);
    // A full refund has no body, so nothing claims one.
    expect(request!.headers['content-type']).toBeUndefined();
  });

  it('finds the refund API beside v2 whether or not the base ends with a slash', async () => {
    const { standIn, settings } = await khalti(() => ({ status: 200, body: { detail: 'ok' } }));
    await refundKhaltiPayment({ ...settings, baseUrl: settings.baseUrl.replace(/\/$/, '') }, 'T1');
    expect(standIn.requests[0]!.path).toBe('/api/merchant-transaction/T1/refund/');
  });

  it('encodes the transaction id as one path segment', async () => {
    const { standIn, settings } = await khalti(() => ({ status: 200, body: { detail: 'ok' } }));
    await refundKhaltiPayment(settings, 'a/b c?d#e%');
    expect(standIn.requests[0]!.path).toBe('/api/merchant-transaction/a%2Fb%20c%3Fd%23e%25/refund/');
    await expect(refundKhaltiPayment(settings, '..')).rejects.toThrow(TypeError);
    await expect(refundKhaltiPayment(settings, '')).rejects.toThrow(TypeError);
    expect(standIn.requests).toHaveLength(1);
  });

  it('throws a refusal carrying Khalti’s detail when Khalti says no', async () => {
    const answer = { detail: 'Transaction already refunded.', error_key: 'validation_error' };
    const { settings } = await khalti(() => ({ status: 400, body: answer }));
    const error = await refused(refundKhaltiPayment(settings, 'T1'));
    expect(error).toBeInstanceOf(KhaltiError);
    expect(error).toMatchObject({ status: 400, body: answer });
    expect((error as Error).message).toContain('Transaction already refunded.');
    expect(isKhaltiRefusal(error)).toBe(true);
    expect(isKhaltiUnavailable(error)).toBe(false);
  });

  it('spells out field errors and a wrong key as refusals too', async () => {
    const { settings } = await khalti((request) =>
      request.path.includes('/T1/')
        ? {
            status: 400,
            body: { amount: ['Amount exceeds the refundable amount.'], error_key: 'validation_error' },
          }
        : { status: 401, body: { detail: 'Invalid token.', status_code: 401 } },
    );
    const fieldError = await refused(refundKhaltiPayment(settings, 'T1'));
    expect((fieldError as Error).message).toContain('amount: Amount exceeds the refundable amount.');
    expect(isKhaltiRefusal(fieldError)).toBe(true);
    const keyError = await refused(refundKhaltiPayment(settings, 'T2'));
    expect(keyError).toMatchObject({ status: 401 });
    expect((keyError as Error).message).toContain('Invalid token.');
  });

  it.each([
    ['a 503 without JSON', 503, undefined],
    ['a 500 with JSON', 500, { detail: 'Server error' }],
    ['a 429', 429, { detail: 'Request was throttled.' }],
    ['a 200 that is not JSON', 200, undefined],
    ['a 404 that is not Khalti’s JSON', 404, undefined],
  ])('calls %s unavailable: we do not know whether it was refunded', async (_case, status, body) => {
    const { settings } = await khalti(() => ({ status, body }));
    const error = await refused(refundKhaltiPayment(settings, 'T1'));
    expect(error).toBeInstanceOf(KhaltiUnavailableError);
    expect(error).not.toBeInstanceOf(KhaltiError);
    expect(error).toMatchObject({ status });
    expect(isKhaltiUnavailable(error)).toBe(true);
    expect(isKhaltiRefusal(error)).toBe(false);
  });

  it('calls a refused connection unavailable', async () => {
    const { standIn, settings } = await khalti(() => ({ status: 200, body: {} }));
    await standIn.close();
    standIns.splice(standIns.indexOf(standIn), 1);
    const error = await refused(refundKhaltiPayment(settings, 'T1'));
    expect(error).toBeInstanceOf(KhaltiUnavailableError);
    expect(error).toMatchObject({ status: null });
    expect((error as Error).cause).toBeDefined();
    expect(isKhaltiUnavailable(error)).toBe(true);
  });

  it('does not take other errors for a refusal', () => {
    expect(isKhaltiRefusal(new KhaltiError('Khalti look-up failed (HTTP 502)', 502, undefined))).toBe(false);
    expect(isKhaltiRefusal(new Error('no'))).toBe(false);
    expect(isKhaltiUnavailable(new Error('no'))).toBe(false);
  });
});
