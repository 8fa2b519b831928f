import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

/** The signed-in person's language (`PATCH /api/me/language`), kept on the account (docs/decisions/018). */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

const setLanguage = (token: string | undefined, payload: object) =>
  harness.app.inject({
    method: 'PATCH',
    url: '/api/me/language',
    ...(token ? { headers: bearer(token) } : {}),
    payload,
  });
const me = (token: string) => harness.app.inject({ url: '/api/me', headers: bearer(token) });
const storedLanguageOf = async (id: number) =>
  (await harness.database.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]
    ?.language;

describe('one’s own language', () => {
  it('is null until chosen, then stored and answered by /api/me', async () => {
    const session = await signInByPhone(harness, '9816200001');
    expect(session.user.language).toBeNull();
    expect((await me(session.token)).json().user.language).toBeNull();

    const changed = await setLanguage(session.token, { language: 'ne' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ id: session.user.id, language: 'ne' });
    expect(await storedLanguageOf(session.user.id)).toBe('ne');
    expect((await me(session.token)).json().user.language).toBe('ne');
  });

  it('comes with the sign-in, so the browser can take the account’s language', async () => {
    await harness.database.db.insert(users).values({ phone: '+9779816200004', language: 'zh-Hant' });
    expect((await signInByPhone(harness, '9816200004')).user.language).toBe('zh-Hant');
  });

  it('is set with POST and `_method=patch`, as the web app’s forms send it', async () => {
    const session = await signInByPhone(harness, '9816200002');
    const changed = await harness.app.inject({
      method: 'POST',
      url: '/api/me/language',
      headers: bearer(session.token),
      payload: { _method: 'patch', language: 'en' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await storedLanguageOf(session.user.id)).toBe('en');
  });

  it('refuses a language we do not have with 422 and keeps the stored one', async () => {
    const session = await signInByPhone(harness, '9816200003');
    await setLanguage(session.token, { language: 'ne' });
    for (const language of ['fr', 'zh-TW', '', 'NE']) {
      const refused = await setLanguage(session.token, { language });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.language).toBeDefined();
    }
    expect((await setLanguage(session.token, {})).statusCode).toBe(422);
    expect(await storedLanguageOf(session.user.id)).toBe('ne');
  });

  it('needs a session', async () => {
    expect((await setLanguage(undefined, { language: 'ne' })).statusCode).toBe(401);
  });
});
