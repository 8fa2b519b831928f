import '../admin-strings.ts';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/admin/manage-user`: the administrator's list of users. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('users.title'));
  return <Title order={1}>{t('users.title')}</Title>;
}
