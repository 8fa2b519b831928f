import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
import { PujaTimeInput } from '../../../components/puja-time-input.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { StaleVersionAlert } from '../../../components/stale-version-alert.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { useLastShown } from '../../../lib/use-last-shown.ts';
import { useOrderForEdit } from '../api/get-order-for-edit.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import { type StoredOrder, useRedateForm } from '../hooks/use-redate-form.ts';
import { patronLabel } from '../utils/patron-label.ts';
import { pujaDayOf } from '../utils/puja-day.ts';

interface UpdateDateModalProps {
  /** The pending order to move; null when closed. */
  order: Order | null;
  actions: OrderActions;
  onClose: () => void;
  /** Decline Order: the page asks for confirmation first. */
  onDecline: (order: Order) => void;
}

/**
 * The Update Puja Date modal (docs/product.md#staff-dashboard): a required new date (from today in Nepal), Close, Decline Order and
 * Update Date. It starts from the order's day as stored now (`GET /api/order/{id}/edit`).
 */
export function UpdateDateModal({ order, actions, onClose, onDecline }: UpdateDateModalProps) {
  const { t } = useTranslation('staff');
  const shown = useLastShown(order);
  const current = useOrderForEdit(order?.id ?? null);
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={t('dateModal.title')}
      centered
      // The Close button closes it (and Escape); a second, corner close button would only compete.
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown &&
        (current.isError ? (
          <QueryErrorAlert error={current.error} onRetry={() => void current.refetch()} />
        ) : current.data?.order.id === shown.id ? (
          <RedateForm
            key={shown.id}
            order={shown}
            stored={{ day: pujaDayOf(current.data.order.date), version: current.data.order.version }}
            reread={async () => {
              // A failed read keeps what the form has; the alert stays and Reload can be pressed again.
              const fresh = (await current.refetch({ throwOnError: true })).data?.order;
              if (!fresh) throw new Error('The order could not be read again.');
              return { day: pujaDayOf(fresh.date), version: fresh.version };
            }}
            actions={actions}
            onDone={onClose}
            onDecline={() => onDecline(shown)}
          />
        ) : (
          <Center py="xl">
            <Loader aria-label={t('loading', { ns: 'common' })} />
          </Center>
        ))}
    </Modal>
  );
}

interface RedateFormProps {
  order: Order;
  stored: StoredOrder;
  reread: () => Promise<StoredOrder>;
  actions: OrderActions;
  onDone: () => void;
  onDecline: () => void;
}

function RedateForm({ order, stored, reread, actions, onDone, onDecline }: RedateFormProps) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  const { form, submit, range, isUpdating, stale, reload } = useRedateForm(
    order,
    stored,
    actions,
    onDone,
    reread,
  );
  // The day shown as "now": the one the form last read.
  const currentDay = stored.day;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StaleVersionAlert stale={stale} onReload={reload} />
        <Text>
          {t('dateModal.current', {
            puja: text(order.monastery_puja.puja, 'name'),
            name: patronLabel(order.user),
            date: formatPujaDate(currentDay),
          })}
        </Text>
        <DayInput
          label={t('dateModal.date')}
          description={t('dateModal.dateHint')}
          required
          minDate={range.min}
          maxDate={range.max}
          {...form.getInputProps('date')}
          value={form.values.date}
        />
        <PujaTimeInput {...form.getInputProps('time')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('dateModal.close')}
          </Button>
          <Button color="red" variant="light" onClick={onDecline}>
            {t('dateModal.decline')}
          </Button>
          <Button type="submit" loading={isUpdating}>
            {t('dateModal.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
