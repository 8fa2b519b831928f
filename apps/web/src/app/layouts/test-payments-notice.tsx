import { lazy, Suspense } from 'react';
import { useSiteContacts } from '../../features/info-pages/api/get-site-contacts.ts';
// The banner's styles, with the first paint's: a rendered page shows it styled before its code arrives.
import './test-payments-banner.css';

// The banner's code and strings stay out of the first bundle: a site taking real money never shows it.
const TestPaymentsBanner = lazy(() => import('./test-payments-banner.tsx'));

/**
 * On a production site that takes test payments (PAYMENT_MODE=sandbox with
 * ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION), every page says so: no one should believe a puja was paid for.
 * The server's answer (GET /api/client-config) comes in a rendered page's data, and the server's rendering
 * waits for the banner's code, so the banner is in the page's HTML from the first paint; nothing shows
 * while the answer is on its way, or on a site taking real money.
 */
export function TestPaymentsNotice() {
  const testMode = useSiteContacts().data?.payments.test_mode;
  if (!testMode) return null;
  return (
    <Suspense fallback={null}>
      <TestPaymentsBanner />
    </Suspense>
  );
}
