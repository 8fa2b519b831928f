import '../monastery-dashboard-strings.ts';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/monastery/puja`: the pujas a monastery offers and their prices. */
export function MonasteryPujasPage() {
  const { t } = useTranslation('monastery-dashboard');
  usePageTitle(t('pujas.title'));
  return <Title order={1}>{t('pujas.title')}</Title>;
}
