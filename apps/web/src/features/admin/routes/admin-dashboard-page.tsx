import '../admin-strings.ts';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/admin/dashboard`: the administrator's start page. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('dashboard.title'));
  return <Title order={1}>{t('dashboard.title')}</Title>;
}
