import type { Config, SmsProviderName } from '../../config/env.ts';
import { createOutboxSmsSender } from './outbox-sms.ts';
import { createRoutedSmsSender } from './routed-sms.ts';
import type { SmsSender } from './sms-sender.ts';
import { createSparrowSmsSender } from './sparrow-sms.ts';
import { createTwilioSmsSender } from './twilio-sms.ts';

/**
 * The SMS provider `SMS_PROVIDER` names, or with `routed` the two that `SMS_PROVIDER_NEPAL` and
 * `SMS_PROVIDER_ABROAD` name (docs/decisions/019). Apart from `sms-sender.ts` (what every provider is), so
 * the providers can use that without importing the code that chooses among them.
 */
export function createSmsSender(config: Config, log: (message: string) => void): SmsSender {
  if (config.SMS_PROVIDER === 'routed') {
    return createRoutedSmsSender({
      nepal: createProvider(config.SMS_PROVIDER_NEPAL, config, log),
      abroad: createProvider(config.SMS_PROVIDER_ABROAD, config, log),
    });
  }
  return createProvider(config.SMS_PROVIDER, config, log);
}

function createProvider(name: SmsProviderName, config: Config, log: (message: string) => void): SmsSender {
  switch (name) {
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
