import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from '../locales/en/account.json';
import admin from '../locales/en/admin.json';
import auth from '../locales/en/auth.json';
import catalogue from '../locales/en/catalogue.json';
import common from '../locales/en/common.json';
import monasteryDashboard from '../locales/en/monastery-dashboard.json';
import orders from '../locales/en/orders.json';

export const defaultNS = 'common';

export const resources = {
  en: { common, catalogue, auth, account, orders, admin, 'monastery-dashboard': monasteryDashboard },
} as const;

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

export { i18n };
