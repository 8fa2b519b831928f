import { SMS_TIMEOUT_MS, SmsDeliveryError, type SmsSender } from './sms-sender.ts';

/**
 * Twilio Programmable Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth
 * with the account SID and auth token, form fields To, From (a number or a messaging service SID) and
 * Body. 201 `{ sid, status: "queued", ... }` on success; errors as `{ code, message, more_info, status }`.
 */
export function createTwilioSmsSender(options: {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}): SmsSender {
  const endpoint = new URL(`/2010-04-01/Accounts/${options.accountSid}/Messages.json`, options.apiUrl);
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    reaches: () => true,
    async send({ to, text }) {
      const body = new URLSearchParams({ To: to, Body: text });
      body.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization },
          body,
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsDeliveryError('twilio', `unreachable: ${(error as Error).message}`);
      }
      if (response.status !== 201 && response.status !== 200) {
        const answer = (await response.json().catch(() => undefined)) as
          | { code?: number; message?: string }
          | undefined;
        throw new SmsDeliveryError(
          'twilio',
          `refused (HTTP ${response.status}): ${answer?.message ?? 'no answer'}`,
          answer?.code,
        );
      }
    },
  };
}
