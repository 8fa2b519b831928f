import { isNepaliNumber, type SmsSender } from './sms-sender.ts';

/**
 * Sends each message through the provider for its destination (SMS_PROVIDER=routed): Nepali numbers
 * (+977) through one, every other number through the other. Sparrow SMS is cheaper and more reliable
 * inside Nepal but delivers nowhere else; Twilio reaches patrons abroad (docs/decisions/019).
 */
export function createRoutedSmsSender(routes: { nepal: SmsSender; abroad: SmsSender }): SmsSender {
  const routeFor = (to: string) => (isNepaliNumber(to) ? routes.nepal : routes.abroad);
  return {
    name: `routed (Nepal: ${routes.nepal.name}, abroad: ${routes.abroad.name})`,
    reaches: (to) => routeFor(to).reaches(to),
    send: (message) => routeFor(message.to).send(message),
  };
}
