import '../admin-strings.ts';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/admin/puja`: the administrator's list of pujas. */
export function AdminPujasPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('pujas.title'));
  return <Title order={1}>{t('pujas.title')}</Title>;
}
