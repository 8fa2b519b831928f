import '../../../lib/back-office-orders-strings.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { useMonasteries } from '../../catalogue/api/get-monasteries.ts';
import { useMonasteryPujas } from '../../monastery-catalogue/api/get-monastery-pujas.ts';
import type { FilterOption } from '../components/back-office-order-filters.tsx';
import { BackOfficeOrdersScreen } from '../components/back-office-orders-screen.tsx';

const byLabel = (first: FilterOption, second: FilterOption) => first.label.localeCompare(second.label);

/** `/monastery/orders`: the staff's monastery's orders, every state, with the pujas it offers to filter by. */
export function MonasteryOrdersPage() {
  const { t } = useTranslation('back-office-orders');
  const offered = useMonasteryPujas();
  const text = useCatalogueText();
  const pujas = useMemo(
    () =>
      (offered.data?.monasteryPuja.pujas ?? [])
        .map((puja) => ({ value: String(puja.id), label: text(puja, 'name') }))
        .sort(byLabel),
    [offered.data, text],
  );
  return <BackOfficeOrdersScreen basePath="/monastery/orders" intro={t('list.staffIntro')} pujas={pujas} />;
}

/** `/admin/orders`: every monastery's orders, filtered by monastery too. */
export function AdminOrdersPage() {
  const { t } = useTranslation('back-office-orders');
  const catalogue = useMonasteries();
  const text = useCatalogueText();
  const { monasteries, pujas } = useMemo(() => {
    const all = catalogue.data?.monasteries ?? [];
    const pujaNames = new Map<number, string>();
    for (const monastery of all)
      for (const puja of monastery.pujas) pujaNames.set(puja.id, text(puja, 'name'));
    return {
      monasteries: all
        .map((monastery) => ({ value: String(monastery.id), label: text(monastery, 'name') }))
        .sort(byLabel),
      pujas: [...pujaNames].map(([id, name]) => ({ value: String(id), label: name })).sort(byLabel),
    };
  }, [catalogue.data, text]);
  return (
    <BackOfficeOrdersScreen
      basePath="/admin/orders"
      intro={t('list.adminIntro')}
      pujas={pujas}
      monasteries={monasteries}
    />
  );
}
