import { useTranslation } from 'react-i18next';
import { PlainPageLoader } from './plain-ui.tsx';

/** Shown while a page's code is still on its way. */
export function PageLoader() {
  const { t } = useTranslation();
  return <PlainPageLoader label={t('loading')} />;
}
