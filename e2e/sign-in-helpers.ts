import { type APIRequestContext, expect } from '@playwright/test';
import { waitForSignInCode } from './sms-outbox.ts';

/** A Nepali national number in E.164, as the server stores it and texts it. */
export function e164(nationalNumber: string): string {
  return `+977${nationalNumber}`;
}

/** A session for `nationalNumber` straight from the API, for tests about what comes after sign-in. */
export async function signInThroughApi(request: APIRequestContext, nationalNumber: string): Promise<string> {
  const since = new Date();
  const sent = await request.post('/api/send-otp', { multipart: { code: '+977', phone: nationalNumber } });
  expect(sent.status()).toBe(200);
  // The code is only good with the challenge that asked for it, as in the browser.
  const { challenge } = (await sent.json()) as { challenge: string };
  const otp = await waitForSignInCode(e164(nationalNumber), since);
  const login = await request.post('/api/login-phone', {
    multipart: { code: '+977', phone: nationalNumber, otp, challenge },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}
