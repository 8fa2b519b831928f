import { Badge, Group } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { orderStage, STAGE_COLOURS } from '../utils/order-stage.ts';
import { PAYMENT_STATUS_COLOURS } from './order-payments.tsx';

/** Where the order stands and its money, as two tinted badges (the text stays dark: light badges' own is below AA). */
export function OrderStageBadges({ order }: { order: Order }) {
  const { t } = useTranslation('back-office-orders');
  const stage = orderStage(order);
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STAGE_COLOURS[stage]} variant="light" c="dark.7" miw="max-content">
        {t(`stage.${stage}`)}
      </Badge>
      <Badge
        color={PAYMENT_STATUS_COLOURS[order.payment_status]}
        variant="outline"
        c="dark.7"
        miw="max-content"
      >
        {t(`paymentStatus.${order.payment_status}`)}
      </Badge>
    </Group>
  );
}
