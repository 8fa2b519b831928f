import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

/** Whether one's order notices also go by e-mail (`PATCH /api/me/email-notices`; docs/decisions/019). */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const setEmailNotices = (token: string | undefined, payload: object) =>
  harness.app.inject({
    method: 'PATCH',
    url: '/api/me/email-notices',
    ...(token ? { headers: bearer(token) } : {}),
    payload,
  });
const storedChoiceOf = async (id: number) =>
  (await harness.database.db.select({ on: users.emailNotices }).from(users).where(eq(users.id, id)))[0]?.on;

describe('one’s own choice of e-mail notices', () => {
  it('is on for a new account, and is turned off and on again', async () => {
    const session = await signInByPhone(harness, '9816300001');
    expect(session.user.email_notices).toBe(true);

    const off = await setEmailNotices(session.token, { email_notices: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user).toMatchObject({ id: session.user.id, email_notices: false });
    expect(await storedChoiceOf(session.user.id)).toBe(false);
    const me = await harness.app.inject({ url: '/api/me', headers: bearer(session.token) });
    expect(me.json().user.email_notices).toBe(false);

    const on = await harness.app.inject({
      method: 'POST',
      url: '/api/me/email-notices',
      headers: bearer(session.token),
      payload: { _method: 'patch', email_notices: true },
    });
    expect(on.statusCode).toBe(200);
    expect(await storedChoiceOf(session.user.id)).toBe(true);
  });

  it('refuses anything but true or false with 422 and keeps the stored choice', async () => {
    const session = await signInByPhone(harness, '9816300002');
    await setEmailNotices(session.token, { email_notices: false });
    for (const payload of [{ email_notices: 'yes' }, { email_notices: null }, {}]) {
      const refused = await setEmailNotices(session.token, payload);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.email_notices).toBeDefined();
    }
    expect(await storedChoiceOf(session.user.id)).toBe(false);
  });

  it('needs a session', async () => {
    expect((await setEmailNotices(undefined, { email_notices: false })).statusCode).toBe(401);
  });
});
