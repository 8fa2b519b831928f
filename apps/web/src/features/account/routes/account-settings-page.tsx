import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/account-settings`: the patron's name and e-mail. */
export function AccountSettingsPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('accountSettings.title'));
  return <Title order={1}>{t('accountSettings.title')}</Title>;
}
