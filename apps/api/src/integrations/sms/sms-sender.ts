import type { Config } from '../../config/env.ts';
import { createOutboxSmsSender } from './outbox-sms.ts';
import { createSparrowSmsSender } from './sparrow-sms.ts';
import { createTwilioSmsSender } from './twilio-sms.ts';

/** Delivers a text message. Our server makes the sign-in codes; a provider only carries them. */
export interface SmsSender {
  readonly name: string;
  /** `to` is E.164. Throws `SmsDeliveryError` when the provider refuses or cannot be reached. */
  send(message: { to: string; text: string }): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly providerCode?: string | number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'SmsDeliveryError';
  }
}

export function createSmsSender(config: Config, log: (message: string) => void): SmsSender {
  switch (config.SMS_PROVIDER) {
    case 'sparrow':
      return createSparrowSmsSender({
        apiUrl: config.SPARROW_API_URL,
        token: config.SPARROW_TOKEN!,
        from: config.SPARROW_FROM!,
      });
    case 'twilio':
      return createTwilioSmsSender({
        apiUrl: config.TWILIO_API_URL,
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM!,
      });
    case 'outbox':
      return createOutboxSmsSender(config.dataDirectory, log);
  }
}

/** Provider calls must not hang a sign-in: give up after this long. */
export const SMS_TIMEOUT_MS = 10_000;
