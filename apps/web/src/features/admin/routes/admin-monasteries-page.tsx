import '../admin-strings.ts';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/admin/monastery`: the administrator's list of monasteries. */
export function AdminMonasteriesPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('monasteries.title'));
  return <Title order={1}>{t('monasteries.title')}</Title>;
}
