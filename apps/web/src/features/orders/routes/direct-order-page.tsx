import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** `/direct-order`: order a puja by choosing the monastery, the puja and the date. */
export function DirectOrderPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('directOrder.title'));
  return <Title order={1}>{t('directOrder.title')}</Title>;
}
