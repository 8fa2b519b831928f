import '../../../lib/staff-strings.ts';
import '../earnings-strings.ts';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { EarningsView } from '../components/earnings-view.tsx';

/** `/monastery/earnings` (docs/product.md#staff-earnings): the staff's own monastery's money. */
export function EarningsPage() {
  const { t } = useTranslation('earnings');
  usePageTitle(t('title'));
  const { monastery_id: monasteryId } = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      {monasteryId ? <EarningsView monasteryId={monasteryId} /> : null}
    </Stack>
  );
}
