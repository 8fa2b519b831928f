import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from '../locales/en/account.json';
import auth from '../locales/en/auth.json';
import catalogue from '../locales/en/catalogue.json';
import common from '../locales/en/common.json';
import orders from '../locales/en/orders.json';
import prices from '../locales/en/prices.json';

export const defaultNS = 'common';

/** The strings every visitor may need, bundled with the first page. */
export const resources = {
  en: { common, catalogue, auth, account, orders, prices },
} as const;

/**
 * The back offices' strings, and the long text of the information pages, travel with their own lazy pages
 * (see `registerStrings`), so visitors never download them before they need them; their types are still
 * known here so every key is checked at compile time.
 */
export type LazyResources = {
  admin: typeof import('../locales/en/admin.json');
  staff: typeof import('../locales/en/staff.json');
  'info-pages': typeof import('../locales/en/info-pages.json');
  'back-office-orders': typeof import('../locales/en/back-office-orders.json');
};

/** The only language for now; also sent to the API as Accept-Language. */
export const LANGUAGE = 'en';

// Resources are bundled, so initialising synchronously means the first render already has its strings.
void i18n.use(initReactI18next).init({
  lng: LANGUAGE,
  fallbackLng: LANGUAGE,
  defaultNS,
  ns: Object.keys(resources.en),
  resources,
  initAsync: false,
  // React escapes output already; escaping twice would show `&quot;` in 'No Puja for "…"'.
  interpolation: { escapeValue: false },
});

/** Adds a lazily loaded namespace; called when the module of the pages that use it is first imported. */
export function registerStrings<Namespace extends keyof LazyResources>(
  namespace: Namespace,
  strings: LazyResources[Namespace],
): void {
  if (!i18n.hasResourceBundle(LANGUAGE, namespace)) i18n.addResourceBundle(LANGUAGE, namespace, strings);
}

export { i18n };
