import { Drawer, Stack, Text } from '@mantine/core';
import { DEFAULT_BUSINESS_TIME_ZONE, type Order, todayIn } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DetailsList, type DetailsRow } from '../../../components/details-list.tsx';
import { usePlanLabel } from '../../../components/order-plan-label.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { useLastShown } from '../../../lib/use-last-shown.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import { patronLabel } from '../utils/patron-label.ts';
import { CompletionForm } from './completion-form.tsx';
import { PrayerNamesList } from './prayer-names-list.tsx';

interface OrderPanelProps {
  /** The approved order chosen on the calendar; null when closed. */
  order: Order | null;
  actions: OrderActions;
  onClose: () => void;
}

/**
 * The side panel for an approved order (docs/product.md#staff-calendar): its number, time, name, puja service, date, e-mail and phone
 * (and what the puja is for), then the photos and Puja Completed.
 */
export function OrderPanel({ order, actions, onClose }: OrderPanelProps) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  const shown = useLastShown(order);
  const none = t('panel.none');
  const planLabel = usePlanLabel();
  const rows: DetailsRow[] = shown
    ? [
        [t('panel.orderNumber'), shown.number],
        // A puja is booked for a day; the monastery may give it a time (Nepal time, docs/decisions/020).
        [
          t('panel.time'),
          shown.time ? t('day.nepalTime', { ns: 'prices', time: shown.time }) : t('panel.allDay'),
        ],
        [t('panel.name'), patronLabel(shown.user) || none],
        [t('panel.pujaService'), text(shown.monastery_puja.puja, 'name')],
        // An occurrence of a dedication plan (docs/decisions/056): "49 days for Tenzin Dorje, 1 of 7".
        ...(shown.plan
          ? [[t('plans.page.title', { ns: 'orders' }), planLabel(shown.plan)] as DetailsRow]
          : []),
        [t('panel.date'), formatPujaDate(shown.date)],
        [t('panel.email'), shown.user.email || none],
        [t('panel.phone'), shown.user.phone || none],
        [t('panel.beneficiary'), <PrayerNamesList key="names" names={shown.names} />],
        [t('panel.intention'), shown.intention || none],
        [t('panel.payment'), `${formatMoney(shown.amount)}, ${t(`paymentStatus.${shown.payment_status}`)}`],
      ]
    : [];

  return (
    <Drawer
      opened={order !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('panel.title')}
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown && (
        <Stack gap="lg">
          <DetailsList rows={rows} />
          {/* A puja is completed on its day (Nepal time) or later: before it, the form is not offered. */}
          {shown.date.slice(0, 10) <= todayIn(DEFAULT_BUSINESS_TIME_ZONE) ? (
            <CompletionForm key={shown.id} order={shown} actions={actions} onCompleted={onClose} />
          ) : (
            <Text c="dimmed" role="note">
              {t('panel.completeFromDay', { date: formatPujaDate(shown.date) })}
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
