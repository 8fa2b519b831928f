import '../../../lib/staff-strings.ts';
import '../earnings-strings.ts';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
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
      <PageHeading title={t('title')} intro={t('intro')} />
      {monasteryId ? <EarningsView monasteryId={monasteryId} /> : null}
    </Stack>
  );
}
