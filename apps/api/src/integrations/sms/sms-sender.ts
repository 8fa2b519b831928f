/** Delivers a text message. Our server makes the sign-in codes; a provider only carries them. */
export interface SmsSender {
  readonly name: string;
  /**
   * Whether this sender can deliver to `to` (E.164) at all. Asked before a sign-in code is issued, so a
   * number no configured provider reaches is told so at once (422) instead of waiting for a code.
   */
  reaches(to: string): boolean;
  /** `to` is E.164. Throws `SmsDeliveryError` when the provider refuses or cannot be reached. */
  send(message: { to: string; text: string }): Promise<void>;
}

/** Nepal's country calling code: Sparrow SMS delivers to these numbers only. */
export const NEPAL_CALLING_CODE = '+977';

export function isNepaliNumber(to: string): boolean {
  return to.startsWith(NEPAL_CALLING_CODE);
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

/** Provider calls must not hang a sign-in: give up after this long. */
export const SMS_TIMEOUT_MS = 10_000;
