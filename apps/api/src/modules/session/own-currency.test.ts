import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

/** The currency beside prices (`PATCH /api/me/currency`), kept on the account (docs/decisions/020). */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const setCurrency = (token: string | undefined, payload: object) =>
  harness.app.inject({
    method: 'PATCH',
    url: '/api/me/currency',
    ...(token ? { headers: bearer(token) } : {}),
    payload,
  });
const storedCurrencyOf = async (id: number) =>
  (await harness.database.db.select({ currency: users.currency }).from(users).where(eq(users.id, id)))[0]
    ?.currency;

describe('one’s own currency', () => {
  it('is null until chosen, then stored and answered by /api/me and at sign-in', async () => {
    const session = await signInByPhone(harness, '9816300001');
    expect(session.user.currency).toBeNull();
    const changed = await setCurrency(session.token, { currency: 'AUD' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ id: session.user.id, currency: 'AUD' });
    expect(await storedCurrencyOf(session.user.id)).toBe('AUD');
    const me = await harness.app.inject({ url: '/api/me', headers: bearer(session.token) });
    expect(me.json().user.currency).toBe('AUD');
  });

  it('comes with the sign-in, so the browser can take the account’s currency', async () => {
    await harness.database.db.insert(users).values({ phone: '+9779816300004', currency: 'JPY' });
    expect((await signInByPhone(harness, '9816300004')).user.currency).toBe('JPY');
  });

  it('takes NPR for rupees only, also with POST and `_method=patch`', async () => {
    const session = await signInByPhone(harness, '9816300002');
    const changed = await harness.app.inject({
      method: 'POST',
      url: '/api/me/currency',
      headers: bearer(session.token),
      payload: { _method: 'patch', currency: 'NPR' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await storedCurrencyOf(session.user.id)).toBe('NPR');
  });

  it('refuses a currency we do not show with 422 and keeps the stored one', async () => {
    const session = await signInByPhone(harness, '9816300003');
    await setCurrency(session.token, { currency: 'EUR' });
    for (const currency of ['XAU', 'aud', '', null, 12]) {
      const refused = await setCurrency(session.token, { currency });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.currency).toBeDefined();
    }
    expect(await storedCurrencyOf(session.user.id)).toBe('EUR');
  });

  it('needs a signed-in person', async () => {
    expect((await setCurrency(undefined, { currency: 'USD' })).statusCode).toBe(401);
  });
});
