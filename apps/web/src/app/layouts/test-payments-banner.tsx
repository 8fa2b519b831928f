import { useTranslation } from 'react-i18next';
import { useSiteContacts } from '../../features/info-pages/api/get-site-contacts.ts';
import classes from './test-payments-banner.module.css';

/**
 * On a production site that takes test payments (PAYMENT_MODE=sandbox with
 * ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION), every page says so: no one should believe a puja was paid for.
 * The server's answer (GET /api/client-config) comes in a rendered page's data, so the banner is there
 * from the first paint; nothing shows while the answer is on its way, or on a site taking real money.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation();
  const testMode = useSiteContacts().data?.payments.test_mode;
  if (!testMode) return null;
  return (
    <p className={classes.banner} role="note">
      <strong>{t('testPayments.heading')}</strong> {t('testPayments.text')}
    </p>
  );
}
