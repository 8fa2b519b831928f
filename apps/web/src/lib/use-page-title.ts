import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title, so tabs, history and screen readers name the page. */
export function usePageTitle(page: string | undefined): void {
  const { t } = useTranslation();
  useDocumentTitle(page ? t('documentTitle', { page }) : t('appName'));
}
