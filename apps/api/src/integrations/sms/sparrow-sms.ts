import { isNepaliNumber, SMS_TIMEOUT_MS, SmsDeliveryError, type SmsSender } from './sms-sender.ts';

/**
 * Sparrow SMS (Nepal), API v2: POST {apiUrl}sms/ with token, from, to (10-digit Nepali mobile numbers) and
 * text. It answers 200 `{ count, response_code: 200, response }`, or 403 `{ response_code: 10xx, response }`.
 */
export function createSparrowSmsSender(options: { apiUrl: string; token: string; from: string }): SmsSender {
  const endpoint = new URL('sms/', options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`);
  return {
    name: 'sparrow',
    // Sparrow delivers within Nepal only, to the national 10-digit number.
    reaches: isNepaliNumber,
    async send({ to, text }) {
      if (!isNepaliNumber(to))
        throw new SmsDeliveryError('sparrow', 'Sparrow SMS delivers to Nepali numbers only');
      const body = new URLSearchParams({ token: options.token, from: options.from, to: to.slice(4), text });
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsDeliveryError('sparrow', `unreachable: ${(error as Error).message}`);
      }
      const answer = (await response.json().catch(() => undefined)) as
        | { response_code?: number; response?: string }
        | undefined;
      if (response.status !== 200 || answer?.response_code !== 200) {
        throw new SmsDeliveryError(
          'sparrow',
          `refused (HTTP ${response.status}): ${answer?.response ?? 'no answer'}`,
          answer?.response_code,
        );
      }
    },
  };
}
