import '../monastery-dashboard-strings.ts';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/monastery/dashboard`: a monastery's orders. */
export function MonasteryDashboardPage() {
  const { t } = useTranslation('monastery-dashboard');
  usePageTitle(t('dashboard.title'));
  return <Title order={1}>{t('dashboard.title')}</Title>;
}
