import '../../../lib/staff-strings.ts';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCatalogueItems } from '../../catalogue/api/get-catalogue-items.ts';
import { useOrderDaySettings } from '../api/order-day-settings.ts';
import { ClosuresSection } from '../components/closures-section.tsx';
import { OrderDaySettingsForm } from '../components/order-day-settings-form.tsx';

/** One monastery's order days: the limits form and its closed days, once the settings are read. */
function OrderDaysOf({ monasteryId }: { monasteryId: number }) {
  const settings = useOrderDaySettings(monasteryId);
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <QueryErrorAlert error={settings.error} onRetry={() => settings.refetch()} />;
  return (
    <Stack gap="lg">
      {/* Keyed by monastery: another monastery's settings start a fresh form. */}
      <OrderDaySettingsForm key={monasteryId} settings={settings.data} />
      <ClosuresSection key={`closures-${monasteryId}`} settings={settings.data} />
    </Stack>
  );
}

function Heading() {
  const { t } = useTranslation('staff');
  usePageTitle(t('orderDays.title'));
  return <PageHeading title={t('orderDays.title')} intro={t('orderDays.intro')} />;
}

/** `/monastery/order-days`: the staff's own monastery's capacity, cut-off and closed days. */
export function MonasteryOrderDaysPage() {
  const { monastery_id: monasteryId } = useSession();
  return (
    <Stack gap="lg">
      <Heading />
      {monasteryId ? <OrderDaysOf monasteryId={monasteryId} /> : null}
    </Stack>
  );
}

/** `/admin/order-days`: an administrator chooses the monastery (any), then sets the same. */
export function AdminOrderDaysPage() {
  const { t } = useTranslation('staff');
  const monasteries = useCatalogueItems('monastery');
  const [chosen, setChosen] = useState<string | null>(null);
  const monasteryId = chosen ?? (monasteries.data?.[0] ? String(monasteries.data[0].id) : null);
  return (
    <Stack gap="lg">
      <Heading />
      <Select
        label={t('orderDays.monastery')}
        data={(monasteries.data ?? []).map((monastery) => ({
          value: String(monastery.id),
          label: monastery.name,
        }))}
        value={monasteryId}
        onChange={setChosen}
        allowDeselect={false}
        searchable
        maw={420}
      />
      {monasteryId ? <OrderDaysOf monasteryId={Number(monasteryId)} /> : null}
    </Stack>
  );
}
