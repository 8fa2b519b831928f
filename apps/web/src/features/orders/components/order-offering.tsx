import { Text } from '@mantine/core';
import type { Order, OrderGift } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatOrderDate, formatPujaDate } from '../../../lib/formatting.ts';
import { useUnitLanguage } from './offering-choice-fields.tsx';

/**
 * How an order's amount was made (docs/decisions/054), under it: "108 × butter lamp at Rs. 10 each", or
 * that the patron chose the amount; nothing for a puja at one price.
 */
export function OfferingOfOrder({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const language = useUnitLanguage();
  if (order.pricing === 'pay_what_you_can')
    return (
      <Text component="span" display="block" size="sm" c="dimmed">
        {t('offering.yourAmount')}
      </Text>
    );
  if (order.pricing !== 'per_unit' || !order.unit || order.unit_price == null) return null;
  return (
    <Text component="span" display="block" size="sm" c="dimmed" data-testid="order-offering">
      {t('offering.ofUnits', {
        quantity: (order.quantity ?? 1).toLocaleString(),
        unit: order.unit[language],
        price: formatMoney(order.unit_price),
      })}
    </Text>
  );
}

/** To whom the order is dedicated, and when they are (or were) told. */
export function GiftOfOrder({ gift }: { gift: OrderGift }) {
  const { t } = useTranslation('orders');
  return (
    <span>
      {gift.told_at
        ? t('gift.told', { name: gift.recipient_name, date: formatOrderDate(gift.told_at) })
        : t('gift.summary', { name: gift.recipient_name, date: formatPujaDate(gift.tell_on) })}
    </span>
  );
}
