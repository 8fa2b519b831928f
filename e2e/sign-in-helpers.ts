import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { waitForSignInCode } from './sms-outbox.ts';

/** A Nepali national number in E.164, as the server stores it and texts it. */
export function e164(nationalNumber: string): string {
  return `+977${nationalNumber}`;
}

/** How long the server says to wait before it texts this number again (429 with Retry-After), in ms. */
function waitAskedFor(response: { status(): number; headers(): Record<string, string> }): number {
  if (response.status() !== 429) return 0;
  return Math.max(1, Number(response.headers()['retry-after'] ?? 1)) * 1000;
}

/**
 * Asks the server for a sign-in code as a person would: the server texts one number at most once every
 * OTP_RESEND_SECONDS (playwright.config.ts), so when the number had a code a moment ago (the same demo
 * account signing in from one test to the next), it waits as long as the server says and asks again.
 */
async function sendCode(request: APIRequestContext, nationalNumber: string) {
  for (let attempt = 1; ; attempt++) {
    const sent = await request.post('/api/send-otp', { multipart: { code: '+977', phone: nationalNumber } });
    const wait = waitAskedFor(sent);
    if (wait === 0 || attempt === 3) return sent;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * The sessions this worker has opened, by national number. The demo accounts sign in in most specs, one
 * test after another, and the server texts a number at most once every OTP_RESEND_SECONDS: asking for a
 * new code each time made many tests wait those 10 s first. A session still good is what a new sign-in
 * would give, so it is used again; one that was logged out or revoked since (GET /api/me says 401), or whose
 * account has moved to another number, is not, and a new one is made. Tests about signing in itself go
 * through the screens, not through this helper.
 */
const openSessions = new Map<string, string>();

/** A session for `nationalNumber` straight from the API, for tests about what comes after sign-in. */
export async function signInThroughApi(request: APIRequestContext, nationalNumber: string): Promise<string> {
  const open = openSessions.get(nationalNumber);
  if (open) {
    const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${open}` } });
    const user = me.ok() ? ((await me.json()) as { user?: { phone?: string } }).user : undefined;
    if (user?.phone === e164(nationalNumber)) return open;
    openSessions.delete(nationalNumber);
  }
  const since = new Date();
  const sent = await sendCode(request, nationalNumber);
  expect(sent.status()).toBe(200);
  // The code is only good with the challenge that asked for it, as in the browser.
  const { challenge } = (await sent.json()) as { challenge: string };
  const otp = await waitForSignInCode(e164(nationalNumber), since);
  const login = await request.post('/api/login-phone', {
    multipart: { code: '+977', phone: nationalNumber, otp, challenge },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  openSessions.set(nationalNumber, token);
  return token;
}

/**
 * Presses a button that asks the server for a code (Send OTP, Send code) and waits for the server's
 * answer. When the server says the number had a code too recently ('Too many requests. Try again in 7
 * seconds.'), it waits as long as the server's Retry-After says and presses again, as the person would.
 */
export async function pressToSendCode(page: Page, button: Locator) {
  for (let attempt = 1; ; attempt++) {
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/(send-otp|me\/phone\/code)$/.test(response.url()),
    );
    await button.click();
    const wait = waitAskedFor(await answer);
    if (wait === 0 || attempt === 3) return;
    await page.waitForTimeout(wait);
  }
}
