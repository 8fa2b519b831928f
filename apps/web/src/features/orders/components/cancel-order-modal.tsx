import '../../../lib/orders-strings.ts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Order, PaymentProvider } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { moneyToRefundOnCancel } from '../utils/order-money.ts';

interface CancelOrderModalProps {
  /** The order whose Cancel order was pressed; null while closed. */
  order: Order | null;
  onClose: () => void;
}

/**
 * Asks before cancelling, saying what happens to the money: nothing to refund, or the amount and the
 * wallet it goes back to. Keeping the order is the safe choice and has the focus.
 */
export function CancelOrderModal({ order: asked, onClose }: CancelOrderModalProps) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
  const cancellation = useCancelOrder();
  // The last order asked about stays shown while the modal animates closed, instead of going blank.
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== null && asked !== lastAsked) setLastAsked(asked);
  const order = asked ?? lastAsked;
  const refund = order ? moneyToRefundOnCancel(order) : null;

  function providersText(providers: readonly PaymentProvider[]): string {
    const names = providers.map((provider) => t(`paymentMethod.${provider}`));
    return names.length === 2
      ? t('cancelOrder.providers', { first: names[0], second: names[1] })
      : names.join(', ');
  }

  function confirm() {
    if (!asked || !order || cancellation.isPending) return;
    cancellation.mutate(order.id, {
      onSuccess: (cancelled) => {
        notifySuccess(
          refund
            ? t('cancelOrder.doneRefundDue', {
                number: cancelled.number,
                amount: formatMoney(refund.amount),
              })
            : t('cancelOrder.done', { number: cancelled.number }),
        );
        onClose();
      },
      onError: (error) => {
        onClose();
        // A 401 has already said 'Session Expired'.
        if (error instanceof ApiError && error.status === 401) return;
        const reason = error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' });
        notifyError(reason, { title: t('cancelOrder.failed') });
      },
    });
  }

  return (
    <Modal
      opened={asked !== null}
      onClose={onClose}
      title={t('cancelOrder.title')}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {order && (
        <Stack gap="md">
          <Text>
            {t('cancelOrder.question', {
              number: order.number,
              puja: text(order.monastery_puja.puja, 'name'),
              monastery: text(order.monastery_puja.monastery, 'name'),
              date: formatPujaDate(order.date),
            })}
          </Text>
          <Text fw={600}>
            {refund
              ? t('cancelOrder.paid', {
                  amount: formatMoney(refund.amount),
                  provider: providersText(refund.providers),
                })
              : t('cancelOrder.unpaid')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={cancellation.isPending} data-autofocus>
              {t('cancelOrder.keep')}
            </Button>
            {/* The darker red keeps white text above AA contrast. */}
            <Button color="red.8" onClick={confirm} loading={cancellation.isPending}>
              {t('cancelOrder.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
