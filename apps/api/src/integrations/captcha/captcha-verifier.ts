import type { Config } from '../../config/env.ts';

/**
 * The bot check in front of "Send OTP". `none` accepts everything (development, tests); `turnstile` checks
 * the widget's token with Cloudflare's siteverify endpoint: POST secret, response, remoteip →
 * `{ success, "error-codes": [...] }`.
 */
export interface CaptchaVerifier {
  readonly provider: 'none' | 'turnstile';
  /** The public key the browser's widget needs, if any. */
  readonly siteKey: string | undefined;
  verify(token: string | undefined, remoteIp: string): Promise<boolean>;
}

export function createCaptchaVerifier(config: Config): CaptchaVerifier {
  if (config.CAPTCHA_PROVIDER === 'none') {
    return { provider: 'none', siteKey: undefined, verify: async () => true };
  }
  const secret = config.TURNSTILE_SECRET_KEY!;
  return {
    provider: 'turnstile',
    siteKey: config.TURNSTILE_SITE_KEY,
    async verify(token, remoteIp) {
      if (!token) return false;
      try {
        const response = await fetch(config.TURNSTILE_VERIFY_URL, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(10_000),
        });
        const answer = (await response.json()) as { success?: boolean };
        return response.ok && answer.success === true;
      } catch {
        // The check could not be made: refuse rather than let unchecked requests through.
        return false;
      }
    },
  };
}
