import { useTranslation } from 'react-i18next';
import { registerStrings } from '../../lib/i18n.ts';
import strings from '../../locales/en/test-payments.json';

// Loaded only on a site whose payments are tests (test-payments-notice.tsx), with its strings.
await registerStrings('test-payments', strings);

/** The strip at the foot of every page of a production site taking test payments (docs/decisions/026). */
function TestPaymentsBanner() {
  const { t } = useTranslation('test-payments');
  return (
    <p className="test-payments-banner" role="note">
      <strong>{t('heading')}</strong> {t('text')}
    </p>
  );
}

// The default export `lazy` takes as it is: no wrapper in the first bundle, whose budget is tight.
export default TestPaymentsBanner;
