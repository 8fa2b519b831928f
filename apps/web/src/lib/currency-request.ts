import { type DisplayCurrency, updateCurrencyEndpoint } from '@puja/contract';
import { callEndpoint } from './endpoint-client.ts';

/**
 * Saves a signed-in person's currency. A module of its own, loaded when they choose: the currency menu is
 * in the first bundle, the contract's session schemas (and zod) are not (docs/decisions/017).
 */
export function saveCurrency(currency: DisplayCurrency) {
  return callEndpoint(updateCurrencyEndpoint, { body: { currency } });
}
