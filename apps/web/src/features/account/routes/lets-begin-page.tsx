import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/lets-begin`: a new patron's first steps: their name and e-mail. */
export function LetsBeginPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('letsBegin.title'));
  return <Title order={1}>{t('letsBegin.title')}</Title>;
}
