import { type DisplayCurrency, guessCurrencyOfLocale, isDisplayCurrency } from '@puja/contract';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';
import { notifyError } from './notify.ts';
import { readPreferenceCookie, writePreferenceCookie } from './preference-cookies.ts';
import { getSession, updateUser, useSession } from './session.ts';

/**
 * The currency a person sees beside prices (docs/decisions/020): their account's when signed in, else the
 * `currency` cookie (which a server-rendered page can read too), else a guess from the browser's locale
 * region (en-AU → AUD), else none. `NPR` means rupees only.
 */
export const CURRENCY_COOKIE = 'currency';

export function readCurrencyCookie(cookieHeader: string): DisplayCurrency | null {
  return readPreferenceCookie(cookieHeader, CURRENCY_COOKIE, isDisplayCurrency);
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's own choice: the cookie, else the guess from its locale (not stored until chosen). */
function browserCurrency(): DisplayCurrency | null {
  const remembered = readCurrencyCookie(document.cookie);
  if (remembered) return remembered;
  return guessCurrencyOfLocale(navigator.languages?.[0] ?? navigator.language) ?? null;
}

/**
 * The server cannot know the browser's guess: the first (hydrating) render shows rupees only, and React
 * renders the chosen currency right after.
 */
const noCurrencyOnServer = (): DisplayCurrency | null => null;

export function useDisplayCurrency(): DisplayCurrency | null {
  const session = useSession();
  const fromBrowser = useSyncExternalStore(subscribe, browserCurrency, noCurrencyOnServer);
  return session.currency ?? fromBrowser;
}

/** The person chose in the menu: remembered by the browser, and by their account when signed in. */
export async function chooseCurrency(currency: DisplayCurrency): Promise<void> {
  writePreferenceCookie(CURRENCY_COOKIE, currency);
  for (const listener of listeners) listener();
  if (!getSession().token) return;
  try {
    const { user } = await (await import('./currency-request.ts')).saveCurrency(currency);
    updateUser(user);
  } catch {
    notifyError(i18n.t('prices:currency.saveFailed'));
  }
}
