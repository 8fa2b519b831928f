import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/orders`: a patron's orders, their messages and pictures. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('orders.title'));
  return <Title order={1}>{t('orders.title')}</Title>;
}
