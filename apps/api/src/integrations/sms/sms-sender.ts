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

/** Provider calls must not hang a sign-in: give up after this long. */
export const SMS_TIMEOUT_MS = 10_000;
